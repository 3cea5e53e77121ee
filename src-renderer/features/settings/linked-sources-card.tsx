/**
 * Settings → Linked sources: each store this mind keeps importing from (`mindloom import
 * kernle|engram|alexandria PATH --follow`), when it last synced, what the last sync that brought anything brought, and a
 * failure when the last try failed. Refreshed every few seconds while open: the follower writes
 * from its own process.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { LinkedSourceView } from '../../../shared/contract/linked-sources';
import { useApi } from '../../api/client';
import { codeRefQueries, linkedSourcesKey } from '../../api/code-refs-queries';
import { ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../components/toasts';

export function LinkedSourcesCard() {
  const api = useApi();
  const sources = useQuery(codeRefQueries.sources(api));
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId} data-testid="linked-sources-card">
      <h2 id={titleId}>Linked sources</h2>
      {sources.isPending ? (
        <Loading />
      ) : sources.isError ? (
        <ErrorState error={sources.error} title="Could not list the linked sources" onRetry={() => void sources.refetch()} />
      ) : sources.data.sources.length === 0 ? (
        <p className="dim">
          None. <code>mindloom import kernle|engram|alexandria PATH --follow</code> keeps a Kernle, Engram or Alexandria database linked: what its agent writes arrives here as it writes.
        </p>
      ) : (
        <ul className="source-list" aria-label="Linked sources">
          {sources.data.sources.map((source) => (
            <SourceItem key={`${source.system}:${source.path}`} source={source} />
          ))}
        </ul>
      )}
    </section>
  );
}

function broughtWords(change: NonNullable<LinkedSourceView['lastChange']>): string {
  const added = Object.entries(change.added).map(([type, n]) => `${n} ${type}${n === 1 ? '' : 's'}`);
  const parts = [...(added.length > 0 ? [`${added.join(', ')} added`] : []), ...(change.updated > 0 ? [`${change.updated} updated`] : [])];
  if (change.kept > 0) parts.push(`${change.kept} changed on both sides (Mindloom's edit kept)`);
  return parts.join('; ');
}

function SourceItem({ source }: { source: LinkedSourceView }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const unlink = useMutation({
    mutationFn: () => api.call('sources.unlink', { system: source.system, path: source.path }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: linkedSourcesKey });
      toast.success(`Unlinked ${source.path}; what it brought stays.`);
    },
    onError: (error) => toast.error(error, 'Could not unlink the source'),
  });
  return (
    <li data-testid="linked-source">
      <span className="badge">{source.system}</span> <code>{source.path}</code>
      {source.container !== null && <span className="dim"> (stack {source.container})</span>}
      <div>
        Last synced {source.lastSyncedAt === null ? <span className="dim">never</span> : <TimeAgo iso={source.lastSyncedAt} />}
        {source.lastChange !== null && source.lastChangeAt !== null && (
          <>
            {' '}
            · last change <TimeAgo iso={source.lastChangeAt} />: {broughtWords(source.lastChange)}
          </>
        )}
      </div>
      <div className="dim">
        In all: {source.totals.added} added, {source.totals.updated} updated, {source.totals.kept} kept
      </div>
      {source.lastError !== null && <p className="form-error">Last try failed: {source.lastError}</p>}
      <button type="button" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
        Unlink
      </button>
    </li>
  );
}
