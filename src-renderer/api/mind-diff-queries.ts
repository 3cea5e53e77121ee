/** Query factories of the mind diff: counts per category, and a category's pages. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DiffCategory } from '../../shared/mind-diff';
import type { ApiClient } from './client';
import { KEYS } from './queries';

export const DIFF_PAGE_SIZE = 50;

/** A window: `to` null runs to now. */
const windowOf = (from: string, to: string | null) => (to === null ? { from } : { from, to });

/** Under the memories root: a change to the mind makes a diff that runs to now stale. */
export const mindDiffQueries = {
  counts: (api: ApiClient, from: string, to: string | null) =>
    queryOptions({ queryKey: [...KEYS.memories, 'diff', 'counts', from, to], queryFn: () => api.call('diff.counts', windowOf(from, to)) }),
  page: (api: ApiClient, from: string, to: string | null, category: DiffCategory) =>
    infiniteQueryOptions({
      queryKey: [...KEYS.memories, 'diff', 'page', from, to, category],
      queryFn: ({ pageParam }) => api.call('diff.page', { ...windowOf(from, to), category, cursor: pageParam, limit: DIFF_PAGE_SIZE }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
};
