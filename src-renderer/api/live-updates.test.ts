import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
