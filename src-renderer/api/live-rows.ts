/**
 * When named memories change, only what shows them is refreshed: each open list asks where the
 * changed rows now sit (`memories.locate`) and patches them in place, a detail view of one of them
 * reloads, and the pages nobody changed are not fetched again. Lists no window shows are marked
 * stale (they reload when shown). Patches of one list run one at a time, ids arriving meanwhile
 * are gathered into the next, and a patch waits for a page being loaded to land first.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../shared/contract';
import { MAX_LOCATE_IDS, type Placement } from '../../shared/contract/live';
import type { ApiClient } from './client';
import { type ListData, pageBounds, patchPages } from './list-patch';
import { KEYS } from './queries';

/** Per-memory queries: refreshed only when their memory is among the changed. */
const PER_MEMORY = new Set(['detail', 'history']);
const SETTLE_POLL_MS = 50;
const SETTLE_LIMIT_MS = 10_000;
/** A list whose pages changed while its patch was being worked out is tried again this often, then reloaded. */
const ATTEMPTS = 3;

export interface LiveRows {
  memoriesChanged(ids: readonly string[]): void;
}

interface PendingList {
  ids: Set<string>;
  running: boolean;
}

export function createLiveRows(api: Pick<ApiClient, 'call'>, queryClient: QueryClient): LiveRows {
  const pending = new Map<string, PendingList>();

  const reload = (key: QueryKey) => void queryClient.invalidateQueries({ queryKey: key, exact: true });

  /** Waits until the list is not loading a page: a page in flight may hold rows from before the change. */
  const settled = async (key: QueryKey): Promise<boolean> => {
    const started = Date.now();
    while (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
      if (Date.now() - started > SETTLE_LIMIT_MS) return false;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
    return true;
  };

  const locate = async (request: ListRequest, ids: readonly string[], bounds: (string | null)[]): Promise<Placement[]> => {
    const placements: Placement[] = [];
    for (let start = 0; start < ids.length; start += MAX_LOCATE_IDS) {
      const chunk = ids.slice(start, start + MAX_LOCATE_IDS);
      const answer = await api.call('memories.locate', { filter: request.filter, sort: request.sort, direction: request.direction, ids: chunk, bounds });
      placements.push(...answer.placements);
    }
    return placements;
  };

  const patchList = async (key: QueryKey, ids: readonly string[]): Promise<void> => {
    const request = key[2] as ListRequest;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      if (!(await settled(key))) break;
      const before = queryClient.getQueryData<ListData>(key);
      if (before === undefined) return;
      const placements = await locate(request, ids, pageBounds(before));
      if (queryClient.getQueryData<ListData>(key) !== before) continue;
      const patched = patchPages(before, placements);
      if (patched === null) break;
      queryClient.setQueryData<ListData>(key, patched);
      return;
    }
    reload(key);
  };

  const drain = async (hash: string, key: QueryKey): Promise<void> => {
    const list = pending.get(hash) as PendingList;
    list.running = true;
    while (list.ids.size > 0) {
      const ids = [...list.ids];
      list.ids.clear();
      try {
        await patchList(key, ids);
      } catch {
        // The locate call failed (the host went away, a page cursor went stale): load the list afresh.
        reload(key);
      }
    }
    list.running = false;
    pending.delete(hash);
  };

  const patchLater = (query: Query, ids: readonly string[]) => {
    const list = pending.get(query.queryHash) ?? { ids: new Set<string>(), running: false };
    pending.set(query.queryHash, list);
    for (const id of ids) list.ids.add(id);
    if (!list.running) void drain(query.queryHash, query.queryKey);
  };

  return {
    memoriesChanged(ids) {
      const changed = new Set(ids);
      for (const query of queryClient.getQueryCache().findAll({ queryKey: KEYS.memories })) {
        const [, kind, subject] = query.queryKey;
        if (kind === 'list' && isLiveList(subject) && query.state.data !== undefined) {
          if (query.getObserversCount() > 0) patchLater(query, ids);
          else void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
        } else if (!PER_MEMORY.has(kind as string) || changed.has(subject as string)) {
          void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
        }
      }
    },
  };
}

/** A list of the mind as it is now (a list as of a past instant does not change). */
function isLiveList(request: unknown): request is ListRequest {
  return typeof request === 'object' && request !== null && (request as ListRequest).asOf === undefined;
}
