/**
 * When named memories change, only what shows them is refreshed: each open list asks where the
 * changed rows now sit (`memories.locate`) and patches them in place, a detail view of one of them
 * reloads, and the pages nobody changed are not fetched again. Lists no window shows are marked
 * stale (they reload when shown). Patches of one list run one at a time, ids arriving meanwhile
 * are gathered into the next, and a patch waits for a page being loaded to land first. While a
 * person scrolls, patches wait for a pause (at most SCROLL_WAIT_LIMIT_MS), so what arrives meanwhile
 * lands as one patch rather than one every poll.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListRequest } from '../../shared/contract';
import { MAX_LOCATE_IDS, type Placement } from '../../shared/contract/live';
import { type ScrollActivity, scrollActivity } from '../components/scroll-activity';
import { createTimers } from '../components/timers';
import type { ApiClient } from './client';
import { type ListData, pageBounds, patchPages } from './list-patch';
import { KEYS } from './queries';

/** Per-memory queries: refreshed only when their memory is among the changed. */
const PER_MEMORY = new Set(['detail', 'history']);
const SETTLE_POLL_MS = 50;
const SETTLE_LIMIT_MS = 10_000;
/** A list whose pages changed under its patch (other than by loading more) is tried again this often, then reloaded. */
const ATTEMPTS = 3;
/** Scrolling counts as paused after this long without a scroll event… */
const SCROLL_PAUSE_MS = 150;
/** …and a patch waits for the pause this long at most: a list stays live during a long scroll. */
const SCROLL_WAIT_LIMIT_MS = 2_000;

export interface LiveRows {
  /** `upTo`: the journal position the change is complete up to (`mind.changed`). */
  memoriesChanged(ids: readonly string[], upTo?: number): void;
  /** Stops waiting on loading pages: the app is letting go of the live updates. */
  dispose(): void;
}

interface PendingList {
  ids: Set<string>;
  /** The furthest journal position the gathered changes reach. */
  upTo: number | undefined;
  running: boolean;
}

export function createLiveRows(api: Pick<ApiClient, 'call'>, queryClient: QueryClient, scrolling: Pick<ScrollActivity, 'sinceScroll'> = scrollActivity): LiveRows {
  const pending = new Map<string, PendingList>();
  const timers = createTimers();

  const reload = (key: QueryKey) => void queryClient.invalidateQueries({ queryKey: key, exact: true });

  /** Waits until the list is not loading a page: a page in flight may hold rows from before the change. */
  const settled = async (key: QueryKey): Promise<boolean> => {
    const started = Date.now();
    while (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
      if (Date.now() - started > SETTLE_LIMIT_MS) return false;
      await timers.sleep(SETTLE_POLL_MS);
    }
    return true;
  };

  /** Waits while the person is scrolling, up to the limit. */
  const scrollPaused = async (): Promise<void> => {
    const started = Date.now();
    for (let since = scrolling.sinceScroll(); since < SCROLL_PAUSE_MS && Date.now() - started < SCROLL_WAIT_LIMIT_MS; since = scrolling.sinceScroll()) {
      await timers.sleep(SCROLL_PAUSE_MS - since);
    }
  };

  const locate = async (request: ListRequest, ids: readonly string[], upTo: number | undefined, bounds: (string | null)[]): Promise<Placement[]> => {
    const placements: Placement[] = [];
    for (let start = 0; start < ids.length; start += MAX_LOCATE_IDS) {
      const chunk = ids.slice(start, start + MAX_LOCATE_IDS);
      const answer = await api.call('memories.locate', { filter: request.filter, sort: request.sort, direction: request.direction, ids: chunk, bounds, upTo });
      placements.push(...answer.placements);
    }
    return placements;
  };

  /**
   * Placements fit the pages they were worked out for. Pages loaded meanwhile by scrolling (only
   * appended: the earlier pages are the very same objects) lose their copies of the changed rows,
   * and a row that sorted beyond the old last page is located again against the longer list.
   */
  const patchList = async (key: QueryKey, ids: readonly string[], upTo: number | undefined): Promise<void> => {
    const request = key[2] as ListRequest;
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      if (!(await settled(key))) break;
      const before = queryClient.getQueryData<ListData>(key);
      if (before === undefined) return;
      const placements = await locate(request, ids, upTo, pageBounds(before));
      // A page load in flight would land on the pages it started from and drop the patch.
      if (!(await settled(key))) break;
      const current = queryClient.getQueryData<ListData>(key);
      if (current === undefined) return;
      if (current !== before && !onlyAppended(before, current)) continue;
      const patched = patchPages(current, placements);
      if (patched === null) break;
      queryClient.setQueryData<ListData>(key, patched);
      const lengthened = current.pages.length > before.pages.length;
      if (!lengthened || placements.every((p) => p.item === null || p.page !== null)) return;
    }
    reload(key);
  };

  const drain = async (hash: string, key: QueryKey): Promise<void> => {
    const list = pending.get(hash) as PendingList;
    list.running = true;
    while (list.ids.size > 0) {
      await scrollPaused();
      const ids = [...list.ids];
      const upTo = list.upTo;
      list.ids.clear();
      try {
        await patchList(key, ids, upTo);
      } catch {
        // The locate call failed (the host went away, a page cursor went stale): load the list afresh.
        reload(key);
      }
    }
    list.running = false;
    pending.delete(hash);
  };

  const patchLater = (query: Query, ids: readonly string[], upTo: number | undefined) => {
    const list = pending.get(query.queryHash) ?? { ids: new Set<string>(), upTo: undefined, running: false };
    pending.set(query.queryHash, list);
    for (const id of ids) list.ids.add(id);
    list.upTo = upTo === undefined ? list.upTo : Math.max(upTo, list.upTo ?? 0);
    if (!list.running) void drain(query.queryHash, query.queryKey);
  };

  return {
    memoriesChanged(ids, upTo) {
      const changed = new Set(ids);
      for (const query of queryClient.getQueryCache().findAll({ queryKey: KEYS.memories })) {
        const [, kind, subject] = query.queryKey;
        if (kind === 'list' && isLiveList(subject) && query.state.data !== undefined) {
          if (query.getObserversCount() > 0) patchLater(query, ids, upTo);
          else void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
        } else if (kind === 'trails') {
          // One page's trails each: only the pages holding a changed memory ask again (a past instant's never change).
          const [, , , asOf] = query.queryKey;
          if (asOf === null && (subject as readonly string[]).some((id) => changed.has(id))) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
        } else if (!PER_MEMORY.has(kind as string) || changed.has(subject as string)) {
          void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
        }
      }
    },
    dispose: timers.dispose,
  };
}

/** Whether `after` is `before` with pages added at the end (scrolling loaded more), nothing else changed. */
function onlyAppended(before: ListData, after: ListData): boolean {
  return after.pages.length > before.pages.length && before.pages.every((page, i) => after.pages[i] === page);
}

/** A list of the mind as it is now (a list as of a past instant does not change). */
function isLiveList(request: unknown): request is ListRequest {
  return typeof request === 'object' && request !== null && (request as ListRequest).asOf === undefined;
}
