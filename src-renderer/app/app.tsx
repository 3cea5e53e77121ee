/** The app root: one API client and one query cache per mount, live updates, and the session gate. */
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ApiClient, ApiProvider, createApiClient, useApi } from '../api/client';
import { connectLiveUpdates } from '../api/live-updates';
import { sessionQueries } from '../api/queries';
import { pickTransport, type Transport } from '../api/transport';
import { ErrorState, Loading } from '../components/states';
import { ToastProvider } from '../components/toasts';
import { prefetchMemoryPage } from '../features/memory/memory-tabs';
import { SessionErrorView, WelcomeView } from '../features/welcome/welcome-view';
import { ErrorBoundary } from './error-boundary';
import { createQueryClient } from './query-client';
import { parseRoute } from './router';
import { Shell } from './shell';

export function App({ transport }: { transport?: Transport }) {
  const [api] = useState(() => createApiClient(transport ?? pickTransport()));
  const [queryClient] = useState(createQueryClient);
  useEffect(() => connectLiveUpdates(api, queryClient), [api, queryClient]);
  useEffect(() => prefetchOnNavigation(api, queryClient), [api, queryClient]);
  return (
    <ApiProvider value={api}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ErrorBoundary title="Mindloom failed">
            <SessionGate />
          </ErrorBoundary>
        </ToastProvider>
      </QueryClientProvider>
    </ApiProvider>
  );
}

/**
 * On each change of the address, starts fetching what the new page shows before React renders it.
 * Registered at the root, before the router's own listener (the shell mounts later), so the calls
 * are on their way while the route renders; the views' queries then find them in flight.
 */
function prefetchOnNavigation(api: ApiClient, queryClient: QueryClient): () => void {
  const onChange = () => prefetchMemoryPage(queryClient, api, parseRoute(window.location.hash));
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** No mind open: welcome. A mind that failed to open: say why. Otherwise the app. */
function SessionGate() {
  const api = useApi();
  const session = useQuery(sessionQueries.status(api));
  if (session.isPending) {
    return (
      <main id="main" className="welcome">
        <Loading label="Starting…" />
      </main>
    );
  }
  if (session.isError) {
    return (
      <main id="main" className="welcome">
        <ErrorState error={session.error} title="Mindloom cannot reach its mind" onRetry={() => void session.refetch()} />
      </main>
    );
  }
  switch (session.data.state) {
    case 'none':
      return <WelcomeView />;
    case 'error':
      return <SessionErrorView status={session.data} />;
    case 'open':
      return <Shell />;
  }
}
