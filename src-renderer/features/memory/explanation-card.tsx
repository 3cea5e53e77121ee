/**
 * Why consolidation drafted this belief: the episodes of its cluster (each with its similarity to
 * the cluster's centroid), the words they share, and the threshold they were grouped at. Shown for
 * beliefs consolidation drafted; a belief written by hand has no such card.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BeliefExplanation } from '../../../shared/contract/explain';
import { type ApiClient, useApi } from '../../api/client';
import { KEYS } from '../../api/queries';
import { hrefOf } from '../../app/router';
import { StatusBadge } from '../../components/badges';
import { ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import './explanation-card.css';

export const explanationQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...KEYS.memories, 'explain', id],
    queryFn: async () => (await api.call('memories.explain', { id })).explanation,
  });

export function ExplanationCard({ id }: { id: string }) {
  const api = useApi();
  const explanation = useQuery(explanationQuery(api, id));
  if (explanation.isPending) return <Loading label="Loading why it was drafted…" />;
  if (explanation.isError) {
    return <ErrorState error={explanation.error} title="Could not load why this belief was drafted" onRetry={() => void explanation.refetch()} />;
  }
  return explanation.data === null ? null : <Explanation explanation={explanation.data} />;
}

function Explanation({ explanation }: { explanation: BeliefExplanation }) {
  const { episodes, sharedTerms } = explanation;
  return (
    <section className="card explanation-card" aria-labelledby="explanation-title" data-testid="explanation-card">
      <h2 id="explanation-title">Why consolidation drafted this</h2>
      <p className="explain">
        Drafted from {episodes.length} {episodes.length === 1 ? 'episode' : 'episodes'} by run <code>{explanation.runId}</code>{' '}
        <TimeAgo iso={explanation.createdAt} /> ({explanation.provider}, space <code>{explanation.embedder}</code>): grouped because they
        were alike on average at or above <strong>{explanation.threshold.toFixed(2)}</strong>; their mean similarity to their centre is{' '}
        <strong>{explanation.cohesion.toFixed(2)}</strong>. Edit the statement if it does not say what they share.
      </p>
      <h3 id="explanation-terms">Words they share</h3>
      {sharedTerms.length === 0 ? (
        <p className="dim">No word is used by two of them: they were grouped by meaning alone.</p>
      ) : (
        <ul className="term-list" aria-labelledby="explanation-terms">
          {sharedTerms.map((t) => (
            <li key={t.term}>
              {t.term} <span className="dim">in {t.episodes}</span>
            </li>
          ))}
        </ul>
      )}
      <table className="explanation-episodes">
        <caption>Episodes, most central first</caption>
        <thead>
          <tr>
            <th scope="col">Episode</th>
            <th scope="col">Similarity to centre</th>
          </tr>
        </thead>
        <tbody>
          {episodes.map((e) => (
            <tr key={e.id}>
              <td>
                <a href={hrefOf.memory(e.id)} className="ref-link" data-memory-id={e.id}>
                  <span className="ref-content">{e.status === 'forgotten' ? <span className="dim">forgotten</span> : e.content}</span>
                  {e.cited && (
                    <span className="badge" title="The statement rests on this episode: cited by the model, or drawn from its sentence">
                      cited
                    </span>
                  )}
                  {e.status !== 'active' && <StatusBadge status={e.status} />}
                </a>
              </td>
              <td>
                <div className="similarity">
                  <span className="similarity-bar" aria-hidden="true">
                    <span style={{ width: `${Math.max(0, Math.min(1, e.similarity)) * 100}%` }} />
                  </span>
                  <span className="similarity-value">{e.similarity.toFixed(2)}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
