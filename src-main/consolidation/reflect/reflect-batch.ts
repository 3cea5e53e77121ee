/**
 * Reflection by the agent, first half (`reflect`): the next episodes no run has consolidated yet
 * (and raw captures triage has not seen), grouped as the offline run groups them (the same
 * lexical space learned the same way, the same cluster step and threshold), each group with the
 * active beliefs it may bear on (full-text neighbours of the words its episodes share). The batch
 * is recorded (reflect-batches-repo.ts), so `propose_beliefs` (propose.ts) accepts only ids that
 * were handed out. Nothing is marked here: episodes stay waiting until an answer is written, so a
 * batch asked for again (or never answered) loses nothing.
 */
import { contentWords, readStatement } from '../../../shared/rules/contradiction';
import { countPendingEpisodes, pendingEpisodes, recentEpisodes, untriagedRaws } from '../../store/consolidation-repo';
import type { MemoryRecord } from '../../store/memory-record';
import { insertBatch, pruneBatches } from '../../store/reflect-batches-repo';
import { beliefsSharingWords } from '../../store/belief-hints-query';
import { EPISODE_COUNT_CAP } from '../../../shared/consolidation-runs';
import { derivedOf, mindState } from '../../mind/derived-cache';
import type { Mind } from '../../mind/mind';
import { iso } from '../../mind/present';
import { readCheckpoint } from '../checkpoint';
import { clusterEpisodes, type EpisodeItem } from '../cluster-step';
import { createLexicalEmbedder, type LexicalEmbedder } from '../offline/lexical-embedder';
import { STATISTICS_SAMPLE } from '../run';
import { sourceTextOf } from '../source-text';
import { thresholdsFor } from '../thresholds';
import { cosine, type Vector } from '../vector-math';

export const DEFAULT_BATCH_EPISODES = 50;
export const MAX_BATCH_EPISODES = 200;
export const DEFAULT_BATCH_CAPTURES = 20;
/** Batches kept for an answer; an older one must be asked for again. */
export const KEPT_BATCHES = 20;
/** Beliefs listed per group, and per episode no group took. */
const BELIEFS_PER_GROUP = 5;
const BELIEFS_PER_EPISODE = 3;
/** The words of each text that look for its beliefs, and at most this many for a whole batch … */
const WORDS_PER_TEXT = 2;
const MAX_QUERY_WORDS = 40;
/** … which brings at most this many beliefs to rank. */
const MAX_CANDIDATES = 100;

export interface BatchMemory {
  readonly id: string;
  readonly date: string;
  readonly text: string;
}

export interface BeliefHint {
  readonly id: string;
  readonly statement: string;
  readonly confidence: number;
  readonly reviewStatus: string | null;
}

export interface ReflectBatch {
  /** Null when nothing waits. */
  readonly batch: string | null;
  readonly groups: { readonly episodes: BatchMemory[]; readonly beliefs: BeliefHint[] }[];
  readonly ungrouped: { readonly episode: BatchMemory; readonly beliefs: BeliefHint[] }[];
  readonly captures: BatchMemory[];
  /** Episodes still waiting beyond this batch (counted up to the cap). */
  readonly waitingAfter: number;
}

/**
 * One lexical space for the process's reflections: what it learns is replaced by each `learn`, but
 * what it caches of each word (its WordNet features) stays, so a batch does not look every word up
 * again. Learning and reading happen within one synchronous stretch of a tool call.
 */
let space: LexicalEmbedder | null = null;

/** The lexical space a batch is read in: learned from its texts and the mind's latest others, as a run learns it. */
export function learnedSpace(mind: Mind, records: readonly MemoryRecord[], extra: readonly string[] = []): LexicalEmbedder {
  space ??= createLexicalEmbedder();
  const embedder = space;
  const seen = new Set(records.map((r) => r.seq));
  const before = Math.min(...records.map((r) => r.seq), Number.MAX_SAFE_INTEGER);
  const others = recentSample(mind, before).filter((r) => !seen.has(r.seq));
  embedder.learn?.([...records.map((r) => sourceTextOf(r).text), ...others.map((r) => r.text)].concat(extra));
  return embedder;
}

/**
 * The texts of the mind's latest episodes before `before`, as a run samples them: read once for
 * a batch's `reflect` and again for its answer, so kept while the mind stays as it was.
 */
