/**
 * #/contradictions, the workbench: open contradictions (found by the rules, by a model, or flagged
 * by hand), each pair side by side with its evidence, confidence and tier, settled one of five
 * ways; settled ones stay listed with how, and can be reopened. A scan of the whole mind runs from
 * here with its progress. Keys: j/k move, u undo, ? keys.
 */
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ContradictionCase } from '../../../shared/contract/contradictions';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { count, percent } from '../../components/format';
import { useShortcuts } from '../../components/keys';
import { Empty, ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../components/toasts';
import { KeysDialog } from '../review/review-dialogs';
import { useUndo } from '../undo/use-undo';
import { CaseSide } from './case-side';
import { ResolvePanel } from './resolve-panel';

type Which = 'open' | 'settled';

const KEYS: readonly [string, string][] = [
  ['j / k', 'next / previous contradiction'],
  ['u', 'undo the last action'],
  ['?', 'show these keys'],
];

export function ContradictionsView() {
  const api = useApi();
  const [which, setWhich] = useState<Which>('open');
  const list = useInfiniteQuery(editingQueries.contradictions(api, which));
  const items = (list.data?.pages ?? []).flatMap((page) => page.items);
  const first = list.data?.pages[0];
  return (
    <div className="contradictions">
      <header className="view-head">
        <h1 tabIndex={-1}>Contradictions</h1>
        <ScanControl />
      </header>
      <div className="tabs" role="group" aria-label="Which contradictions">
        <button type="button" aria-pressed={which === 'open'} onClick={() => setWhich('open')}>
          Open{first !== undefined && ` (${count(first.open)})`}
        </button>
        <button type="button" aria-pressed={which === 'settled'} onClick={() => setWhich('settled')}>
          Resolved{first !== undefined && ` (${count(first.settled)})`}
        </button>
      </div>
      {list.isPending ? (
        <Loading label="Loading contradictions…" />
      ) : list.isError ? (
        <ErrorState error={list.error} title="Could not load the contradictions" onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={which === 'open' ? 'No open contradictions' : 'Nothing resolved yet'}>
          {which === 'open' ? 'Scan the mind to look for them, or flag two memories from a memory’s page.' : undefined}
        </Empty>
      ) : (
        <Workbench key={which} items={items} hasMore={list.hasNextPage} loadMore={() => void list.fetchNextPage()} />
      )}
    </div>
  );
}

function ScanControl() {
  const api = useApi();
  const toast = useToast();
  const scan = useQuery(editingQueries.scan(api));
  const start = useMutation({ mutationFn: () => api.call('contradictions.scan'), onError: (error) => toast.error(error, 'Could not start the scan') });
  const cancel = useMutation({ mutationFn: () => api.call('contradictions.cancelScan') });
  const state = scan.data;
  if (state?.running) {
    return (
      <div className="scan-progress" role="status" aria-live="polite">
        <label>
          Scanning: {count(state.scanned)} beliefs compared{' '}
          <progress max={1} value={state.fraction} aria-label="Scan progress">
            {percent(state.fraction)}
          </progress>{' '}
          {percent(state.fraction)}
        </label>
        <button type="button" onClick={() => cancel.mutate()}>
          Cancel scan
        </button>
      </div>
    );
  }
  return (
    <div className="scan-progress" role="status" aria-live="polite">
      <button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
        Scan for contradictions
      </button>
      {state?.finished === 'done' && (
        <span className="dim">
          Last scan: {count(state.scanned)} beliefs compared, {count(state.recorded)} new found.
        </span>
      )}
      {state?.finished === 'cancelled' && <span className="dim">The last scan was cancelled after {count(state.scanned)} beliefs; what it found is kept.</span>}
      {state?.finished === 'failed' && <span className="danger">The last scan failed: {state.error}</span>}
    </div>
  );
}

function Workbench({ items, hasMore, loadMore }: { items: readonly ContradictionCase[]; hasMore: boolean; loadMore(): void }) {
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [keys, setKeys] = useState(false);
  const index = Math.max(0, items.findIndex((item) => item.id === currentId));
  const current = items[index] as ContradictionCase;
  const move = (step: number) => setCurrentId(items[Math.min(items.length - 1, Math.max(0, index + step))]?.id ?? null);
  useShortcuts({ j: () => move(1), k: () => move(-1), '?': () => setKeys(true) });
  useEffect(() => {
    document.querySelector(`[data-case-id="${CSS.escape(current.id)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current.id]);
  return (
    <div className="review-body">
      <ol className="review-list" aria-label="Contradictions">
        {items.map((item) => (
          <li key={item.id} data-case-id={item.id} className={item.id === current.id ? 'is-current' : undefined} aria-current={item.id === current.id ? 'true' : undefined}>
            <button type="button" className="review-list-item" onClick={() => setCurrentId(item.id)}>
              <span className="badge">{item.kind}</span>
              <span className="review-list-text">
                {item.a.memory.content} <span className="versus">vs</span> {item.b.memory.content}
              </span>
              {item.resolution !== null && <span className="badge badge-resolution">{item.resolution}</span>}
            </button>
          </li>
        ))}
        {hasMore && (
          <li className="review-more">
            <button type="button" onClick={loadMore}>
              Load more
            </button>
          </li>
        )}
      </ol>
      <CaseCard key={current.id} item={current} onSettled={() => setCurrentId((items[index + 1] ?? items[index - 1])?.id ?? null)} />
      {keys && <KeysDialog keys={KEYS} onClose={() => setKeys(false)} />}
    </div>
  );
}

function CaseCard({ item, onSettled }: { item: ContradictionCase; onSettled(): void }) {
  const api = useApi();
  const toast = useToast();
  const { done, refresh } = useUndo();
  const reopen = useMutation({
    mutationFn: () => api.call('contradictions.reopen', { id: item.id }),
    onSuccess: (result) => {
      refresh();
      done(`Reopened ${item.id}: it is open again (what its resolution changed stays; Undo takes that back).`, result.action);
      onSettled();
    },
    onError: (error) => toast.error(error, 'Could not reopen'),
  });
  return (
    <article className="card case" aria-labelledby="case-title" data-contradiction-id={item.id}>
      <header className="review-item-head">
        <h2 id="case-title">
          Contradiction <code>{item.id}</code>
        </h2>
        <span className="badge">{item.kind}</span>
        <span className="dim">
          {item.detector === 'user' ? 'flagged by hand' : `found by ${item.detector}`}, <TimeAgo iso={item.detectedAt} />
        </span>
      </header>
      {item.note !== null && <p className="note">{item.note}</p>}
      <div className="case-sides">
        <CaseSide label="A" side={item.a} />
        <CaseSide label="B" side={item.b} />
      </div>
      {item.status === 'open' ? (
        <ResolvePanel item={item} onResolved={onSettled} />
      ) : (
        <section className="case-resolved" aria-label="Resolution">
          <p>
            <strong>{item.status === 'acknowledged' ? 'Acknowledged' : 'Resolved'}</strong> as <span className="badge badge-resolution">{item.resolution}</span>
            {item.resolvedBy !== null && <> by {item.resolvedBy}</>}
            {item.resolvedAt !== null && (
              <>
                {' '}
                <TimeAgo iso={item.resolvedAt} />
              </>
            )}
          </p>
          <button type="button" onClick={() => reopen.mutate()} disabled={reopen.isPending}>
            Reopen
          </button>
        </section>
      )}
    </article>
  );
}
