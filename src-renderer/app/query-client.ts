/** The QueryClient the app makes per mount (so each test and each window starts empty). */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors';

/** Failures worth a second try: the host briefly unreachable, or the store busy with a writer. */
const TRANSIENT = new Set(['unreachable', 'store_busy']);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // IPC and loopback HTTP do not depend on the browser's idea of being online.
        networkMode: 'always',
        // Pushed events invalidate what changed, so answers stay fresh without polling.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && isApiError(error) && TRANSIENT.has(error.code),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