function recentSample(mind: Mind, before: number): { seq: number; text: string }[] {
  return derivedOf(mind, 'reflect-statistics-sample', `${mindState(mind)}|${before}`, () =>
    recentEpisodes(mind.store.db, before, STATISTICS_SAMPLE).map((r) => ({ seq: r.seq, text: sourceTextOf(r).text })),
  );
}

export function episodeItems(records: readonly MemoryRecord[], embedder: LexicalEmbedder): EpisodeItem[] {
  return records.map((record) => {
    const source = sourceTextOf(record);
    return { record, source, read: readStatement(source.text), vector: embedder.vectorOf(source.text) };
  });
}

export function handOutBatch(mind: Mind, options: { actor: string; episodes: number; captures: number }): ReflectBatch {
  const db = mind.store.db;
  const checkpoint = readCheckpoint(mind);
  const records = pendingEpisodes(db, checkpoint, options.episodes);
  const raws = options.captures > 0 ? untriagedRaws(db, options.captures) : [];
  const waitingAfter = Math.max(0, countPendingEpisodes(db, checkpoint, EPISODE_COUNT_CAP + records.length) - records.length);
  if (records.length === 0 && raws.length === 0) return { batch: null, groups: [], ungrouped: [], captures: [], waitingAfter: 0 };

  const embedder = learnedSpace(mind, records);
  const items = episodeItems(records, embedder);
  const clusters = clusterEpisodes(items, thresholdsFor(embedder.id).cluster);
  const grouped = new Set(clusters.flat());
  const loose = items.filter((_, i) => !grouped.has(i));
  const groupTexts = clusters.map((members) => members.map((i) => (items[i] as EpisodeItem).source.text).join('\n'));
  const hints = beliefsBearingOn(mind, embedder, [...groupTexts, ...loose.map((item) => item.source.text)]);
  const groups = clusters.map((members, g) => ({
    episodes: members.map((i) => memoryOf(items[i] as EpisodeItem)),
    beliefs: (hints[g] ?? []).slice(0, BELIEFS_PER_GROUP).map(hintOf),
  }));
  const ungrouped = loose.map((item, i) => ({ episode: memoryOf(item), beliefs: (hints[clusters.length + i] ?? []).slice(0, BELIEFS_PER_EPISODE).map(hintOf) }));

  const batch = mind.newRecordId('batch');
  mind.store.transaction(() => {
    insertBatch(db, batch, { actor: options.actor, at: mind.now(), episodes: records.map((r) => r.seq), raws: raws.map((r) => r.seq) });
    pruneBatches(db, KEPT_BATCHES);
  });
  const captures = raws.map((raw) => ({ id: raw.id, date: iso(raw.createdAt) as string, text: raw.content }));
  return { batch, groups, ungrouped, captures, waitingAfter };
}

/**
 * The active beliefs each text may bear on, best first: one full-text query for all of them, by
 * the words that tell each text apart from the others (the fewest of them use it), then each
 * text's candidates ranked by their similarity to it in the batch's lexical space (sharing nothing
 * is no bearing).
 */
export function beliefsBearingOn(mind: Mind, embedder: LexicalEmbedder, texts: readonly string[]): MemoryRecord[][] {
  const wordsOf = texts.map((text) => [...new Set(contentWords(text))]);
  const spread = new Map<string, number>();
  for (const words of wordsOf) for (const word of words) spread.set(word, (spread.get(word) ?? 0) + 1);
  const telling = (words: readonly string[]) =>
    [...words].sort((a, b) => (spread.get(a) ?? 0) - (spread.get(b) ?? 0) || b.length - a.length || a.localeCompare(b)).slice(0, WORDS_PER_TEXT);
  const query = [...new Set(wordsOf.flatMap(telling))].slice(0, MAX_QUERY_WORDS);
  const candidates = beliefsSharingWords(mind.store.db, query, MAX_CANDIDATES);
  const vectors = candidates.map((belief) => embedder.vectorOf(belief.content));
  return texts.map((text) => {
    const own = embedder.vectorOf(text);
    return candidates
      .map((belief, i) => ({ belief, score: cosine(own, vectors[i] as Vector) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((c) => c.belief);
  });
}

function memoryOf(item: EpisodeItem): BatchMemory {
  return { id: item.record.id, date: iso(item.record.createdAt) as string, text: item.source.text };
}

function hintOf(record: MemoryRecord): BeliefHint {
  return { id: record.id, statement: record.content, confidence: record.confidence, reviewStatus: record.reviewStatus };
}
