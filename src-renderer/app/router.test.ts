import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute } from './router';

describe('hash routes', () => {
  it('reads each view from its hash', () => {
    expect(parseRoute('')).toEqual({ view: 'overview' });
    expect(parseRoute('#/overview')).toEqual({ view: 'overview' });
    expect(parseRoute('#/settings')).toEqual({ view: 'settings' });
    for (const view of ['review', 'rejections', 'inbox', 'contradictions'] as const) {
      expect(parseRoute(`#/${view}`)).toEqual({ view });
      expect(formatRoute({ view })).toBe(`#/${view}`);
    }
    expect(parseRoute('#/memory/bl_abc123')).toEqual({ view: 'memory', id: 'bl_abc123' });
    const browser = parseRoute('#/browser?type=belief,note&q=deploy');
    expect(browser.view).toBe('browser');
    expect(browser.view === 'browser' && browser.query.get('type')).toBe('belief,note');
  });

  it('names paths it does not know instead of guessing a view', () => {
    expect(parseRoute('#/nowhere')).toEqual({ view: 'unknown', path: '/nowhere' });
    expect(parseRoute('#/memory')).toEqual({ view: 'unknown', path: '/memory' });
    expect(parseRoute('#/memory/a/b')).toEqual({ view: 'unknown', path: '/memory/a/b' });
  });

  it('writes hashes that read back as the same route', () => {
    const memory = { view: 'memory', id: 'nt_odd id/with slash' } as const;
    expect(parseRoute(formatRoute(memory))).toEqual(memory);
    const browser = formatRoute({ view: 'browser', query: new URLSearchParams({ q: 'a b&c', sort: 'tier' }) });
    const back = parseRoute(browser);
    expect(back.view === 'browser' && back.query.get('q')).toBe('a b&c');
    expect(formatRoute({ view: 'browser', query: new URLSearchParams() })).toBe('#/browser');
  });
});
