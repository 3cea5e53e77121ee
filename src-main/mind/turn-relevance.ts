/**
 * How well a conversation turn answers a query, using the conversation: a turn is found by its own
 * words and by its context (its speaker, its date in words, the turns just before and after, kept
 * in the context index by migration 0013), and a query that names a time prefers the turns said
 * then. A reply ("A sunset, with purple clouds") rarely repeats the question it answers ("What did
 * you paint?"), and a question names the speaker ("What did Melanie paint?") where the turn says "I".
 *
 * Only turns get this: other memories keep their own words' bm25, so their ranking is unchanged.
 */
import { anchoredWindow, type TimeReading, type TimeWindow, withinReading } from '../../shared/rules/time-expressions';
import { searchWords } from '../../shared/rules/contradiction';
import type { MemoryType } from '../../shared/model';
import type { MemoryRecord } from '../store/memory-record';
import {
  contextWordFrequency,
  holdsTurns,
  rankedContextMatches,
  recallableRecords,
  scoresOf,
  speakersAmong,
  type TurnFacts,
  turnFacts,
  turnsInWindow,
} from '../store/turn-context-query';
import type { Mind } from './mind';

/**
 * Weight of the context's bm25 beside the turn's own. Below 1: a turn's own words say what it is
 * about; its context says where it was said. Chosen on the calibration split of bench/recall.
 */
export const CONTEXT_WEIGHT = 0.5;
/**
 * How much a turn said within the time a query names outranks one said at another time, and one
 * spoken by the person a query names outranks one spoken by someone else (calibration: 2 and 2;
 * the speaker's 3 scored a point more there, left at 2 so a named person does not outweigh the words).
 */
export const TIME_BOOST = 2;
export const SPEAKER_BOOST = 2;
/** Turns ranked by their context per query (and per named window). */
const CONTEXT_POOL = 200;
const WINDOW_POOL = 100;
/** As for the memories' own index (recall.ts): commoner context words are not ranked alone. */
const CONTEXT_RANKING_BUDGET = 4_000;
/** A query names a few times at most; more windows would only cost. */
const MAX_WINDOWS = 3;

export interface TurnEvidence {
  /** bm25 of the turn's own words (0: none matched). */
  own: number;
  /** bm25 of its context. */
  context: number;
  /** Said within the time the query names (null: the query names none). */
  inTime: boolean | null;
  /** Spoken by someone the query names (null: the query names no speaker). */
  bySpeaker: boolean | null;
}

export interface TurnRelevance {
  /** Turns (found by any route) with their evidence. */
  turns: Map<number, TurnEvidence>;
  /** Records of the turns the memories' own index did not bring. */
  extraRecords: MemoryRecord[];
  /** The time the query names, when it names one and it could be placed. */
  windows: TimeWindow[];
}

/** A turn's relevance on the bm25 scale of the memories' own index. */
export function turnScore(evidence: TurnEvidence): number {
  // With no words left to match (the query named only a time or a person), being said then, or by them, is the relevance.
  const named = evidence.inTime === true || evidence.bySpeaker === true;
  const words = evidence.own + CONTEXT_WEIGHT * evidence.context;
  const base = named ? Math.max(words, 1) : words;
  return base * (evidence.inTime === true ? TIME_BOOST : 1) * (evidence.bySpeaker === true ? SPEAKER_BOOST : 1);
}

/**
 * The turns worth considering for a query and their evidence. `ownFound` maps the memories the
 * own-words pass found to their bm25 there; `words` are the query's words without its time expressions.
 */
