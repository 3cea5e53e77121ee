/**
 * Recall: what an agent is reminded of when it asks. Hybrid search (full text through FTS5, plus
 * meaning through stored vectors when the caller brings a query vector from the mind's embedder),
 * ranked by shared/rules/recall (tier boost × match, confidence and retrieval strength), every type
 * blended on one scale and tagged. Each hit says in a few words why it came back, and recalling
 * counts as retrieval: access statistics and stability are updated (DESIGN §4).
 */
import { MindError } from '../../shared/errors';
import { MEMORY_TYPES, type MemoryType } from '../../shared/model';
import { searchWords, wordsFoundIn } from '../../shared/rules/contradiction';
import { EVIDENT_RELEVANCE_SHARE, type RecallSignals, recallRelevance, recallScore, worthRecalling } from '../../shared/rules/recall';
import { readTimeExpressions } from '../../shared/rules/time-expressions';
import { TIER_BOOST } from '../../shared/rules/tiers';
import type { MemoryRecord } from '../store/memory-record';
import {
  nearestVectors,
  newestTextCandidates,
  rankedTextCandidates,
  type TextCandidate,
  vectorCount,
  wordFrequency,
} from '../store/recall-query';
import { recordAccesses } from './access';
import { type MemorySummary, summarizeMemory } from './list';
import type { Mind } from './mind';
import { derivedReadings } from './memory-view';
import { wordsWithinBudget } from './ranking-budget';
import { type TurnEvidence, turnRelevance, turnScore } from './turn-relevance';
import type { WriteOptions } from './write-options';

export const DEFAULT_RECALL_LIMIT = 10;
export const MAX_RECALL_LIMIT = 50;
/** Words past this many in one query are ignored (a pasted paragraph is not a better query). */
const MAX_QUERY_WORDS = 16;
/** Full-text candidates ranked per pass: enough that a grounded memory a few bm25 places down still surfaces. */
const TEXT_POOL = 100;
/** With a type restriction the pool is drawn wider, since most of it may be of other types. */
const TYPED_TEXT_POOL = 1_000;
/**
 * How many matching rows one ranking pass may score. bm25 costs a few microseconds a row; words
 * rarer than this are ranked together, commoner ones only through their co-occurrence. Halved from
 * 4,000 when the conversation-turn pass (turn-relevance.ts) joined it, to keep recall's p95 within
 * its targets at 100k and 1M memories (`npm run bench -- --recall-latency`).
 */
const RANKING_BUDGET = 2_000;
/**
 * Nearest-vector search reads every stored vector (sqlite-vec 0.1.9 has no approximate index):
 * about half a microsecond each. Above this many, vectors only re-rank the full-text candidates.
 */
export const NEAREST_SCAN_LIMIT = 10_000;
const NEAREST_K = 50;
/** How many of the best text matches a local embedder compares with the query in meaning. */
const RERANK_POOL = 60;

export interface RecallRequest {
  query: string;
  limit?: number | undefined;
  types?: readonly MemoryType[] | undefined;
}

/**
 * Meaning, from the caller's embedders (this layer embeds nothing itself). Either part may be
 * missing: a mind whose vectors came from a remote model has no local way to embed candidates.
 */
export interface RecallMeaning {
  /** The query in the space of the stored vectors: in small minds it finds neighbours of its own. */
  queryVector: Float32Array | null;
  /** A local embedder, run synchronously: compares the best text matches with the query in meaning. */
  local: LocalEmbedder | null;
}

/** Embeds in one space, synchronously: the query, and a memory as its stored vector would be made. */
export interface LocalEmbedder {
  query(text: string): Float32Array;
  memory(memory: Pick<MemoryRecord, 'type' | 'content' | 'fields'>): Float32Array;
}

export interface RecallOptions extends WriteOptions {
  meaning?: RecallMeaning | undefined;
  /** Record the retrieval (default). A preview may leave the statistics alone. */
  recordAccess?: boolean | undefined;
  /** Offer beliefs the mind doubts too (the context pack lists them as uncertain). */
  keepDoubted?: boolean | undefined;
}

