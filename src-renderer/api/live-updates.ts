/**
 * Keeps the cache honest: pushed events invalidate the queries they make stale, so a change by this
 * app, by an agent writing to the same file, or a new session shows up without a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import type { ConsolidationStatus } from '../../shared/contract';
import { refreshEditing, scanStateKey } from './editing-queries';
import { createLiveRows, type LiveRows } from './live-rows';
import { consolidationStatusKey, KEYS } from './queries';
import type { TransportSignal } from './transport';

/**
 * `rows` refreshes just the memories a change names; without it (or when a change does not say
 * which memories it touched) every memory query is refetched.
 */
export function applySignal(queryClient: QueryClient, signal: TransportSignal, rows?: LiveRows): void {
  switch (signal.type) {
    case 'mind.changed': {
      void queryClient.invalidateQueries({ queryKey: KEYS.overview });
      void queryClient.invalidateQueries({ queryKey: KEYS.consolidation });
      refreshEditing(queryClient);
      const ids = signal.payload.ids;
      if (ids === undefined || rows === undefined) void queryClient.invalidateQueries({ queryKey: KEYS.memories });
      else if (ids.length > 0) rows.memoriesChanged(ids, signal.payload.upTo);
      return;
    }
    case 'session.changed':
      queryClient.setQueryData([...KEYS.session, 'status'], signal.payload);
      forgetTheMind(queryClient);
      return;
    case 'consolidation.progress':
      // Hundreds of these arrive per run: the status is patched in place, not fetched each time.
      queryClient.setQueryData(consolidationStatusKey, (status: ConsolidationStatus | undefined) =>
        status === undefined ? status : { ...status, state: 'running', runId: signal.payload.runId, progress: { stage: signal.payload.stage, done: signal.payload.done, total: signal.payload.total } },
      );
      return;
    case 'consolidation.finished':
      void queryClient.invalidateQueries({ queryKey: KEYS.consolidation });
      void queryClient.invalidateQueries({ queryKey: KEYS.memories });
      void queryClient.invalidateQueries({ queryKey: KEYS.overview });
      refreshEditing(queryClient);
      return;
    case 'contradictions.scan':
      queryClient.setQueryData(scanStateKey, signal.payload);
      return;
    case 'transport.resync':
      // Events sent while the connection was down are gone: everything may be stale.
      void queryClient.invalidateQueries();
      return;
  }
}

/** Another mind is open (or none): drop every answer about the previous one, keep app and session. */
export function forgetTheMind(queryClient: QueryClient): void {
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== KEYS.app[0] && query.queryKey[0] !== KEYS.session[0],
  });
  void queryClient.invalidateQueries({ queryKey: [...KEYS.session, 'recent'] });
}

export function connectLiveUpdates(api: ApiClient, queryClient: QueryClient): () => void {
  const rows = createLiveRows(api, queryClient);
  const unsubscribe = api.subscribe((signal) => applySignal(queryClient, signal, rows));
  return () => {
    unsubscribe();
    rows.dispose();
  };
}
