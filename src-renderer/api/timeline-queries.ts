/**
 * Query factories for a memory through time: its confidence timeline and its changes (History).
 * Keyed under the memories root, so any change to a memory refetches them (api/live-updates.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { KEYS } from './queries';

/** The History view shows this many changes at first (the newest). */
export const CHANGES_PAGE = 200;

export const timelineQueries = {
  timeline: (api: ApiClient, id: string, asOf: string | null) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'timeline', id, asOf],
      queryFn: () => api.call('memories.timeline', { id, ...(asOf === null ? {} : { asOf }) }),
    }),
  changes: (api: ApiClient, id: string, asOf: string | null, limit = CHANGES_PAGE) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'changes', id, asOf, limit],
      queryFn: () => api.call('memories.changes', { id, limit, ...(asOf === null ? {} : { asOf }) }),
    }),
};
