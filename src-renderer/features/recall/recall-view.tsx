/**
 * #/recall: what the agent would be reminded of for a query, ranked as its `recall` ranks
 * (words and meaning, tier, confidence, retrieval strength), each hit with why it came back and the
 * signals behind its place. Semantic search for a person: looking does not count as a retrieval.
 */
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { RecallHitView } from '../../../shared/contract/recall';
import { MEMORY_TYPES, type MemoryType } from '../../../shared/model';
import { useApi } from '../../api/client';
import { memoryQueries } from '../../api/queries';
import { hrefOf, navigate } from '../../app/router';
import { TierBadge } from '../../components/badges';
import { percent, words } from '../../components/format';
import { MemoryLink } from '../../components/memory-link';
import { Empty, ErrorState, Loading } from '../../components/states';
import { useStateFor } from '../../components/use-state-for';
import './recall.css';

const MEANING_SAYS = {
  nearest: 'Meaning: the stored vectors nearest the query joined the word matches.',
  rerank: 'Meaning: the best word matches were compared with the query in meaning.',
  off: 'Words only: this mind’s vectors came from a model that is not at hand here (its key is set in Settings).',
} as const;

export function RecallView({ query, types }: { query: string; types: MemoryType[] }) {
  const api = useApi();
  const [draft, setDraft] = useStateFor(query, query);
  const asked = query.trim() !== '';
  const recall = useQuery({ ...memoryQueries.recall(api, query, types), enabled: asked });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same question again asks again (the address, and so the query, would not change).
    if (draft.trim() === query) void recall.refetch();
    else navigate(hrefOf.recall(draft.trim(), types));
  };
  const toggle = (type: MemoryType, on: boolean) =>
    navigate(hrefOf.recall(query, on ? MEMORY_TYPES.filter((t) => t === type || types.includes(t)) : types.filter((t) => t !== type)), { replace: true });
  return (
    <div className="recall">
      <header className="view-head">
        <h1 tabIndex={-1}>Recall</h1>
        <a href={hrefOf.browser(query === '' ? undefined : { q: query })}>Search the words in the Browser</a>
      </header>
      <p className="dim">
        What the agent would be reminded of, ranked as its recall ranks: matching words and meaning, tier, confidence and retrieval strength. Looking here does not
        count as a retrieval.
      </p>
      <form className="recall-form" role="search" onSubmit={submit}>
        <label className="field">
          <span>Ask the mind</span>
          <input type="search" value={draft} placeholder="Is it safe to deploy on a Friday?" onChange={(event) => setDraft(event.target.value)} />
        </label>
        <button type="submit" className="primary" disabled={draft.trim() === ''}>
          Recall
        </button>
      </form>
      <fieldset className="recall-types">
        <legend>Types (none ticked: all)</legend>
        {MEMORY_TYPES.map((type) => (
          <label key={type} className="check">
            <input type="checkbox" checked={types.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            {words(type)}
          </label>
        ))}
      </fieldset>
      {!asked ? (
        <Empty title="Ask something">A question or a few words, as the agent would put them.</Empty>
      ) : recall.isPending ? (
        <Loading label="Recalling…" />
      ) : recall.isError ? (
        <ErrorState error={recall.error} title="Could not recall" onRetry={() => void recall.refetch()} />
      ) : (
        <>
          <p className="dim" data-testid="recall-meaning">
            Searched for {recall.data.search.words.map((w) => `“${w}”`).join(', ')}. {MEANING_SAYS[recall.data.search.meaning]}
          </p>
          {recall.data.hits.length === 0 ? (
            <Empty title="Nothing would come back">No memory matches these words or is close enough in meaning.</Empty>
          ) : (
            <ol className="recall-hits" aria-label="Recalled, best first">
              {recall.data.hits.map((hit) => (
                <RecallHitRow key={hit.memory.id} hit={hit} />
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}

function RecallHitRow({ hit }: { hit: RecallHitView }) {
  const { signals } = hit;
  return (
    <li className="card recall-hit" data-memory-id={hit.memory.id}>
      <div className="recall-hit-line">
        <MemoryLink memory={hit.memory} />
        <TierBadge tier={signals.tier} />
      </div>
      <p className="recall-why">{hit.why}</p>
      <p className="dim recall-signals">
        words {percent(signals.words)} · meaning {signals.meaning === null ? '—' : percent(signals.meaning)} · confidence {percent(signals.effectiveConfidence)} ·
        strength {percent(signals.retrievalStrength)} · score {hit.score.toFixed(2)}
      </p>
    </li>
  );
}
