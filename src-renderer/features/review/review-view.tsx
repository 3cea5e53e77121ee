/**
 * #/review: what consolidation and agents inferred, waiting for a person, in priority order.
 * Keyboard first (j/k move, a approve, e edit, m merge, r reject, s skip, x select, u undo, ? keys):
 * a decision takes the item away at once and the next one is already on screen.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { QueueItem } from '../../../shared/contract/review';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { describeError, isApiError } from '../../api/errors';
import { settingsQueries } from '../../api/queries';
import { hrefOf } from '../../app/router';
import { count, percent } from '../../components/format';
import { useShortcuts } from '../../components/keys';
import { BulkBar } from '../../components/bulk-bar';
import { useSelection } from '../../components/use-selection';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useUndo } from '../undo/use-undo';
import { BulkDialog, type BulkAction, type BulkItem } from './bulk-dialog';
import { KeysDialog, MergeDialog, REVIEW_KEYS, RejectDialog } from './review-dialogs';
import { ReviewItemCard, textOf, whatOf } from './review-item';
import { type Decision, useDecide, withoutItems } from './review-mutations';

type OpenDialog = { kind: 'reject' } | { kind: 'merge' } | { kind: 'keys' } | { kind: 'bulk'; action: BulkAction } | null;

/** Load the next page when the current item gets this close to the end of what is loaded. */
const LOOKAHEAD = 5;

export function ReviewView() {
  const api = useApi();
  const queue = useInfiniteQuery(editingQueries.queue(api));
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (queue.data?.pages ?? []).flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));
  }, [queue.data]);
  const total = queue.data?.pages[0]?.total ?? 0;

  return (
    <div className="review">
      <header className="view-head review-head">
        <h1 tabIndex={-1}>Review</h1>
        {queue.isSuccess && (
          <span className="dim" data-testid="review-total">
            {count(total)} waiting
          </span>
        )}
        <AutoApproveNote />
        <a href={hrefOf.editing('rejections')}>Rejections</a>
      </header>
      <p className="dim review-order">
        Highest priority first: (1 + pieces of evidence) × confidence; ties, the oldest first. Press <kbd>?</kbd> for the keys.
      </p>
      {queue.isPending ? (
        <Loading label="Loading the review queue…" />
      ) : queue.isError ? (
        <ErrorState error={queue.error} title="Could not load the review queue" onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <Empty title="Nothing waits for review">
          What consolidation infers, and what agents write as inferences, waits here until you approve it.
        </Empty>
      ) : (
        <Queue items={items} hasMore={queue.hasNextPage} loadMore={() => void queue.fetchNextPage()} loadingMore={queue.isFetchingNextPage} />
      )}
    </div>
  );
}

function AutoApproveNote() {
  const api = useApi();
  const settings = useQuery(settingsQueries.settings(api));
  const rule = settings.data?.settings.review;
  if (rule === undefined) return null;
  return (
    <span className="dim">
      Auto-approve:{' '}
      {rule.autoApprove ? `on, from ${percent(rule.minConfidence)} confidence and ${rule.minEvidence} evidence` : 'off'} (
      <a href={hrefOf.settings()}>Settings</a>)
    </span>
  );
}

