import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListPage, ListRequest } from '../../shared/contract';
import type { ApiClient } from './client';
import { createLiveRows } from './live-rows';
import { applySignal } from './live-updates';
import { KEYS } from './queries';

function seeded() {
  const client = new QueryClient();
  client.setQueryData([...KEYS.app, 'info'], { version: '1' });
  client.setQueryData([...KEYS.session, 'status'], { state: 'open', path: '/a.mindloom', name: 'a', isDemo: false });
  client.setQueryData([...KEYS.memories, 'detail', 'bl_1'], { id: 'bl_1' });
  client.setQueryData([...KEYS.overview], { total: 1 });
  client.setQueryData([...KEYS.settings], { apiKeySet: false });
  return client;
}
const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('pushed events keep the cache honest', () => {
  it('a change to the mind invalidates memories and counts, not settings or the session', () => {
    const client = seeded();
    applySignal(client, { type: 'mind.changed', payload: { origin: 'outside' } });
    expect(invalidated(client, [...KEYS.memories, 'detail', 'bl_1'])).toBe(true);
    expect(invalidated(client, [...KEYS.overview])).toBe(true);
    expect(invalidated(client, [...KEYS.settings])).toBe(false);
    expect(invalidated(client, [...KEYS.session, 'status'])).toBe(false);
  });

  it('a new session replaces the status and forgets everything about the previous mind', () => {
    const client = seeded();
    const next = { state: 'open', path: '/b.mindloom', name: 'b', isDemo: true } as const;
    applySignal(client, { type: 'session.changed', payload: next });
    expect(client.getQueryData([...KEYS.session, 'status'])).toEqual(next);
    expect(client.getQueryData([...KEYS.memories, 'detail', 'bl_1'])).toBeUndefined();
    expect(client.getQueryData([...KEYS.settings])).toBeUndefined();
    expect(client.getQueryData([...KEYS.app, 'info'])).toEqual({ version: '1' });
  });

  it('a reconnect after missed events invalidates everything', () => {
    const client = seeded();
    applySignal(client, { type: 'transport.resync' });
    for (const query of client.getQueryCache().getAll()) expect(query.state.isInvalidated).toBe(true);
  });

  it('a change to named memories refreshes the trails of the pages holding them, not the others nor the past', () => {
    const client = seeded();
    const pageWith = [...KEYS.memories, 'trails', ['bl_1', 'bl_2'], null];
    const pageWithout = [...KEYS.memories, 'trails', ['bl_3'], null];
    const pastPage = [...KEYS.memories, 'trails', ['bl_1'], '2025-01-01T00:00:00.000Z'];
    for (const key of [pageWith, pageWithout, pastPage]) client.setQueryData(key, { trails: {} });
    // No list is loaded, so nothing is located: the host is never asked (every call is recorded).
    const asked: string[] = [];
    const call = (...[method]: [string, ...unknown[]]) => (asked.push(method), Promise.reject(new Error(`${method}: no host in this test`)));
    const rows = createLiveRows({ call }, client);
    applySignal(client, { type: 'mind.changed', payload: { origin: 'outside', ids: ['bl_2'] } }, rows);
    expect([pageWith, pageWithout, pastPage].map((key) => invalidated(client, key))).toEqual([true, false, false]);
    expect(asked).toEqual([]);
  });
});

describe('live rows while a person scrolls', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A Browser list on screen (one observer), a host that records what it is asked to locate, and a scroll clock the test moves. */
  function scrolledList() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const client = new QueryClient();
    const request: ListRequest = { sort: 'created', direction: 'desc' };
    const key = [...KEYS.memories, 'list', request];
    const page: ListPage = { items: [], nextCursor: null, text: null };
    client.setQueryData(key, { pages: [page], pageParams: [null] });
    const stopObserving = new QueryObserver(client, { queryKey: key, enabled: false }).subscribe(() => {});
    let scrolledAt = Date.now();
    const scrolling = { sinceScroll: () => Date.now() - scrolledAt };
    const located: string[][] = [];
    const call = ((_method: string, asked: { ids: string[] }) => {
      located.push(asked.ids);
      return Promise.resolve({ placements: [] });
    }) as unknown as ApiClient['call'];
    const rows = createLiveRows({ call }, client, scrolling);
    return { rows, located, scroll: () => (scrolledAt = Date.now()), stop: () => (rows.dispose(), stopObserving()) };
  }

  it('holds a patch back until the scrolling pauses, then sends what arrived meanwhile as one', async () => {
    const { rows, located, scroll, stop } = scrolledList();
    rows.memoriesChanged(['nt_1']);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(100);
      scroll();
      if (i === 2) rows.memoriesChanged(['nt_2']);
    }
    expect(located).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(located).toEqual([['nt_1', 'nt_2']]);
    stop();
  });

  it('patches during a long scroll all the same, after two seconds at most', async () => {
    const { rows, located, scroll, stop } = scrolledList();
    rows.memoriesChanged(['nt_1']);
    for (let elapsed = 0; elapsed < 1_900; elapsed += 100) {
      await vi.advanceTimersByTimeAsync(100);
      scroll();
    }
    expect(located).toEqual([]);
    for (let elapsed = 0; elapsed < 300; elapsed += 100) {
      await vi.advanceTimersByTimeAsync(100);
      scroll();
    }
    expect(located).toEqual([['nt_1']]);
    stop();
  });

  it('patches at once when nobody is scrolling', async () => {
    const { rows, located, stop } = scrolledList();
    await vi.advanceTimersByTimeAsync(1_000);
    rows.memoriesChanged(['nt_1']);
    await vi.advanceTimersByTimeAsync(0);
    expect(located).toEqual([['nt_1']]);
    stop();
  });
});
