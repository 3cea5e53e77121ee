import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appUrlCheck, externalLinkTarget } from './navigation-policy';

const index = join('/opt', 'Mindloom app', 'out', 'renderer', 'index.html');
const page = pathToFileURL(index).href;

describe('the app page check (IPC sender frames)', () => {
  it('accepts the bundled page with any route in its fragment', () => {
    const isApp = appUrlCheck(index, undefined);
    expect(page).toContain('Mindloom%20app');
    for (const url of [page, `${page}#/overview`, `${page}#/memory/bl_1?x=1`, `${page}?token=x#/browser`]) {
      expect(isApp(url), url).toBe(true);
    }
  });

  it('refuses another file, a look-alike path, another scheme and junk', () => {
    const isApp = appUrlCheck(index, undefined);
    const elsewhere = [
      pathToFileURL(join('/opt', 'Mindloom app', 'out', 'renderer', 'other.html')).href,
      `${page}.html`,
      `${page}/`,
      page.replace('file://', 'https://'),
      pathToFileURL(join('/tmp', 'index.html')).href,
      'about:blank',
      'data:text/html,<h1>hi</h1>',
      '',
      'not a url',
    ];
    for (const url of elsewhere) expect(isApp(url), url).toBe(false);
  });

  it('in development accepts only the dev server’s origin', () => {
    const isApp = appUrlCheck(index, 'http://localhost:5173/');
    expect(isApp('http://localhost:5173/#/browser')).toBe(true);
    expect(isApp('http://localhost:5173/index.html')).toBe(true);
    for (const url of ['http://localhost:5174/', 'http://127.0.0.1:5173/', 'https://localhost:5173/', page, 'http://localhost:5173.evil.example/']) {
      expect(isApp(url), url).toBe(false);
    }
  });
});

describe('links handed to the person’s browser', () => {
  it('hands on https pages', () => {
    expect(externalLinkTarget('https://example.com/docs?a=1#b')).toBe('https://example.com/docs?a=1#b');
  });

  it('keeps everything else in (other schemes, credentials in the address, junk)', () => {
    const refused = [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://server/share',
      'mailto:someone@example.com',
      'https://user:secret@example.com/',
      'https://user@example.com/',
      'not a url',
      '',
    ];
    for (const url of refused) expect(externalLinkTarget(url), url).toBeNull();
  });
});
