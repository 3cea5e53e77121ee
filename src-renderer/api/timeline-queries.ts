/**
 * Query factories for a memory through time: its confidence timeline and its changes (History).
 * Keyed under the memories root, so any change to a memory refetches them (api/live-updates.ts).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ConfidenceTrails, MAX_TRAIL_IDS } from '../../shared/contract/timeline';
import type { ApiClient } from './client';
import { KEYS } from './queries';

/** The History view shows this many changes at first (the newest). */
export const CHANGES_PAGE = 200;

const TRAILS_KEPT_MS = 10_000;

export const timelineQueries = {
  timeline: (api: ApiClient, id: string, asOf: string | null) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'timeline', id, asOf],
      queryFn: () => api.call('memories.timeline', { id, ...(asOf === null ? {} : { asOf }) }),
    }),
  /**
   * The confidence trails of one loaded page of Browser rows, in one call (two for a page patched past
   * MAX_TRAIL_IDS). Keyed by the page's ids: a page whose rows a live patch moved asks again, the
   * others stay, and live-rows refreshes a page holding a changed memory. The previous answer stays
   * shown meanwhile, so the rows that did not change keep their trails.
   */
  trails: (api: ApiClient, ids: readonly string[], asOf: string | null) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'trails', ids, asOf],
      queryFn: async (): Promise<ConfidenceTrails> => {
        const trails: ConfidenceTrails['trails'] = {};
        for (let start = 0; start < ids.length; start += MAX_TRAIL_IDS) {
          const chunk = ids.slice(start, start + MAX_TRAIL_IDS);
          Object.assign(trails, (await api.call('memories.confidenceTrails', { ids: chunk, ...(asOf === null ? {} : { asOf }) })).trails);
        }
        return { trails };
      },
      placeholderData: keepPreviousData,
      // The Browser re-renders when a page's trails change, not on each fetch's start and end (live patches fetch often).
      notifyOnChangeProps: ['data'],
      // A page's ids change with every live patch: the answers for ids no page holds any more are dropped soon.
      gcTime: TRAILS_KEPT_MS,
      enabled: ids.length > 0,
    }),
  changes: (api: ApiClient, id: string, asOf: string | null, limit = CHANGES_PAGE) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'changes', id, asOf, limit],
      queryFn: () => api.call('memories.changes', { id, limit, ...(asOf === null ? {} : { asOf }) }),
    }),
};
