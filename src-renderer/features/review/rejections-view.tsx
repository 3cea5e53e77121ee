/** #/rejections: every never-learn-again rejection with its reason; revoking one lets consolidation learn it again. */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Rejection } from '../../../shared/contract/review';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { hrefOf } from '../../app/router';
import { LoadMore } from '../../components/load-more';
import { Empty, ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../components/toasts';
import { useUndo } from '../undo/use-undo';

type Which = 'active' | 'revoked';

export function RejectionsView() {
  const api = useApi();
  const [which, setWhich] = useState<Which>('active');
  const list = useInfiniteQuery(editingQueries.rejections(api, which));
  const items = (list.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <div className="rejections">
      <header className="view-head">
        <h1 tabIndex={-1}>Rejections</h1>
        <a href={hrefOf.editing('review')}>Back to Review</a>
      </header>
      <p className="dim">
        A rejected statement is never learned again: consolidation drops a candidate with the same words, or one too close to them.
      </p>
      <div className="tabs" role="group" aria-label="Which rejections">
        <button type="button" aria-pressed={which === 'active'} onClick={() => setWhich('active')}>
          In force
        </button>
        <button type="button" aria-pressed={which === 'revoked'} onClick={() => setWhich('revoked')}>
          Revoked
        </button>
      </div>
      {list.isPending ? (
        <Loading label="Loading rejections…" />
      ) : list.isError ? (
        <ErrorState error={list.error} title="Could not load the rejections" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={which === 'active' ? 'No rejections in force' : 'Nothing was revoked'} />
      ) : (
        <ul className="rejection-list" aria-label={which === 'active' ? 'Rejections in force' : 'Revoked rejections'}>
          {items.map((rejection) => (
            <RejectionRow key={rejection.seq} rejection={rejection} />
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </div>
  );
}

function RejectionRow({ rejection }: { rejection: Rejection }) {
  const api = useApi();
  const toast = useToast();
  const { done, refresh } = useUndo();
  const revoke = useMutation({
    mutationFn: () => api.call('rejections.revoke', { seq: rejection.seq }),
    onSuccess: (result) => {
      refresh();
      done('Revoked: consolidation may learn it again.', result.action);
    },
    onError: (error) => toast.error(error, 'Could not revoke'),
  });
  return (
    <li className="card rejection" data-rejection={rejection.seq}>
      <p className="rejection-text">{rejection.text === '' ? <span className="dim">(forgotten: only its fingerprint is kept)</span> : rejection.text}</p>
      <p>
        <strong>Why:</strong> {rejection.reason}
      </p>
      <p className="dim">
        Rejected <TimeAgo iso={rejection.createdAt} />
        {rejection.memoryId !== null && (
          <>
            {' '}
            · <a href={hrefOf.memory(rejection.memoryId)}>{rejection.memoryId}</a>
          </>
        )}
        {rejection.revokedAt !== null && (
          <>
            {' '}
            · revoked <TimeAgo iso={rejection.revokedAt} />
          </>
        )}
      </p>
      {rejection.revokedAt === null && (
        <button type="button" onClick={() => revoke.mutate()} disabled={revoke.isPending} aria-label={`Revoke the rejection of: ${rejection.text}`}>
          Revoke
        </button>
      )}
    </li>
  );
}