function Queue({ items, hasMore, loadMore, loadingMore }: { items: readonly QueueItem[]; hasMore: boolean; loadMore(): void; loadingMore: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { done, refresh } = useUndo();
  const [currentId, setCurrentId] = useState<string | null>(null);
  const selection = useSelection();
  const { selected, toggle, clear } = selection;
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const index = Math.max(0, items.findIndex((item) => item.id === currentId));
  const current = items[index] as QueueItem;
  /**
   * Each item's version as it was first painted as the current one: a decision acts on that, so an
   * agent's edit landing while the item is on screen (even one repainted just before the key) is a
   * conflict to read, never a silent decision on words the person did not read. After a conflict,
   * the version its banner names is the one seen.
   */
  const [seen, setSeen] = useState<ReadonlyMap<string, number>>(new Map());
  const markSeen = (id: string, version: number) => setSeen((known) => new Map(known).set(id, version));
  useEffect(() => {
    if (current.kind === 'memory' && !seen.has(current.id)) markSeen(current.id, current.memory.version);
  }, [current, seen]);
  const seenVersion = seen.get(current.id);
  const changedSinceSeen = current.kind === 'memory' && seenVersion !== undefined && seenVersion !== current.memory.version;

  const decide = useDecide({
    onRefused: (decision, error) => {
      const actual = isApiError(error) ? error.details?.['actualVersion'] : undefined;
      if (typeof actual === 'number') markSeen(decision.item.id, actual);
      setCurrentId(decision.item.id);
      const { code, message } = describeError(error);
      setConflict(
        code === 'version_conflict' || code === 'invalid_state'
          ? `This item changed meanwhile (an agent edited it, another window decided it, or consolidation revised it). Nothing was changed. ${message}`
          : `${code}: ${message}`,
      );
    },
  });

  const bulk = useMutation({
    mutationFn: ({ action, reason, requested }: { action: BulkAction; reason: string | undefined; requested: readonly BulkItem[] }) =>
      api.call('review.bulk', { action, reason, items: [...requested] }),
    onSuccess: (summary) => {
      const queueKey = editingQueries.queue(api).queryKey;
      queryClient.setQueryData(queueKey, (data) => withoutItems(data, new Set(summary.ids)));
      clear();
      setDialog(null);
      done(summary.lines.join(' '), summary.action);
      refresh();
    },
    onError: (error) => {
      setDialog(null);
      setConflict(describeError(error).message);
      refresh();
    },
  });

  // The list follows the current item; more is loaded before the end is reached.
  useEffect(() => {
    document.querySelector(`[data-queue-id="${CSS.escape(current.id)}"]`)?.scrollIntoView({ block: 'nearest' });
    if (hasMore && !loadingMore && index >= items.length - LOOKAHEAD) loadMore();
  }, [current.id, index, items, hasMore, loadingMore, loadMore]);
  // The next item's evidence is fetched while this one is read, so moving on paints at once; not
  // while a decision is on its way (the host answers one call at a time: the decision goes first).
  const deciding = decide.isPending;
  const nextId = items[index + 1]?.id;
  useEffect(() => {
    if (nextId !== undefined && !deciding) void queryClient.prefetchQuery(editingQueries.detail(api, nextId));
  }, [nextId, deciding, queryClient, api]);

  const move = (step: number) => {
    const target = items[Math.min(items.length - 1, Math.max(0, index + step))];
    if (target !== undefined) setCurrentId(target.id);
    setEditing(false);
  };
  /** Decides the current item and moves on to the next before the answer arrives. */
  const decideCurrent = (decision: Decision) => {
    setConflict(null);
    setDialog(null);
    setEditing(false);
    setCurrentId((items[index + 1] ?? items[index - 1])?.id ?? null);
    decide.mutate({ ...decision, expectedVersion: seen.get(decision.item.id) });
  };
  const actions = {
    approve: () => decideCurrent({ kind: 'approve', item: current }),
    edit: () => current.kind === 'memory' && setEditing(true),
    merge: () => current.kind === 'memory' && setDialog({ kind: 'merge' }),
    reject: () => setDialog({ kind: 'reject' }),
    skip: () => {
      setSkipped(new Set(skipped).add(current.id));
      move(1);
    },
  };
  useShortcuts(
    {
      j: () => move(1),
      k: () => move(-1),
      a: actions.approve,
      e: actions.edit,
      m: actions.merge,
      r: actions.reject,
      s: actions.skip,
      x: () => toggle(current.id),
      '?': () => setDialog({ kind: 'keys' }),
    },
    !editing,
  );
  const chosen = items.filter((item) => selected.has(item.id));

  return (
    <>
      {conflict !== null && (
        <div className="conflict-banner" role="alert">
          <p>
            <code className="error-code">conflict</code> {conflict}
          </p>
          <button type="button" onClick={() => setConflict(null)}>
            Dismiss
          </button>
        </div>
      )}
      {changedSinceSeen && current.kind === 'memory' && (
        <div className="conflict-banner" role="status" data-testid="changed-since-seen">
          <p>This item changed while you were looking at it (version {seenVersion} then, {current.memory.version} now). Read it again: a decision on the version you first saw is refused.</p>
          <button type="button" onClick={() => markSeen(current.id, current.memory.version)}>
            I have read the new version
          </button>
        </div>
      )}
      <BulkBar label="Bulk decisions" hint="Select items (x) to decide several at once." selection={selection} ids={items.map((item) => item.id)}>
        <button type="button" className="primary" onClick={() => setDialog({ kind: 'bulk', action: 'approve' })}>
          Approve selected…
        </button>
        <button type="button" className="danger-button" onClick={() => setDialog({ kind: 'bulk', action: 'reject' })}>
          Reject selected…
        </button>
      </BulkBar>
      <div className="review-body">
        <ol className="review-list" aria-label="Waiting for review">
          {items.map((item) => (
            <li key={item.id} data-queue-id={item.id} className={item.id === current.id ? 'is-current' : undefined} aria-current={item.id === current.id ? 'true' : undefined}>
              <input type="checkbox" checked={selected.has(item.id)} onChange={() => toggle(item.id)} aria-label={`Select ${textOf(item)}`} />
              <button type="button" className="review-list-item" onClick={() => setCurrentId(item.id)}>
                <span className={`badge badge-what what-${item.what}`}>{whatOf(item)}</span>
                <span className="review-list-text">{textOf(item)}</span>
                {skipped.has(item.id) && <span className="badge">skipped</span>}
              </button>
            </li>
          ))}
          {hasMore && (
            <li className="review-more">
              <button type="button" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </button>
            </li>
          )}
        </ol>
        <ReviewItemCard
          key={current.id}
          item={current}
          editing={editing}
          busy={decide.isPending && decide.variables?.item.id === current.id}
          actions={actions}
          onEditDone={(edit) => {
            if (edit === null) setEditing(false);
            else decideCurrent({ kind: 'editAndApprove', item: current, ...edit });
          }}
        />
      </div>
      {dialog?.kind === 'reject' && (
        <RejectDialog item={current} onClose={() => setDialog(null)} onReject={(reason) => decideCurrent({ kind: 'reject', item: current, reason })} />
      )}
      {dialog?.kind === 'merge' && current.kind === 'memory' && (
        <MergeDialog
          item={current}
          onClose={() => setDialog(null)}
          onMerge={(target) => decideCurrent({ kind: 'merge', item: current, into: target.id, intoVersion: target.version })}
        />
      )}
      {dialog?.kind === 'keys' && <KeysDialog keys={REVIEW_KEYS} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bulk' && (
        <BulkDialog
          action={dialog.action}
          items={chosen}
          seen={seen}
          busy={bulk.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(reason, requested) => bulk.mutate({ action: dialog.action, reason, requested })}
        />
      )}
    </>
  );
}
