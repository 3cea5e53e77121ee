/**
 * #/inbox: raw captures nobody has processed, newest first. Each is promoted (to an episode, a
 * note or a belief, from a form that starts with its words) or dismissed (archived); several at
 * once with the same decision. Keys: j/k move, p promote, d dismiss, x select, u undo, ? keys.
 */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MemorySummary } from '../../../shared/contract';
import type { MemoryType } from '../../../shared/model';
import { PROMOTION_PATHS } from '../../../shared/rules/promotion';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { count } from '../../components/format';
import { useShortcuts } from '../../components/keys';
import { BulkBar } from '../../components/bulk-bar';
import { useSelection } from '../../components/use-selection';
import { Empty, ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../components/toasts';
import { PromoteDialog } from '../memory/promote-dialog';
import { KeysDialog } from '../review/review-dialogs';
import { useUndo } from '../undo/use-undo';

const INBOX_KEYS: readonly [string, string][] = [
  ['j / k', 'next / previous capture'],
  ['p', 'promote…'],
  ['d', 'dismiss (archive)'],
  ['x', 'select for a batch'],
  ['u', 'undo the last action'],
  ['?', 'show these keys'],
];

export function InboxView() {
  const api = useApi();
  const inbox = useInfiniteQuery(editingQueries.inbox(api));
  const items = (inbox.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <div className="inbox">
      <header className="view-head">
        <h1 tabIndex={-1}>Inbox</h1>
        {inbox.isSuccess && <span className="dim">{items.length === 0 ? 'empty' : `newest first${inbox.hasNextPage ? '' : `, ${count(items.length)} in all`}`}</span>}
      </header>
      <p className="dim">
        Raw captures from agents and conversations, waiting to become episodes, notes or beliefs. Press <kbd>?</kbd> for the keys.
      </p>
      {inbox.isPending ? (
        <Loading label="Loading the inbox…" />
      ) : inbox.isError ? (
        <ErrorState error={inbox.error} title="Could not load the inbox" onRetry={() => void inbox.refetch()} />
      ) : items.length === 0 ? (
        <Empty title="The inbox is empty">Raw captures land here until someone promotes or dismisses them.</Empty>
      ) : (
        <Captures items={items} hasMore={inbox.hasNextPage} loadMore={() => void inbox.fetchNextPage()} />
      )}
    </div>
  );
}

function Captures({ items, hasMore, loadMore }: { items: readonly MemorySummary[]; hasMore: boolean; loadMore(): void }) {
  const api = useApi();
  const toast = useToast();
  const { done, refresh } = useUndo();
  const [currentId, setCurrentId] = useState<string | null>(null);
  const selection = useSelection();
  const { selected, toggle, clear } = selection;
  const [promoting, setPromoting] = useState<MemorySummary | null>(null);
  const [keys, setKeys] = useState(false);
  const [batchTo, setBatchTo] = useState<MemoryType>('episode');
  const index = Math.max(0, items.findIndex((item) => item.id === currentId));
  const current = items[index] as MemorySummary;

  useEffect(() => {
    document.querySelector(`[data-capture-id="${CSS.escape(current.id)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current.id]);

  const asItems = (chosen: readonly MemorySummary[]) => chosen.map((m) => ({ id: m.id, expectedVersion: m.version }));
  const dismiss = useMutation({
    mutationFn: (chosen: readonly MemorySummary[]) => api.call('inbox.dismiss', { items: asItems(chosen) }),
    onSuccess: (result) => {
      clear();
      refresh();
      done(`Dismissed ${result.dismissed.length === 1 ? result.dismissed[0] : `${result.dismissed.length} captures`} (archived).`, result.action);
    },
    onError: (error) => toast.error(error, 'Could not dismiss'),
  });
  const promoteMany = useMutation({
    mutationFn: (chosen: readonly MemorySummary[]) => api.call('inbox.promoteMany', { items: asItems(chosen), to: batchTo }),
    onSuccess: (result) => {
      clear();
      refresh();
      done(`Promoted ${result.created.length} to ${batchTo}: ${result.created.join(', ')}.`, result.action);
    },
    onError: (error) => toast.error(error, 'Could not promote'),
  });
  const move = (step: number) => setCurrentId(items[Math.min(items.length - 1, Math.max(0, index + step))]?.id ?? null);
  const dismissOne = (item: MemorySummary) => {
    setCurrentId((items[items.indexOf(item) + 1] ?? items[items.indexOf(item) - 1])?.id ?? null);
    dismiss.mutate([item]);
  };
  useShortcuts({
    j: () => move(1),
    k: () => move(-1),
    p: () => setPromoting(current),
    d: () => dismissOne(current),
    x: () => toggle(current.id),
    '?': () => setKeys(true),
  });
  const chosen = items.filter((item) => selected.has(item.id));

  return (
    <>
      <BulkBar label="Batch triage" hint="Select captures (x) to triage several at once." selection={selection} ids={items.map((item) => item.id)}>
        <label className="inline-field">
          Promote to{' '}
          <select value={batchTo} onChange={(event) => setBatchTo(event.target.value as MemoryType)}>
            {PROMOTION_PATHS.raw.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="primary" onClick={() => promoteMany.mutate(chosen)} disabled={promoteMany.isPending}>
          Promote {selected.size}
        </button>
        <button type="button" onClick={() => dismiss.mutate(chosen)} disabled={dismiss.isPending}>
          Dismiss {selected.size}
        </button>
      </BulkBar>
      <ol className="capture-list" aria-label="Raw captures, newest first">
        {items.map((item) => (
          <li key={item.id} data-capture-id={item.id} className={`card capture${item.id === current.id ? ' is-current' : ''}`} aria-current={item.id === current.id ? 'true' : undefined}>
            <input type="checkbox" checked={selected.has(item.id)} onChange={() => toggle(item.id)} aria-label={`Select ${item.content}`} />
            <div className="capture-body" onClick={() => setCurrentId(item.id)}>
              <p className="capture-text">{item.content}</p>
              <p className="dim">
                <SourceLine fields={item.fields} /> <TimeAgo iso={item.createdAt} /> · <code>{item.id}</code>
              </p>
            </div>
            <div className="actions">
              <button type="button" onClick={() => setPromoting(item)}>
                Promote…
              </button>
              <button type="button" onClick={() => dismissOne(item)} disabled={dismiss.isPending}>
                Dismiss
              </button>
            </div>
          </li>
        ))}
      </ol>
      {hasMore && (
        <button type="button" onClick={loadMore}>
          Load more
        </button>
      )}
      {promoting !== null && <PromoteDialog source={promoting} onClose={() => setPromoting(null)} />}
      {keys && <KeysDialog keys={INBOX_KEYS} onClose={() => setKeys(false)} />}
    </>
  );
}

function SourceLine({ fields }: { fields: Record<string, unknown> }) {
  const source = fields.source as { role?: string; conversationId?: string } | undefined;
  if (source === undefined) return null;
  const parts = [source.role, source.conversationId === undefined ? undefined : `conversation ${source.conversationId}`].filter(Boolean);
  return parts.length === 0 ? null : <span>{parts.join(', ')} ·</span>;
}
