/** The Browser's confidence trails: one batched call per loaded page of rows, merged for the grid by memory id. */
import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import type { ListPage } from '../../../shared/contract';
import type { ConfidenceTrails } from '../../../shared/contract/timeline';
import { useApi } from '../../api/client';
import { timelineQueries } from '../../api/timeline-queries';

const NO_PAGES: readonly ListPage[] = [];

export function useRowTrails(pages: readonly ListPage[] | undefined, asOf: string | null): Readonly<Record<string, readonly number[]>> {
  const api = useApi();
  return useQueries({
    queries: (pages ?? NO_PAGES).map((page) =>
      timelineQueries.trails(
        api,
        page.items.filter(mayHaveMoved).map((item) => item.id),
        asOf,
      ),
    ),
    combine: mergeTrails,
  });
}

/**
 * A memory still at its first version never changed, so it has no trail to ask for. This also keeps
 * a page's key (its ids) still while an agent adds memories into it: new rows need no refetch.
 */
function mayHaveMoved(item: ListPage['items'][number]): boolean {
  return item.version > 1;
}

/** Stable (module level), so the merged record is made again only when a page's answer changes. */
function mergeTrails(results: UseQueryResult<ConfidenceTrails>[]): Record<string, readonly number[]> {
  return Object.assign({}, ...results.map((result) => result.data?.trails ?? {})) as Record<string, readonly number[]>;
}
