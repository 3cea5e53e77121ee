/** Query factories of import and export: which kinds of import this build has. */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';

export const interopQueries = {
  kinds: (api: ApiClient) => queryOptions({ queryKey: ['interop', 'kinds'], queryFn: () => api.call('interop.kinds'), staleTime: Infinity }),
};