export function turnRelevance(
  mind: Mind,
  queryWords: readonly string[],
  reading: TimeReading,
  ownFound: ReadonlyMap<number, number>,
  types: readonly MemoryType[] | null,
): TurnRelevance | null {
  const db = mind.store.db;
  if ((types !== null && !types.includes('raw')) || !holdsTurns(db)) return null;
  // A speaker the query names is matched against who said each turn, not against the words.
  const speakers = speakersAmong(db, queryWords);
  const words = queryWords.filter((word) => !speakers.includes(word));

  const contextFound = new Map<number, number>();
  for (const { seq, bm25 } of contextCandidates(mind, words)) contextFound.set(seq, bm25);
  const windows = placeTime(mind, reading);
  for (const window of windows.slice(0, MAX_WINDOWS)) {
    for (const { seq, bm25 } of turnsInWindow(db, window.from, window.to, words, WINDOW_POOL)) {
      if (!contextFound.has(seq)) contextFound.set(seq, bm25);
    }
  }

  const seqs = [...new Set([...ownFound.keys(), ...contextFound.keys()])];
  const facts = turnFacts(db, seqs);
  const turnSeqs = seqs.filter((seq) => facts.has(seq));
  // Exact scores where one pass did not see a turn, and the turn's own words without the speakers' names.
  const missingContext = turnSeqs.filter((seq) => !contextFound.has(seq));
  for (const { seq, bm25 } of scoresOf(db, 'context', words, missingContext)) contextFound.set(seq, bm25);
  const ownScores = new Map(scoresOf(db, 'own', words, turnSeqs).map(({ seq, bm25 }) => [seq, bm25]));

  const timed = windows.length > 0 || reading.months.length > 0;
  const inWindows = { windows, months: reading.months };
  const turns = new Map<number, TurnEvidence>();
  for (const seq of turnSeqs) {
    const fact = facts.get(seq) as TurnFacts;
    turns.set(seq, {
      own: ownScores.get(seq) ?? 0,
      context: contextFound.get(seq) ?? 0,
      inTime: timed ? withinReading(inWindows, fact.at) : null,
      bySpeaker: speakers.length > 0 ? speakers.includes(fact.speaker) : null,
    });
  }
  const newSeqs = turnSeqs.filter((seq) => !ownFound.has(seq));
  return { turns, extraRecords: recallableRecords(db, newSeqs, types), windows };
}

/** The turns whose context matches the query's rarer words (as recall's own pass chooses them). */
function contextCandidates(mind: Mind, words: readonly string[]) {
  const db = mind.store.db;
  const byRarity = words.map((word) => ({ word, frequency: contextWordFrequency(db, word) })).sort((a, b) => a.frequency - b.frequency);
  const rare: string[] = [];
  let budget = CONTEXT_RANKING_BUDGET;
  for (const { word, frequency } of byRarity) {
    if (frequency === 0) continue;
    if (frequency > budget) break;
    rare.push(word);
    budget -= frequency;
  }
  return rare.length === 0 ? [] : rankedContextMatches(db, rare, CONTEXT_POOL);
}

/**
 * The absolute windows a query names, plus the one an anchored expression ("the week after the
 * bake sale") names once its event is found: the turn that best matches the anchor's words.
 */
function placeTime(mind: Mind, reading: TimeReading): TimeWindow[] {
  const windows = [...reading.windows];
  if (reading.anchored !== null) {
    const anchorWords = searchWords(reading.anchored.anchor);
    const [event] = bestTurns(mind, anchorWords);
    if (event !== undefined) windows.push(anchoredWindow(reading.anchored, event.at));
  }
  return windows;
}

/** The turns best matching some words by their own text and context, with when they were said. */
function bestTurns(mind: Mind, words: readonly string[]): { seq: number; at: number }[] {
  const db = mind.store.db;
  const context = new Map(contextCandidates(mind, words).map((c) => [c.seq, c.bm25]));
  const own = new Map(scoresOf(db, 'own', words, [...context.keys()]).map((c) => [c.seq, c.bm25]));
  const facts = turnFacts(db, [...context.keys()]);
  return [...context.keys()]
    .filter((seq) => facts.has(seq))
    .map((seq) => ({ seq, at: (facts.get(seq) as TurnFacts).at, score: (own.get(seq) ?? 0) + CONTEXT_WEIGHT * (context.get(seq) ?? 0) }))
    .sort((a, b) => b.score - a.score || a.seq - b.seq);
}
