/**
 * Query factories per domain, so every view asks for the same data under the same key, and the
 * pushed events know exactly which keys to invalidate (api/live-updates.ts).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ListRequest } from '../../shared/contract';
import { MAX_RECALL_HITS } from '../../shared/contract/recall';
import type { MemoryType } from '../../shared/model';
import type { ApiClient } from './client';

export const LIST_PAGE_SIZE = 100;

/** Key roots: events invalidate by root. */
export const KEYS = {
  app: ['app'],
  session: ['session'],
  overview: ['overview'],
  memories: ['memories'],
  settings: ['settings'],
  consolidation: ['consolidation'],
} as const;

export const appQueries = {
  info: (api: ApiClient) =>
    queryOptions({ queryKey: [...KEYS.app, 'info'], queryFn: () => api.call('app.info'), staleTime: Infinity }),
};

export const sessionQueries = {
  status: (api: ApiClient) =>
    queryOptions({ queryKey: [...KEYS.session, 'status'], queryFn: () => api.call('session.status') }),
  recent: (api: ApiClient) =>
    queryOptions({ queryKey: [...KEYS.session, 'recent'], queryFn: async () => (await api.call('session.recent')).paths }),
};

export const overviewQueries = {
  overview: (api: ApiClient) => queryOptions({ queryKey: [...KEYS.overview], queryFn: () => api.call('mind.overview') }),
};

export type ListQuery = Omit<ListRequest, 'cursor' | 'limit'>;

export const memoryQueries = {
  /** Keyset pages: each page names the cursor of the next; nothing beyond what is scrolled to is loaded. */
  list: (api: ApiClient, request: ListQuery) =>
    infiniteQueryOptions({
      queryKey: [...KEYS.memories, 'list', request],
      queryFn: ({ pageParam }) => api.call('memories.list', { ...request, cursor: pageParam, limit: LIST_PAGE_SIZE }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  /** What the agent would recall: refetched on any change to the mind, like every memory query. */
  recall: (api: ApiClient, query: string, types: readonly MemoryType[]) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'recall', query, types],
      queryFn: () => api.call('memories.recall', { query, types: types.length > 0 ? [...types] : undefined, limit: MAX_RECALL_HITS }),
    }),
  search: (api: ApiClient, query: string, limit: number) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'search', query, limit],
      queryFn: async () => (await api.call('memories.search', { query, limit })).items,
      enabled: query.trim() !== '',
    }),
  /** `asOf`: the memory as it stood then (time travel); null for now. */
  detail: (api: ApiClient, id: string, asOf: string | null = null) =>
    queryOptions({
      queryKey: asOf === null ? [...KEYS.memories, 'detail', id] : [...KEYS.memories, 'detail', id, asOf],
      queryFn: () => api.call('memories.get', asOf === null ? { id } : { id, asOf }),
    }),
  history: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: [...KEYS.memories, 'history', id],
      queryFn: () => api.call('memories.history', { id, limit: 200 }),
    }),
};

export const settingsQueries = {
  settings: (api: ApiClient) => queryOptions({ queryKey: [...KEYS.settings], queryFn: () => api.call('settings.get') }),
  /** Connected agents that lend their model, and local model servers: asked when Settings opens and on "Look again". */
  modelSources: (api: ApiClient) => queryOptions({ queryKey: [...KEYS.settings, 'model-sources'], queryFn: () => api.call('providers.discover'), staleTime: 0 }),
};

export const consolidationStatusKey = [...KEYS.consolidation, 'status'] as const;

const RUNS_PAGE_SIZE = 50;
const CHANGES_PAGE_SIZE = 200;

/** Under the consolidation key: a run finishing, or any change the app makes, refreshes them all. */
export const consolidationQueries = {
  status: (api: ApiClient) => queryOptions({ queryKey: consolidationStatusKey, queryFn: () => api.call('consolidation.status') }),
  runs: (api: ApiClient) =>
    infiniteQueryOptions({
      queryKey: [...KEYS.consolidation, 'runs'],
      queryFn: ({ pageParam }) => api.call('runs.list', { cursor: pageParam, limit: RUNS_PAGE_SIZE }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),
  changeset: (api: ApiClient, runId: string) =>
    infiniteQueryOptions({
      queryKey: [...KEYS.consolidation, 'changeset', runId],
      queryFn: ({ pageParam }) => api.call('runs.changeset', { runId, after: pageParam, limit: CHANGES_PAGE_SIZE }),
      initialPageParam: null as number | null,
      getNextPageParam: (page) => page.nextAfter,
    }),
};
