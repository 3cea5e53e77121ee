/**
 * A memory's journal, newest first: who did what, when and why, how confidence moved, and each
 * changed field as a word-level diff. On the History tab a field a person edits by hand can be
 * taken back to what it held before a change: a new entry, never a rewrite of this list.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REVERTIBLE_FIELDS, type ChangeEntry, type RevertibleField } from '../../../shared/contract/timeline';
import { useApi } from '../../api/client';
import { CHANGES_PAGE, timelineQueries } from '../../api/timeline-queries';
import { percent, words } from '../../components/format';
import { TimeAgo } from '../../components/time-ago';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useToast } from '../../components/toasts';
import { FieldDiff } from '../history/word-diff';
import { useAfterChange } from './memory-mutations';

/** Keys whose value differs between before and after (bookkeeping keys left out). */
const BOOKKEEPING = new Set(['version', 'updatedAt']);
function changedKeys(entry: ChangeEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !BOOKKEEPING.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/** The memory as it now stands, when its fields may be reverted from this list. */
export interface RevertTarget {
  version: number;
  type: string;
}

export function HistoryList({ id, asOf, revert }: { id: string; asOf: string | null; revert?: RevertTarget | undefined }) {
  const api = useApi();
  const [limit, setLimit] = useState(CHANGES_PAGE);
  const history = useQuery(timelineQueries.changes(api, id, asOf, limit));
  const [newest, setNewest] = useState<number | null>(null);
  return (
    <section className="card history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {history.isPending ? (
        <Loading label="Loading history…" />
      ) : history.isError ? (
        <ErrorState error={history.error} title="Could not load the history" onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <Empty title="No journal entries" />
      ) : (
        <>
          <ol className="history-list" aria-label="History entries">
            {history.data.items.map((entry) => (
              <HistoryItem
                key={entry.seq}
                id={id}
                entry={entry}
                revert={revert}
                open={revert !== undefined}
                fresh={entry.seq === newest}
                onReverted={setNewest}
              />
            ))}
          </ol>
          {history.data.truncated && (
            <button type="button" onClick={() => setLimit((n) => n * 4)}>
              Show older changes
            </button>
          )}
        </>
      )}
    </section>
  );
}

function HistoryItem({
  id,
  entry,
  revert,
  open,
  fresh,
  onReverted,
}: {
  id: string;
  entry: ChangeEntry;
  revert: RevertTarget | undefined;
  open: boolean;
  fresh: boolean;
  onReverted(seq: number): void;
}) {
  const keys = changedKeys(entry);
  const confidenceMoved =
    entry.confidenceBefore !== null && entry.confidenceAfter !== null && entry.confidenceBefore !== entry.confidenceAfter;
  return (
    <li className={fresh ? 'history-item history-fresh' : 'history-item'} data-seq={entry.seq} data-op={entry.op}>
      <div className="history-line">
        <TimeAgo iso={entry.at} />
        <strong className="history-op">{words(entry.op)}</strong>
        <span className="history-actor">by {entry.actor}</span>
        {confidenceMoved && (
          <span className="history-confidence">
            {percent(entry.confidenceBefore ?? 0)} → {percent(entry.confidenceAfter ?? 0)}
          </span>
        )}
      </div>
      {entry.reason !== null && <div className="history-reason">{entry.reason}</div>}
      {keys.length > 0 && (
        <details className="history-diff" open={open}>
          <summary>
            {entry.before === null ? 'Set' : 'Changed'}: {keys.map(words).join(', ')}
          </summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Change</th>
                {revert !== undefined && <th scope="col">Revert</th>}
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key} data-field={key}>
                  <th scope="row">{words(key)}</th>
                  <td>
                    <FieldDiff before={entry.before?.[key]} after={entry.after?.[key]} />
                  </td>
                  {revert !== undefined && (
                    <td>
                      <RevertButton id={id} entry={entry} field={key} target={revert} onReverted={onReverted} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </li>
  );
}

function isRevertible(field: string, entry: ChangeEntry, target: RevertTarget): field is RevertibleField {
  if (!(REVERTIBLE_FIELDS as readonly string[]).includes(field)) return false;
  if (field === 'confidence' && target.type === 'belief') return false;
  return entry.before !== null && entry.memoryVersion !== null && entry.memoryVersion > 1 && entry.memoryVersion <= target.version;
}

function RevertButton({
  id,
  entry,
  field,
  target,
  onReverted,
}: {
  id: string;
  entry: ChangeEntry;
  field: string;
  target: RevertTarget;
  onReverted(seq: number): void;
}) {
  const api = useApi();
  const toast = useToast();
  const afterChange = useAfterChange();
  const revert = useMutation({
    mutationFn: (payload: { field: RevertibleField; toVersion: number }) =>
      api.call('memories.revertField', { id, ...payload, expectedVersion: target.version }),
    onSuccess: (result) => {
      afterChange(result.memory);
      onReverted(result.entry.seq);
      toast.success(`Reverted ${words(field)} to version ${(entry.memoryVersion ?? 2) - 1}: a new history entry.`);
    },
    onError: (error) => toast.error(error, `Could not revert ${words(field)}`),
  });
  if (!isRevertible(field, entry, target)) return null;
  return (
    <button
      type="button"
      className="history-revert"
      disabled={revert.isPending}
      aria-label={`Revert this change to ${words(field)}`}
      onClick={() => revert.mutate({ field, toVersion: (entry.memoryVersion as number) - 1 })}
    >
      Revert this change
    </button>
  );
}
