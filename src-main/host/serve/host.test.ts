import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MindEvent } from '../../../shared/contract';
import { waitFor, writeSmallMind } from '../../api/api-test-support';
import { editMemory } from '../../mind/edit';
import { openMind } from '../../mind/mind';
import { MAX_BODY_BYTES, startHost } from './host';
import { CONTENT_SECURITY_POLICY } from './security-headers';
import { rawRequest, readEvents, startTestHost, TEST_INDEX, type TestHost } from './host-test-support';

let t: TestHost;
let mindDir: string;
let mindPath: string;
let ids: ReturnType<typeof writeSmallMind>;

beforeEach(async () => {
  mindDir = mkdtempSync(join(tmpdir(), 'mindloom-host-mind-'));
  mindPath = join(mindDir, 'small.mindloom');
  ids = writeSmallMind(mindPath);
  t = await startTestHost({ mindPath, pollMs: 100 });
});
afterEach(async () => {
  await t.dispose();
  rmSync(mindDir, { recursive: true, force: true });
});

describe('access', () => {
  it('listens on loopback only and prints an address that carries the token', () => {
    expect(t.host.url).toBe(`http://127.0.0.1:${t.host.port}/?token=${t.host.token}`);
    expect(Buffer.from(t.host.token, 'base64url')).toHaveLength(32);
  });

  it('answers 401 without the token: the API, the events, the assets and the page', async () => {
    const api = await fetch(`${t.base}/api/call/session.status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    for (const path of ['/api/events', '/assets/app.js', '/', '/?token=wrong', '/index.html']) {
      expect((await fetch(`${t.base}${path}`)).status, path).toBe(401);
    }
    const wrongBearer = await fetch(`${t.base}/assets/app.js`, { headers: { authorization: 'Bearer nope' } });
    expect(wrongBearer.status).toBe(401);
  });

  it('lets the page in with the token once, then by its HttpOnly SameSite=Strict cookie', async () => {
    const entry = await fetch(t.host.url);
    expect(entry.status).toBe(200);
    expect(await entry.text()).toBe(TEST_INDEX);
    expect(entry.headers.get('cache-control')).toBe('no-store');
    const cookie = entry.headers.get('set-cookie') ?? '';
    expect(cookie).toBe(`mindloom_token_${t.host.port}=${t.host.token}; HttpOnly; SameSite=Strict; Path=/`);
    const jar = { cookie: cookie.split(';')[0] as string };
    const asset = await fetch(`${t.base}/assets/app.js`, { headers: jar });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await asset.text()).toBe('console.log("app");');
    // An app route falls back to the page.
    expect(await (await fetch(`${t.base}/memories/bl_1`, { headers: jar })).text()).toBe(TEST_INDEX);
    const call = await fetch(`${t.base}/api/call/session.status`, {
      method: 'POST',
      headers: { ...jar, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await call.json()).toEqual({ ok: true, value: { state: 'open', path: mindPath, name: 'small', isDemo: false } });
  });

  it('names its cookie by its port, so two hosts on 127.0.0.1 keep their own tokens', async () => {
    // Browsers share cookies across ports of one host name: with one cookie name, signing in to a
    // second host would overwrite the first host's token and sign its page out.
    const second = await startTestHost();
    try {
      const cookieOf = async (url: string) => ((await fetch(url)).headers.get('set-cookie') ?? '').split(';')[0] as string;
      const jar = `${await cookieOf(t.host.url)}; ${await cookieOf(second.host.url)}`;
      for (const { base } of [t, second]) {
        expect((await fetch(`${base}/assets/app.js`, { headers: { cookie: jar } })).status, base).toBe(200);
      }
      // The other host's cookie alone signs nobody in here.
      const othersOnly = await fetch(`${t.base}/assets/app.js`, { headers: { cookie: await cookieOf(second.host.url) } });
      expect(othersOnly.status).toBe(401);
    } finally {
      await second.dispose();
    }
  });

  it('sends the security headers on every response', async () => {
    for (const response of [await fetch(t.host.url), await fetch(`${t.base}/api/events/nope`)]) {
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('sends the same policy as the renderer’s own meta tag', () => {
    const page = readFileSync(fileURLToPath(new URL('../../../src-renderer/index.html', import.meta.url)), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(page)?.[1];
    expect(meta).toBeDefined();
    // Identical, apart from frame-ancestors, which browsers ignore in a meta tag.
    expect(CONTENT_SECURITY_POLICY).toBe(`${meta}; frame-ancestors 'none'`);
  });

  it('refuses a foreign Host header (DNS rebinding) and a foreign Origin, even with the token', async () => {
    const auth = { authorization: `Bearer ${t.host.token}` };
    expect((await rawRequest(t.host.port, { path: '/', headers: { ...auth, host: `evil.example:${t.host.port}` } })).status).toBe(403);
    expect((await rawRequest(t.host.port, { path: '/', headers: { ...auth, host: '127.0.0.1:1' } })).status).toBe(403);
    expect((await rawRequest(t.host.port, { path: '/', headers: { ...auth, host: `localhost:${t.host.port}` } })).status).toBe(200);
    const crossSite = await rawRequest(t.host.port, {
      path: '/api/call/session.status',
      method: 'POST',
      headers: { ...auth, origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(crossSite.status).toBe(403);
  });

  it('serves nothing outside the renderer folder', async () => {
    const auth = { authorization: `Bearer ${t.host.token}` };
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/missing.js', '/%00.js']) {
      const response = await rawRequest(t.host.port, { path, headers: auth });
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('outside the renderer');
    }
  });
});

describe('calls', () => {
  it('answers a call with its CallResult', async () => {
    const { status, body } = await t.call('memories.get', { id: ids.belief });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, value: { id: ids.belief, type: 'belief' } });
    expect((await t.call('memories.get', { id: 'bl_nope' })).body).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a body over the limit, a payload that is not JSON, and the wrong content type', async () => {
    const auth = { authorization: `Bearer ${t.host.token}` };
    const huge = await fetch(`${t.base}/api/call/memories.search`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const broken = await fetch(`${t.base}/api/call/session.status`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"not json',
    });
    expect(broken.status).toBe(400);
    const form = await fetch(`${t.base}/api/call/session.status`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
    const get = await fetch(`${t.base}/api/call/session.status`, { headers: auth });
    expect(get.status).toBe(405);
    // Still answering.
    expect((await t.call('session.status', {})).body).toMatchObject({ ok: true });
  });
});

describe('events', () => {
  it('streams mind.changed after another connection writes to the mind', async () => {
    const events: MindEvent[] = [];
    const stream = await readEvents(`${t.base}/api/events`, t.host.token, events);
    try {
      expect(stream.status).toBe(200);
      const agent = openMind(mindPath);
      try {
        editMemory(agent, ids.note, { content: 'an agent wrote this' }, { actor: 'agent:test', expectedVersion: 1 });
      } finally {
        agent.close();
      }
      await waitFor(() => events.some((e) => e.type === 'mind.changed' && e.payload.origin === 'outside'), 'mind.changed over SSE');
      const outside = events.find((e) => e.type === 'mind.changed' && e.payload.origin === 'outside')?.payload;
      expect(outside).toEqual({ origin: 'outside', ids: [ids.note], upTo: expect.any(Number) });
      await t.call('memories.setProtected', { id: ids.note, protected: true });
      await waitFor(() => events.some((e) => e.type === 'mind.changed' && e.payload.origin === 'app'), 'the app’s own change');
      const app = events.find((e) => e.type === 'mind.changed' && e.payload.origin === 'app')?.payload as { upTo: number };
      expect(app).toEqual({ origin: 'app', ids: [ids.note], upTo: expect.any(Number) });
      expect(app.upTo).toBeGreaterThan((outside as { upTo: number }).upTo);
    } finally {
      stream.stop();
    }
  });

  it('ends open streams when the host closes', async () => {
    const other = await startTestHost();
    const events: MindEvent[] = [];
    const stream = await readEvents(`${other.base}/api/events`, other.host.token, events);
    expect(stream.status).toBe(200);
    await other.dispose();
    await expect(fetch(`${other.base}/`)).rejects.toThrow();
  });
});

describe('starting', () => {
  it('says to build when the renderer is missing', async () => {
    await expect(startHost({ rendererDir: join(mindDir, 'no-renderer') })).rejects.toThrow('run npm run build');
  });

  it('shows a bad mind file as the session error, and starts anyway', async () => {
    const bad = await startTestHost({ mindPath: join(mindDir, 'missing.mindloom') });
    try {
      expect((await bad.call('session.status', {})).body).toMatchObject({ ok: true, value: { state: 'error', code: 'not_found' } });
    } finally {
      await bad.dispose();
    }
  });
});