export interface RecallHit {
  memory: MemorySummary;
  score: number;
  signals: RecallSignals;
  /** Query words the memory holds. */
  matchedWords: string[];
  /** Why this came back, in a few words. */
  why: string;
}

/** How the search went: which words were searched and how meaning took part. */
export interface RecallSearch {
  words: string[];
  /** `nearest`: stored vectors found candidates of their own; `rerank`: meaning only re-ranked the text matches. */
  meaning: 'nearest' | 'rerank' | 'off';
}

export interface RecallResult {
  hits: RecallHit[];
  search: RecallSearch;
}

interface Candidate {
  record: MemoryRecord;
  bm25: number;
  similarity: number | null;
  signals: RecallSignals;
  score: number;
}

export function recall(mind: Mind, request: RecallRequest, options: RecallOptions): RecallResult {
  const { words, limit, types } = checkRequest(request);
  const db = mind.store.db;
  const found = new Map<number, { record: MemoryRecord; bm25: number; similarity: number | null }>();
  for (const { record, bm25 } of textCandidates(mind, words, types)) {
    const seen = found.get(record.seq);
    if (!seen || seen.bm25 < bm25) found.set(record.seq, { record, bm25, similarity: null });
  }
  const turns = conversationTurns(mind, request.query, found, types);
  const queryVector = options.meaning?.queryVector ?? null;
  const nearest = queryVector !== null && vectorCount(db) <= NEAREST_SCAN_LIMIT;
  if (nearest) {
    for (const near of nearestVectors(db, queryVector, NEAREST_K, types)) {
      found.set(near.record.seq, { record: near.record, bm25: found.get(near.record.seq)?.bm25 ?? 0, similarity: near.similarity });
    }
  }

  const now = mind.now();
  const bestBm25 = Math.max(0, ...[...found.values()].map((f) => f.bm25));
  const score = (c: Omit<Candidate, 'signals' | 'score'>): Candidate => {
    const readings = derivedReadings(c.record, now);
    const signals: RecallSignals = {
      words: bestBm25 > 0 ? c.bm25 / bestBm25 : 0,
      meaning: c.similarity === null ? null : Math.max(0, c.similarity),
      effectiveConfidence: readings.effectiveConfidence,
      retrievalStrength: readings.retrievalStrength,
      tier: readings.tier,
    };
    return { ...c, signals, score: recallScore(signals) };
  };
  const byScore = (a: Candidate, b: Candidate) => b.score - a.score || a.record.seq - b.record.seq;
  let ranked = [...found.values()].map(score).filter((c) => worthRecalling(c.signals, c.record.type === 'belief' && options.keepDoubted !== true)).sort(byScore);
  const local = options.meaning?.local ?? null;
  if (local !== null && ranked.length > 0) ranked = rerankByMeaning(request.query, ranked, local, score, byScore, turns);
  if (turns.size > 0) ranked = keepRelevantTurnsInReach(ranked, turns, limit);

  const hits = ranked.slice(0, limit).map((c): RecallHit => {
    const readings = derivedReadings(c.record, now);
    const matchedWords = c.signals.words > 0 ? wordsFoundIn(words, searchableText(c.record)) : [];
    return {
      memory: summarizeMemory(c.record, now),
      score: c.score,
      signals: c.signals,
      matchedWords,
      why: explain(c.record, c.signals, matchedWords, readings.tierWhy, now, turns.get(c.record.seq)),
    };
  });
  if (options.recordAccess !== false && hits.length > 0) recordAccesses(mind, hits.map((h) => h.memory.id), options);
  return { hits, search: { words, meaning: nearest ? 'nearest' : local !== null ? 'rerank' : 'off' } };
}

/**
 * The conversation turns among the candidates, and more found by their context or their time
 * (turn-relevance.ts): each turn's word match becomes its relevance with the conversation counted.
 * Returns the evidence of each turn now in `found`.
 */
