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
        page.items.map((item) => item.id),
        asOf,
      ),
    ),
    combine: mergeTrails,
  });
}

/** Stable (module level), so the merged record is made again only when a page's answer changes. */
function mergeTrails(results: UseQueryResult<ConfidenceTrails>[]): Record<string, readonly number[]> {
  return Object.assign({}, ...results.map((result) => result.data?.trails ?? {})) as Record<string, readonly number[]>;
}
