/**
 * How well a conversation turn answers a query, using the conversation: a turn is found by its own
 * words and by its context (its speaker, its date in words, the turns just before and after, kept
 * in the context index by migration 0014), and a query that names a time prefers the turns said
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
  holdsTurns,
  rankedTurns,
  recallableRecords,
  type ScoredSeq,
  type SeqRange,
  speakersAmong,
  turnFacts,
  turnSeqsBetween,
  turnsBetween,
  turnsBySpeaker,
  turnsFollowing,
  turnWordFrequency,
} from '../store/turn-context-query';
import type { Mind } from './mind';
import { wordsWithinBudget } from './ranking-budget';

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
/** Turns ranked per query (and per named window). */
const TURN_POOL = 100;
const WINDOW_POOL = 100;
/** As for the memories' own index (recall.ts): how many matching turns one ranking may score. */
const TURN_RANKING_BUDGET = 2_000;
/** A query names a few times at most; more windows would only cost. */
const MAX_WINDOWS = 3;

export interface TurnEvidence {
  /** bm25 of the turn's own words and its context together (0: no word matched). */
  words: number;
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
}

/** A turn's relevance, on the bm25 scale of the memories' own index. */
export function turnScore(evidence: TurnEvidence): number {
  // With no words to match (the query named only a time or a person), being said then, or by them, is the relevance.
  const named = evidence.inTime === true || evidence.bySpeaker === true;
  const base = named ? Math.max(evidence.words, 1) : evidence.words;
  return base * (evidence.inTime === true ? TIME_BOOST : 1) * (evidence.bySpeaker === true ? SPEAKER_BOOST : 1);
}

/**
 * The turns worth considering for a query and their evidence. `ownFound` maps the memories the
 * own-words pass found to their bm25 there (a turn the turn index did not rank keeps that).
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

  const ranked = new Map<number, number>();
  for (const { seq, bm25 } of rankedWithinBudget(mind, words, null)) ranked.set(seq, bm25);
  const windows = placeTime(mind, reading);
  for (const window of windows.slice(0, MAX_WINDOWS)) {
    if (words.length === 0) {
      for (const seq of turnsBetween(db, window.from, window.to, WINDOW_POOL)) if (!ranked.has(seq)) ranked.set(seq, 0);
      continue;
    }
    const range = turnSeqsBetween(db, window.from, window.to);
    if (range === null) continue;
    for (const { seq, bm25 } of rankedWithinBudget(mind, words, range)) if (!ranked.has(seq)) ranked.set(seq, bm25);
  }

  // A person named and nothing else found ("What did Omar say?"): what they said last.
  if (ranked.size === 0) for (const speaker of speakers) for (const seq of turnsBySpeaker(db, speaker, WINDOW_POOL)) ranked.set(seq, 0);

  passToTheTurnTwoAfter(mind, ranked);
  const seqs = [...new Set([...ownFound.keys(), ...ranked.keys()])];
  const facts = turnFacts(db, seqs);
  const timed = windows.length > 0 || reading.months.length > 0;
  const inWindows = { windows, months: reading.months };
  const turns = new Map<number, TurnEvidence>();
  for (const seq of seqs) {
    const fact = facts.get(seq);
    if (fact === undefined) continue;
    turns.set(seq, {
      // A turn below the turn index's pool keeps its own words' score: it is not among the best there.
      words: ranked.get(seq) ?? (speakers.length > 0 ? 0 : (ownFound.get(seq) ?? 0)),
      inTime: timed ? withinReading(inWindows, fact.at) : null,
      bySpeaker: speakers.length > 0 ? speakers.includes(fact.speaker) : null,
    });
  }
  const newSeqs = [...turns.keys()].filter((seq) => !ownFound.has(seq));
  return { turns, extraRecords: recallableRecords(db, newSeqs, types) };
}

/**
 * A person who brings something up often tells of it in their next turn, after the other asks
 * ("I had a picnic with friends from church" / "What did you play?" / "Charades and a scavenger
 * hunt"): the answer shares no word with the question, and its context (the turns just before and
 * after it) holds only the follow-up question. So the best matches pass a share of their relevance
 * to the turn two after them. On LoCoMo's conversations a share of 0.5 lifted evidence in the top 10
 * from 81.4% to 82.4% of questions (0.75: 83.7%); on the generated held-out split, whose replies
 * follow their question directly, 0.5 left recall@10 within 0.2 points and 0.75 cost 1.3.
 */
const FOLLOWING_TURN_SHARE = 0.5;
/** The best matches that pass relevance on. */
const PASSING_TURNS = 10;

function passToTheTurnTwoAfter(mind: Mind, ranked: Map<number, number>): void {
  const best = [...ranked].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, PASSING_TURNS);
  const relevanceOf = new Map(best);
  for (const [from, seq, after] of turnsFollowing(mind.store.db, best.map(([seq]) => seq), 2)) {
    if (after !== 2) continue;
    const passed = (relevanceOf.get(from) ?? 0) * FOLLOWING_TURN_SHARE;
    if (passed > (ranked.get(seq) ?? 0)) ranked.set(seq, passed);
  }
}

/** The turns best matching the query's rarer words (as recall's own pass chooses them), within a range of seqs when given. */
function rankedWithinBudget(mind: Mind, words: readonly string[], range: SeqRange | null): ScoredSeq[] {
  const db = mind.store.db;
  const { rare } = wordsWithinBudget(words, (word) => turnWordFrequency(db, word), TURN_RANKING_BUDGET);
  return rare.length === 0 ? [] : rankedTurns(db, rare, CONTEXT_WEIGHT, range === null ? TURN_POOL : WINDOW_POOL, range);
}

/**
 * The absolute windows a query names, plus the one an anchored expression ("the week after the
 * bake sale") names once its event is found: the turn that best matches the anchor's words.
 */
function placeTime(mind: Mind, reading: TimeReading): TimeWindow[] {
  const windows = [...reading.windows];
  if (reading.anchored !== null) {
    const [event] = rankedWithinBudget(mind, searchWords(reading.anchored.anchor), null);
    const at = event === undefined ? undefined : turnFacts(mind.store.db, [event.seq]).get(event.seq)?.at;
    if (at !== undefined) windows.push(anchoredWindow(reading.anchored, at));
  }
  return windows;
}