function conversationTurns(
  mind: Mind,
  query: string,
  found: Map<number, Omit<Candidate, 'signals' | 'score'>>,
  types: MemoryType[] | null,
): Map<number, TurnEvidence> {
  const reading = readTimeExpressions(query, mind.now());
  const words = searchWords(reading.rest).slice(0, MAX_QUERY_WORDS);
  const relevance = turnRelevance(mind, words, reading, new Map([...found].map(([seq, f]) => [seq, f.bm25])), types);
  if (relevance === null) return new Map();
  for (const record of relevance.extraRecords) found.set(record.seq, { record, bm25: 0, similarity: null });
  const turns = new Map<number, TurnEvidence>();
  for (const [seq, evidence] of relevance.turns) {
    const candidate = found.get(seq);
    if (candidate === undefined) continue;
    candidate.bm25 = turnScore(evidence);
    turns.set(seq, evidence);
  }
  return turns;
}

/**
 * Tier, confidence and retrieval strength say how much to trust a memory, not whether it answers:
 * they may reorder the list, but a turn among the `limit` most relevant candidates (by words and
 * meaning alone) that holds at least half the best relevance stays within the first `limit`,
 * taking the place of the lowest-scored memory that is not such a turn.
 */
function keepRelevantTurnsInReach(ranked: readonly Candidate[], turns: ReadonlyMap<number, TurnEvidence>, limit: number): Candidate[] {
  const relevanceOf = (c: Candidate) => recallRelevance(c.signals);
  const byRelevance = [...ranked].sort((a, b) => relevanceOf(b) - relevanceOf(a) || a.record.seq - b.record.seq).slice(0, limit);
  const best = byRelevance[0] === undefined ? 0 : relevanceOf(byRelevance[0]);
  const kept = new Set(byRelevance.filter((c) => turns.has(c.record.seq) && relevanceOf(c) >= EVIDENT_RELEVANCE_SHARE * best).map((c) => c.record.seq));
  const head = ranked.slice(0, limit);
  const missing = ranked.slice(limit).filter((c) => kept.has(c.record.seq));
  if (missing.length === 0) return [...ranked];
  const displaced = new Set(
    head
      .filter((c) => !kept.has(c.record.seq))
      .slice(-missing.length)
      .map((c) => c.record.seq),
  );
  const newHead = [...head.filter((c) => !displaced.has(c.record.seq)), ...missing];
  const chosen = new Set(newHead.map((c) => c.record.seq));
  return [...newHead, ...ranked.filter((c) => !chosen.has(c.record.seq))];
}

/**
 * The head of the list is compared with the query in meaning by a local embedder (microseconds a
 * text) where no stored vector placed it, and ranked again. What ranks below the head stays below
 * it: the answer is drawn from the head, and every memory in it is judged on the same signals.
 * Conversation turns are left to their relevance with the conversation (turn-relevance.ts): the
 * local embedder reads a turn's own words only, so it sides with the turn that asks a question
 * over the reply that answers it (on LoCoMo's first conversation it cost 7 points of recall@10,
 * on the generated held-out split 4).
 */
function rerankByMeaning(
  query: string,
  ranked: readonly Candidate[],
  embedder: LocalEmbedder,
  score: (c: Omit<Candidate, 'signals' | 'score'>) => Candidate,
  byScore: (a: Candidate, b: Candidate) => number,
  turns: ReadonlyMap<number, TurnEvidence>,
): Candidate[] {
  const head = ranked.slice(0, RERANK_POOL);
  const queryVector = embedder.query(query);
  const similarity = new Map(
    head.filter((c) => c.similarity === null && !turns.has(c.record.seq)).map((c) => [c.record.seq, dot(queryVector, embedder.memory(c.record))]),
  );
  const rescored = head.map((c) => (similarity.has(c.record.seq) ? score({ ...c, similarity: similarity.get(c.record.seq) as number }) : c));
  return [...rescored.sort(byScore), ...ranked.slice(RERANK_POOL)];
}

