/** Query factories of the Lineage view: a memory's lineage graph (under the memories root, so any change refreshes it). */
import { queryOptions } from '@tanstack/react-query';
import type { LineageRequest } from '../../shared/contract/lineage';
import type { ApiClient } from './client';
import { KEYS } from './queries';

export const lineageQueries = {
  graph: (api: ApiClient, request: LineageRequest) =>
    queryOptions({ queryKey: [...KEYS.memories, 'lineage', request], queryFn: () => api.call('memories.lineage', request) }),
};
