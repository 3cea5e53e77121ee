/**
 * Why consolidation drafted a belief, recorded with it (the `belief_explanations` table): each of
 * the cluster's episodes with its similarity to the cluster's centroid, the words at least two of
 * them use, the threshold the cluster was formed at, and whose space the numbers are in. Written
 * in the transaction that creates the belief; read back by `show` and the memory page.
 */
import { stemmer } from 'stemmer';
import { z } from 'zod';
import type { BeliefExplanation } from '../../shared/contract/explain';
import { PROVIDER_IDS } from '../../shared/settings';
import { MindError } from '../../shared/errors';
import { findExplanation, insertExplanation } from '../store/explanations-repo';
import { findMemoryById } from '../store/memories-repo';
import { iso } from '../mind/present';
import type { Mind } from '../mind/mind';
import type { EpisodeItem } from './cluster-step';
import { contentWordsOf } from './offline/text-features';
import type { RunContext } from './run-context';
import { cosine, type Vector } from './vector-math';

/** Shared words listed at most. */
const MAX_SHARED_TERMS = 12;

const StoredExplanation = z.object({
  provider: z.enum(PROVIDER_IDS),
  embedder: z.string(),
  threshold: z.number(),
  cohesion: z.number(),
  episodes: z.array(z.object({ id: z.string(), similarity: z.number() })),
  sharedTerms: z.array(z.object({ term: z.string(), episodes: z.number().int() })),
  citations: z.array(z.string()),
});
type StoredExplanation = z.output<typeof StoredExplanation>;

/**
 * The explanation of a cluster drafted into a belief, with `direction` the cluster's centroid and
 * `citations` the episodes the statement rests on (the synthesis's citations).
 */
export function explainCluster(ctx: RunContext, episodes: readonly EpisodeItem[], direction: Vector, citations: readonly string[]): StoredExplanation {
  const scored = episodes
    .map((e) => ({ id: e.record.id, similarity: round(cosine(e.vector, direction)) }))
    .sort((a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id));
  return {
    provider: ctx.provider.id,
    embedder: ctx.provider.embedder.id,
    threshold: ctx.thresholds.cluster,
    cohesion: round(scored.reduce((sum, e) => sum + e.similarity, 0) / Math.max(1, scored.length)),
    episodes: scored,
    sharedTerms: sharedTerms(episodes.map((e) => e.source.text)),
    citations: [...citations],
  };
}

/**
 * Words (grouped by stem, shown in their most used form) that at least two texts use, by how
 * many do, most shared first.
 */
export function sharedTerms(texts: readonly string[]): { term: string; episodes: number }[] {
  const byStem = new Map<string, { texts: number; forms: Map<string, number> }>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const word of contentWordsOf(text)) {
      const stem = stemmer(word);
      const entry = byStem.get(stem) ?? { texts: 0, forms: new Map<string, number>() };
      entry.forms.set(word, (entry.forms.get(word) ?? 0) + 1);
      if (!seen.has(stem)) entry.texts += 1;
      seen.add(stem);
      byStem.set(stem, entry);
    }
  }
  return [...byStem.values()]
    .filter((entry) => entry.texts >= 2)
    .map((entry) => ({ term: [...entry.forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '', episodes: entry.texts }))
    .sort((a, b) => b.episodes - a.episodes || a.term.localeCompare(b.term))
    .slice(0, MAX_SHARED_TERMS);
}

export function recordExplanation(ctx: RunContext, beliefSeq: number, explanation: StoredExplanation): void {
  insertExplanation(ctx.mind.store.db, beliefSeq, { runId: ctx.runId, createdAt: ctx.mind.now(), json: JSON.stringify(explanation) });
}

/** The explanation of a belief consolidation drafted, with its episodes as they read now; null when none was recorded. */
export function getBeliefExplanation(mind: Mind, id: string): BeliefExplanation | null {
  const db = mind.store.db;
  const belief = findMemoryById(db, id);
  if (!belief) throw new MindError('not_found', `No memory with id ${id}.`, { id });
  const row = findExplanation(db, belief.seq);
  if (!row) return null;
  const stored = StoredExplanation.parse(JSON.parse(row.json));
  return {
    beliefId: belief.id,
    runId: row.runId,
    createdAt: iso(row.createdAt) as string,
    provider: stored.provider,
    embedder: stored.embedder,
    threshold: stored.threshold,
    cohesion: stored.cohesion,
    episodes: stored.episodes.map((e) => {
      const record = findMemoryById(db, e.id);
      return { id: e.id, content: record?.content ?? '', status: record?.status ?? 'forgotten', similarity: e.similarity, cited: stored.citations.includes(e.id) };
    }),
    sharedTerms: stored.sharedTerms,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
