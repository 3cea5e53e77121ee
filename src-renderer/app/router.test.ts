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
    expect(parseRoute('#/recall')).toEqual({ view: 'recall', query: '', types: [] });
    expect(parseRoute('#/recall?q=friday%20deploys&type=belief,nonsense,note,belief')).toEqual({ view: 'recall', query: 'friday deploys', types: ['belief', 'note'] });
    expect(parseRoute('#/runs')).toEqual({ view: 'runs', id: null });
    expect(parseRoute('#/runs/run_1a2b')).toEqual({ view: 'runs', id: 'run_1a2b' });
    expect(parseRoute('#/memory/bl_abc123')).toEqual({ view: 'memory', id: 'bl_abc123', tab: 'details', asOf: null });
    expect(parseRoute('#/memory/bl_abc123/lineage')).toEqual({ view: 'memory', id: 'bl_abc123', tab: 'lineage', asOf: null });
    expect(parseRoute('#/memory/bl_abc123/history?asOf=2026-10-01')).toEqual({
      view: 'memory',
      id: 'bl_abc123',
      tab: 'history',
      asOf: '2026-10-01T00:00:00.000Z',
    });
    expect(parseRoute('#/memory/bl_abc123?asOf=yesterday-ish')).toMatchObject({ tab: 'details', asOf: null });
    const browser = parseRoute('#/browser?type=belief,note&q=deploy');
    expect(browser.view).toBe('browser');
    expect(browser.view === 'browser' && browser.query.get('type')).toBe('belief,note');
  });

  it('names paths it does not know instead of guessing a view', () => {
    expect(parseRoute('#/nowhere')).toEqual({ view: 'unknown', path: '/nowhere' });
    expect(parseRoute('#/memory')).toEqual({ view: 'unknown', path: '/memory' });
    expect(parseRoute('#/memory/a/b')).toEqual({ view: 'unknown', path: '/memory/a/b' });
    expect(parseRoute('#/memory/a/details')).toEqual({ view: 'unknown', path: '/memory/a/details' });
    expect(parseRoute('#/memory/a/lineage/more')).toEqual({ view: 'unknown', path: '/memory/a/lineage/more' });
    expect(parseRoute('#/runs/a/b')).toEqual({ view: 'unknown', path: '/runs/a/b' });
  });

  it('writes hashes that read back as the same route', () => {
    const memory = { view: 'memory', id: 'nt_odd id/with slash', tab: 'details', asOf: null } as const;
    expect(parseRoute(formatRoute(memory))).toEqual(memory);
    const recall = { view: 'recall', query: 'a&b c', types: ['episode', 'goal'] } as const;
    expect(parseRoute(formatRoute({ ...recall, types: [...recall.types] }))).toEqual(recall);
    for (const runs of [{ view: 'runs', id: null }, { view: 'runs', id: 'run_odd/id' }] as const) expect(parseRoute(formatRoute(runs))).toEqual(runs);
    const past = { view: 'memory', id: 'bl_1', tab: 'timeline', asOf: '2026-09-30T12:00:00.000Z' } as const;
    expect(parseRoute(formatRoute(past))).toEqual(past);
    const browser = formatRoute({ view: 'browser', query: new URLSearchParams({ q: 'a b&c', sort: 'tier' }) });
    const back = parseRoute(browser);
    expect(back.view === 'browser' && back.query.get('q')).toBe('a b&c');
    expect(formatRoute({ view: 'browser', query: new URLSearchParams() })).toBe('#/browser');
    const diff = { view: 'diff', from: '2026-09-01T00:00:00.000Z', to: '2026-10-01T00:00:00.000Z' } as const;
    expect(parseRoute(formatRoute(diff))).toEqual(diff);
    expect(formatRoute({ view: 'diff', from: null, to: null })).toBe('#/diff');
  });

  it('reads the mind diff window, dropping an unreadable end', () => {
    expect(parseRoute('#/diff')).toEqual({ view: 'diff', from: null, to: null });
    expect(parseRoute('#/diff?from=2026-09-01&to=soon')).toEqual({ view: 'diff', from: '2026-09-01T00:00:00.000Z', to: null });
  });
});