function checkRequest(request: RecallRequest): { words: string[]; limit: number; types: MemoryType[] | null } {
  if (typeof request.query !== 'string' || request.query.trim() === '') throw new MindError('invalid_input', 'A recall needs a query: some words about what to remember.');
  if (request.query.length > 10_000) throw new MindError('invalid_input', 'The query is too long (at most 10,000 characters): ask about one thing at a time.');
  const limit = request.limit ?? DEFAULT_RECALL_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RECALL_LIMIT) {
    throw new MindError('invalid_input', `limit must be a whole number from 1 to ${MAX_RECALL_LIMIT}.`);
  }
  const unknown = (request.types ?? []).find((t) => !(MEMORY_TYPES as readonly string[]).includes(t));
  if (unknown !== undefined) throw new MindError('invalid_input', `Unknown memory type "${unknown}" (use ${MEMORY_TYPES.join(', ')}).`);
  const types = request.types && request.types.length > 0 ? [...new Set(request.types)] : null;
  return { words: searchWords(request.query).slice(0, MAX_QUERY_WORDS), limit, types };
}

/**
 * Full-text candidates within the ranking budget: the rarer words ranked together (any of them),
 * all the words ranked together when there are several (they narrow each other down), and for a
 * single word too common to rank, its newest matches.
 */
function textCandidates(mind: Mind, words: readonly string[], types: MemoryType[] | null): TextCandidate[] {
  if (words.length === 0) return [];
  const db = mind.store.db;
  const pool = types === null ? TEXT_POOL : TYPED_TEXT_POOL;
  const { present, rare } = wordsWithinBudget(words, (word) => wordFrequency(db, word), RANKING_BUDGET);
  const candidates: TextCandidate[] = [];
  if (rare.length > 0) candidates.push(...rankedTextCandidates(db, rare, 'any', pool, types));
  if (present.length >= 2 && rare.length < present.length) candidates.push(...rankedTextCandidates(db, present, 'all', pool, types));
  if (rare.length === 0 && present.length === 1) candidates.push(...newestTextCandidates(db, present[0] as string, pool, types));
  return candidates;
}

/** The text the full-text index holds for a memory: its content and its type's text fields. */
function searchableText(record: MemoryRecord): string {
  const fields = record.fields as Record<string, unknown>;
  const lessons = Array.isArray(fields.lessons) ? fields.lessons.join(' ') : '';
  return [record.content, fields.outcome, fields.description, fields.name, fields.subject, lessons].filter((t) => typeof t === 'string').join(' ');
}

/** Vectors from an embedder are L2-normalized: their dot product is their cosine. */
function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

const HOUR_MS = 3_600_000;

function ago(ms: number): string {
  const hours = ms / HOUR_MS;
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

function explain(record: MemoryRecord, s: RecallSignals, matched: readonly string[], tierWhy: string, now: number, turn: TurnEvidence | undefined): string {
  const parts: string[] = [];
  if (matched.length > 0) parts.push(`has ${matched.map((w) => `"${w}"`).join(', ')}`);
  else if (turn !== undefined && turn.words > 0) parts.push('the turns around it match your words');
  else if (s.words > 0) parts.push('matches your words');
  if (turn?.bySpeaker === true) parts.push('said by the person you named');
  if (turn?.inTime === true) parts.push('said in the time you named');
  if (s.meaning !== null && s.meaning >= 0.5) parts.push(`close in meaning (${s.meaning.toFixed(2)})`);
  parts.push(`${s.tier} ×${TIER_BOOST[s.tier]} (${tierWhy.split(';')[0]})`);
  const confidence =
    record.type === 'belief' && record.alpha !== null && record.beta !== null
      ? `confidence ${s.effectiveConfidence.toFixed(2)} (α ${record.alpha}, β ${record.beta})`
      : `confidence ${s.effectiveConfidence.toFixed(2)}`;
  parts.push(confidence);
  parts.push(
    record.lastAccessedAt === null
      ? 'never recalled before'
      : `recalled ${ago(Math.max(0, now - record.lastAccessedAt))} ago (strength ${s.retrievalStrength.toFixed(2)})`,
  );
  return parts.join('; ');
}
