/** Query factories of code-grounded memories (Settings → Code, a reference's diff) and of linked sources. */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { KEYS } from './queries';

export const codeReposKey = ['code-repos'] as const;
/** Under the memories root: a check or a re-verify changes which references are stale. */
export const staleRefsKey = [...KEYS.memories, 'stale-refs'] as const;
export const linkedSourcesKey = ['linked-sources'] as const;
/** How often Settings → Linked sources asks again while open: a follower in another process syncs as its agent writes. */
const SOURCES_REFRESH_MS = 5_000;

export const codeRefQueries = {
  repos: (api: ApiClient) => queryOptions({ queryKey: codeReposKey, queryFn: () => api.call('codeRefs.repos') }),
  stale: (api: ApiClient) => queryOptions({ queryKey: staleRefsKey, queryFn: () => api.call('codeRefs.stale', { limit: 50 }) }),
  diff: (api: ApiClient, id: string, refSeq: number, version: number) =>
    queryOptions({ queryKey: [...KEYS.memories, 'ref-diff', id, refSeq, version], queryFn: () => api.call('codeRefs.diff', { id, refSeq }) }),
  sources: (api: ApiClient) => queryOptions({ queryKey: linkedSourcesKey, queryFn: () => api.call('sources.list'), refetchInterval: SOURCES_REFRESH_MS }),
};
