/**
 * Query factories for the editing views: the review queue and its items, rejections, the inbox,
 * contradictions, the scan, and the attention counts the navigation shows. One key root, so a
 * change pushed from main refreshes all of them (api/live-updates.ts).
 */
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';

export const EDITING_KEY = ['editing'] as const;
export const REVIEW_PAGE_SIZE = 50;

export const scanStateKey = [...EDITING_KEY, 'scan'] as const;

/**
 * After a change: lists and counts refetch; an item's evidence and neighbours (costly, and
 * rarely what changed) are only marked stale, refetched when shown again; the scan's state comes
 * by its own events.
 */
export function refreshEditing(queryClient: QueryClient): void {
  const costly = ['detail', 'nearest', 'supersede'];
  void queryClient.invalidateQueries({ queryKey: EDITING_KEY, predicate: (q) => q.queryKey[1] !== 'scan' && !costly.includes(String(q.queryKey[1])) });
  void queryClient.invalidateQueries({ queryKey: EDITING_KEY, predicate: (q) => costly.includes(String(q.queryKey[1])), refetchType: 'none' });
}

export const editingQueries = {
  attention: (api: ApiClient) => queryOptions({ queryKey: [...EDITING_KEY, 'attention'], queryFn: () => api.call('attention.counts') }),
  queue: (api: ApiClient) =>
    infiniteQueryOptions({
      queryKey: [...EDITING_KEY, 'queue'],
      queryFn: ({ pageParam }) => api.call('review.queue', { cursor: pageParam, limit: REVIEW_PAGE_SIZE }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  detail: (api: ApiClient, id: string) =>
    queryOptions({ queryKey: [...EDITING_KEY, 'detail', id], queryFn: () => api.call('review.detail', { id }) }),
  nearest: (api: ApiClient, id: string) =>
    queryOptions({ queryKey: [...EDITING_KEY, 'nearest', id], queryFn: async () => (await api.call('review.nearest', { id })).items }),
  rejections: (api: ApiClient, status: 'active' | 'revoked' | 'all') =>
    infiniteQueryOptions({
      queryKey: [...EDITING_KEY, 'rejections', status],
      queryFn: ({ pageParam }) => api.call('rejections.list', { status, cursor: pageParam, limit: 100 }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  inbox: (api: ApiClient) =>
    infiniteQueryOptions({
      queryKey: [...EDITING_KEY, 'inbox'],
      queryFn: ({ pageParam }) => api.call('inbox.list', { cursor: pageParam, limit: 100 }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  contradictions: (api: ApiClient, which: 'open' | 'settled') =>
    infiniteQueryOptions({
      queryKey: [...EDITING_KEY, 'contradictions', which],
      queryFn: ({ pageParam }) => api.call('contradictions.list', { which, cursor: pageParam, limit: 50 }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  scan: (api: ApiClient) => queryOptions({ queryKey: scanStateKey, queryFn: () => api.call('contradictions.scanState') }),
  supersedeImpact: (api: ApiClient, id: string) =>
    queryOptions({ queryKey: [...EDITING_KEY, 'supersede', id], queryFn: () => api.call('editing.supersedePreview', { id }) }),
};
