/** Query factories of the trust features: what forgetting would do, and the mind's backups. */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { KEYS } from './queries';

/** Under the memories root: any change to the mind makes an open impact stale. */
export const forgetImpactKey = (id: string, version: number) => [...KEYS.memories, 'forget-impact', id, version] as const;
export const backupsKey = ['backups'] as const;

export const trustQueries = {
  forgetImpact: (api: ApiClient, id: string, version: number) =>
    queryOptions({ queryKey: forgetImpactKey(id, version), queryFn: () => api.call('memories.forgetImpact', { id }) }),
  backups: (api: ApiClient) => queryOptions({ queryKey: backupsKey, queryFn: () => api.call('mind.backups') }),
};
