/** A memory's journal, newest first: who did what, how confidence moved, and what changed. */
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { memoryQueries } from '../../api/queries';
import { percent, valueText, words } from '../../components/format';
import { TimeAgo } from '../../components/time-ago';
import { Empty, ErrorState, Loading } from '../../components/states';

/** Keys whose value differs between before and after (bookkeeping keys left out). */
const BOOKKEEPING = new Set(['version', 'updatedAt']);
function changedKeys(entry: HistoryEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !BOOKKEEPING.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

export function HistoryList({ id }: { id: string }) {
  const api = useApi();
  const history = useQuery(memoryQueries.history(api, id));
  return (
    <section className="card history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {history.isPending ? (
        <Loading label="Loading history…" />
      ) : history.isError ? (
        <ErrorState error={history.error} title="Could not load the history" onRetry={() => void history.refetch()} />
      ) : history.data.length === 0 ? (
        <Empty title="No journal entries" />
      ) : (
        <ol className="history-list" aria-label="History entries">
          {history.data.map((entry, i) => (
            <HistoryItem key={`${entry.at}-${i}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const keys = changedKeys(entry);
  const confidenceMoved =
    entry.confidenceBefore !== null && entry.confidenceAfter !== null && entry.confidenceBefore !== entry.confidenceAfter;
  return (
    <li className="history-item">
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
        <details className="history-diff">
          <summary>
            {entry.before === null ? 'Set' : 'Changed'}: {keys.map(words).join(', ')}
          </summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key}>
                  <th scope="row">{words(key)}</th>
                  <td>{valueText(entry.before?.[key])}</td>
                  <td>{valueText(entry.after?.[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </li>
  );
}
