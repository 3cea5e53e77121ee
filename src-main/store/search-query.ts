/** Full-text search ranked by bm25 × tier boost. */
import { TIER_BOOST } from '../../shared/rules/tiers';
import type { Db } from './connection';
import { allTermsExpression, ftsMatchExpression, INDEXED_PREFIX_LENGTH, phrasesAllExpression, phrasesAnyExpression, type SearchTerm, searchTerms, termExpression } from './fts-expression';
import { markedSnippet, queryTermsOf } from './fts-snippet';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import type { IndexedWord } from './search-vocabulary';
import { stmt } from './statements';

/**
 * What a hit carries of its memory: enough to list, rank and open it, and to read its confidence
 * now. Not the whole row: better-sqlite3 spends some 0.3 µs on every value it hands over, and a
 * page of whole rows (31 values each) cost more than finding the page. The full memory is one
 * lookup away.
 */
export type SearchHitMemory = Pick<
  MemoryRecord,
  'id' | 'type' | 'tier' | 'status' | 'reviewStatus' | 'version' | 'content' | 'confidence' | 'protected' | 'createdAt' | 'lastVerifiedAt' | 'lastReinforcedAt'
>;

export interface SearchHit {
  memory: SearchHitMemory;
  score: number;
  snippet: string;
}

/**
 * How many postings a search may rank exhaustively: its words' matches, counted word by word
 * (a word in three memories and one in four thousand make 4,003). bm25 costs every one of them:
 * FTS5 counts each word's matches for its weight, then scores every row that holds them all. Up
 * to here (a few milliseconds) a search is ranked exactly, by bm25 over every match × tier.
 */
export const RANKING_BUDGET = 5_000;

/**
 * `relevance`: bm25 over every match × the tier boost. `newest`: the words are too common to rank
 * within the budget; the hits are the newest memories holding them all, best tier first.
 */
export type SearchRanking = 'relevance' | 'newest';

export interface SearchPage {
  hits: SearchHit[];
  ranking: SearchRanking;
  /** The words searched, as FTS5 was asked for them (the last one possibly a prefix). */
  terms: SearchTerm[];
}

/**
 * A page of hits. Words whose matches fit the ranking budget are ranked as they always were:
 * bm25 picks a pool (10× the page, at least 200) and the tier boost re-ranks within it, so a
 * grounded memory a few bm25 places down still surfaces above a hypothesis (boosts differ by at
 * most 4×). Commoner words would cost a walk of every match (90 ms for `dep` in a million
 * memories), so their pool is the newest matches instead (`newestPool`): FTS5 walks the postings
 * newest first and stops there. Either way the costly parts run for the returned page only: the page's columns
 * (raw arrays, not row objects) and indexed texts are read by rowid, and the snippets are cut from
 * those texts in JavaScript (`fts-snippet.ts`: FTS5's `snippet()` would run the match again).
 */
export function searchMemoryHits(db: Db, text: string, limit: number): SearchPage {
  const typed = searchTerms(text);
  const plan = planSearch(db, typed);
  if (plan === null) return { hits: [], ranking: 'relevance', terms: typed };
  const match = plan.match;
  const rows = (
    plan.ranking === 'relevance'
      ? stmt(db, RELEVANCE_SQL).raw().all({ match, pool: Math.max(200, limit * 10), limit })
      : stmt(db, NEWEST_SQL).raw().all({ match, pool: newestPool(limit), limit })
  ) as unknown[][];
  // Marked by the words as typed (a prefix stays a prefix, whatever words FTS5 was asked for).
  const terms = queryTermsOf(allTermsExpression(plan.terms));
  const hits = rows.map((values) => ({
    memory: {
      id: values[0] as string,
      type: values[1] as MemoryRecord['type'],
      tier: values[2] as MemoryRecord['tier'],
      status: values[3] as MemoryRecord['status'],
      reviewStatus: values[4] as MemoryRecord['reviewStatus'],
      version: values[5] as number,
      content: values[6] as string,
      confidence: values[7] as number,
      protected: values[8] === 1,
      createdAt: values[9] as number,
      lastVerifiedAt: values[10] as number | null,
      lastReinforcedAt: values[11] as number | null,
    },
    score: values[12] as number,
    snippet: markedSnippet(values[13] as string, terms),
  }));
  return { hits, ranking: plan.ranking, terms: plan.terms };
}

/**
 * How to ask for the words: counts each word's matches, each count stopping where the budget
 * left would be exceeded (a walk of at most `limit` postings in all, about 0.3 ms for search's).
 * Null when a word matches nothing (then nothing holds them all). A last word longer than the
 * prefix index that is itself a word held by more memories than the budget matches as that word:
 * its longer forms would not make the newest matches any fuller. FTS5 answers any other prefix it
 * has no index for by merging the postings of every word that starts with it, all of them before
 * the first row (`traci`: 116,000 postings, 4.5 ms, and search asked twice: to count, then to
 * find); where those words hold more postings than the budget, the prefix is asked as those words
 * OR-ed (`completions`): FTS5 walks their lists side by side and stops at the count's cap or the
 * pool. Ranked by relevance (their matches fit the budget after all) the prefix is asked as
 * itself, since bm25 weighs a prefix as one term, and the ranking stays as it always was.
 */
function planSearch(db: Db, typed: readonly SearchTerm[], limit = RANKING_BUDGET): SearchPlan | null {
  const last = typed[typed.length - 1];
  if (last === undefined) return null;
  const asked = typed.map(termExpression);
  if (last.prefix && last.word.length > INDEXED_PREFIX_LENGTH) {
    const asWord = { word: last.word, prefix: false };
    if (postingsUpTo(db, termExpression(asWord), limit) > limit) {
      const terms = [...typed.slice(0, -1), asWord];
      return { terms, ranking: 'newest', match: allTermsExpression(terms) };
    }
    const words = completions(db, last);
    if (words.reduce((sum, word) => sum + word.memories, 0) > limit) asked[asked.length - 1] = `(${words.map((word) => termExpression({ word: word.word, prefix: false })).join(' OR ')})`;
  }
  let budget = limit;
  for (const expression of asked) {
    const postings = postingsUpTo(db, expression, budget);
    if (postings === 0) return null;
    budget -= postings;
    // AND spelled out: FTS5 joins a phrase and a parenthesized group by no implicit AND.
    if (budget < 0) return { terms: [...typed], ranking: 'newest', match: asked.join(' AND ') };
  }
  return { terms: [...typed], ranking: 'relevance', match: allTermsExpression(typed) };
}

/** The words as typed (for marking matches), how they rank, and the MATCH expression that finds them. */
interface SearchPlan {
  terms: SearchTerm[];
  ranking: SearchRanking;
  match: string;
}

/** The last code point: every word starting with a prefix sorts below the prefix followed by it. */
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

/**
 * The indexed words starting with `prefix`, and how many memories hold each: a range of FTS5's own
 * vocabulary (fts5vocab, made once per connection), which reads those words' lists to count them
 * (half of what FTS5's merge of them costs, and once instead of twice).
 */
function completions(db: Db, term: SearchTerm): IndexedWord[] {
  // The prefix as the tokenizer reads it (folded, stemmed: `deploy` is indexed as `deploi`); one token or none here.
  const stems = queryTermsOf(termExpression(term)).terms[0]?.stems ?? [];
  const prefix = stems[0];
  if (stems.length !== 1 || prefix === undefined) return [];
  if (!withTermsTable.has(db)) {
    db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.memories_fts_terms USING fts5vocab(main, memories_fts, row)');
    withTermsTable.add(db);
  }
  return stmt(db, 'SELECT term AS word, doc AS memories FROM temp.memories_fts_terms WHERE term >= ? AND term < ?').all(prefix, prefix + LAST_CODE_POINT) as IndexedWord[];
}
const withTermsTable = new WeakSet<Db>();


/**
 * The postings budget of a list filtered by text (the Browser's search box), and the most memories
 * holding the words such a list reads. Lower than search's: a list reads each candidate's row to
 * filter and sort it, and FTS5 walks the postings until it has found that many: at a million
 * memories, two common words that seldom meet were walked 60% deep for the newest 2,000 (about 6.5
 * ms in all) and 30% for the newest 1,000 (3.7 ms). A person pages through a few hundred at most;
 * past the budget the list says it holds the newest matches only.
 */
export const LIST_TEXT_BUDGET = 1_000;

/**
 * The memories a list filtered by text draws from, as FTS5 is asked for them (`sql`: one parameter,
 * the `match`). `complete`: the words' matches fit the budget, so these are every memory holding
 * them, and the list is exact. Otherwise they are the newest LIST_TEXT_BUDGET memories holding
 * them (FTS5 walks the postings newest first and stops), with search's reading of the words (a
 * last word past the prefix index, itself too common, as that word). Null: no words, or a word
 * nothing holds.
 */
export interface TextPool {
  match: string;
  complete: boolean;
}

export function textPool(db: Db, text: string): TextPool | null {
  const plan = planSearch(db, searchTerms(text), LIST_TEXT_BUDGET);
  return plan === null ? null : { match: plan.match, complete: plan.ranking === 'relevance' };
}

/** The pool's memories, newest first: never more than LIST_TEXT_BUDGET, whatever the words. */
export const TEXT_POOL_SQL = `SELECT rowid AS seq FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC LIMIT ${LIST_TEXT_BUDGET}`;

/**
 * How many of the newest matches the tier orders when the words are too common to rank: twice the
 * page (at least 100). Each costs a read of its memory's row; the pool only lifts the better-founded
 * of the latest matches to the top, so it need not be as wide as a relevance pool.
 */
export const newestPool = (limit: number): number => Math.max(100, limit * 2);

/** How many memories match an expression (one term), counted up to `cap + 1` (enough to know it is more than `cap`). */
function postingsUpTo(db: Db, expression: string, cap: number): number {
  return (stmt(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM memories_fts WHERE memories_fts MATCH @match LIMIT +@cap)').get({ match: expression, cap: cap + 1 }) as { n: number }).n;
}

const TIER_BOOST_SQL = `CASE m.tier WHEN 'grounded' THEN ${TIER_BOOST.grounded} WHEN 'observed' THEN ${TIER_BOOST.observed}
  WHEN 'inferred' THEN ${TIER_BOOST.inferred} ELSE ${TIER_BOOST.hypothesis} END`;

/**
 * The page's rows, read by rowid for the `page` a ranking picked (`seq`, `score`), in its order.
 * `LIMIT +@n`, not `LIMIT @n`: SQLite's planner reads a bare parameter limit's value, and then
 * re-prepares the statement at every run to read it again.
 */
const pageSql = (rank: string, order: string) => `
  WITH ${rank}
  SELECT m.id, m.type, m.tier, m.status, m.review_status, m.version, m.content, m.confidence, m.protected,
    m.created_at, m.last_verified_at, m.last_reinforced_at, page.score, f.text
  FROM page CROSS JOIN memories m CROSS JOIN memories_fts f
  WHERE m.seq = page.seq AND f.rowid = page.seq
  ORDER BY ${order}`;

/**
 * The pool ranked on bm25 and tier alone (SQLite sorts on `bm25()`: FTS5's own `ORDER BY rank`
 * prepares a nested statement per query).
 */
const RELEVANCE_SQL = pageSql(
  `hits AS (
    SELECT rowid AS seq, bm25(memories_fts) AS bm25 FROM memories_fts WHERE memories_fts MATCH @match
    ORDER BY bm25, rowid LIMIT +@pool),
  page AS MATERIALIZED (
    SELECT m.seq AS seq, -hits.bm25 * ${TIER_BOOST_SQL} AS score FROM hits JOIN memories m ON m.seq = hits.seq
    WHERE m.status != 'forgotten' ORDER BY score DESC, m.seq LIMIT +@limit)`,
  'page.score DESC, page.seq',
);

/** The newest matches (no bm25: it would count every match of each word), best tier first, then newest; the score is the tier boost. */
const NEWEST_SQL = pageSql(
  `newest AS (
    SELECT rowid AS seq FROM memories_fts WHERE memories_fts MATCH @match ORDER BY rowid DESC LIMIT +@pool),
  page AS MATERIALIZED (
    SELECT m.seq AS seq, ${TIER_BOOST_SQL} AS score FROM newest JOIN memories m ON m.seq = newest.seq
    WHERE m.status != 'forgotten' ORDER BY score DESC, m.seq DESC LIMIT +@limit)`,
  'page.score DESC, page.seq DESC',
);

/**
 * Active beliefs that share a content term with a statement AND contain one of the opposing
 * forms a rule contradiction needs, or one of the `turnable` forms with a negator (which turns it
 * over): the near neighbours a contradiction check compares (never all pairs). Requiring the
 * forms keeps the match set small even for common topic words.
 */
export function beliefNeighbours(
  db: Db,
  query: { words: readonly string[]; opposing: readonly string[]; turnable: readonly string[]; negators: readonly string[] },
  limit: number,
  excludeSeq: number | null,
): MemoryRecord[] {
  const topic = ftsMatchExpression(query.words.join(' '), 'any');
  const sides = [
    ...(query.opposing.length > 0 ? [`(${phrasesAnyExpression(query.opposing)})`] : []),
    ...(query.turnable.length > 0 ? [`((${phrasesAnyExpression(query.turnable)}) AND (${phrasesAnyExpression(query.negators)}))`] : []),
  ];
  if (topic === null || sides.length === 0) return [];
  return activeBeliefsMatching(db, `(${topic}) AND (${sides.join(' OR ')})`, limit, excludeSeq);
}

/**
 * Active beliefs holding every one of `words`, and a negator (`negated`) or none: the statements
 * that may say the same as a statement, denied or affirmed.
 */
export function beliefsSayingAll(
  db: Db,
  query: { words: readonly string[]; negators: readonly string[]; negated: boolean },
  limit: number,
  excludeSeq: number | null,
): MemoryRecord[] {
  if (query.words.length === 0) return [];
  const every = phrasesAllExpression(query.words);
  const negators = phrasesAnyExpression(query.negators);
  return activeBeliefsMatching(db, query.negated ? `(${every}) AND (${negators})` : `(${every}) NOT (${negators})`, limit, excludeSeq);
}

function activeBeliefsMatching(db: Db, match: string, limit: number, excludeSeq: number | null): MemoryRecord[] {
  const rows = stmt(
    db,
    `SELECT m.* FROM memories_fts f JOIN memories m ON m.seq = f.rowid
     WHERE memories_fts MATCH ? AND m.type = 'belief' AND m.status = 'active' AND m.seq != ?
     ORDER BY f.rank LIMIT ?`,
  ).all(match, excludeSeq ?? -1, limit) as MemoryRow[];
  return rows.map(toRecord);
}

/**
 * One page of the memories whose text holds any of `phrases`, in seq order after `afterSeq`, and
 * the active beliefs among them: the store-wide contradiction scan walks the index this way, so
 * each page costs a rowid-range read rather than the whole match set.
 */
export function polarityPage(
  db: Db,
  phrases: readonly string[],
  afterSeq: number,
  pageSize: number,
): { beliefs: MemoryRecord[]; lastSeq: number | null } {
  const seqs = (
    stmt(db, 'SELECT rowid AS seq FROM memories_fts WHERE memories_fts MATCH ? AND rowid > ? ORDER BY rowid LIMIT ?').all(
      phrasesAnyExpression(phrases),
      afterSeq,
      pageSize,
    ) as { seq: number }[]
  ).map((r) => r.seq);
  if (seqs.length === 0) return { beliefs: [], lastSeq: null };
  const rows = stmt(
    db,
    `SELECT * FROM memories WHERE seq IN (SELECT value FROM json_each(?)) AND type = 'belief' AND status = 'active'
     ORDER BY seq`,
  ).all(JSON.stringify(seqs)) as MemoryRow[];
  return { beliefs: rows.map(toRecord), lastSeq: seqs[seqs.length - 1] as number };
}

/**
 * Active memories of one type sharing words with a statement, best full-text match first: the
 * candidates a review compares an item with (possible duplicates). With three words or more a
 * candidate must share two of them (one shared word is never a duplicate, and common words alone
 * match a fifth of a large mind); FTS5 ranks a pool of the best matches by itself (`pool`), and
 * only those are joined.
 */
export function textNeighbours(db: Db, words: readonly string[], type: string, excludeSeq: number, limit: number, pool = 400): MemoryRecord[] {
  const quoted = [...new Set(words.map((w) => w.toLowerCase().match(/[\p{L}\p{N}_]+/gu)?.join(' ') ?? ''))].filter((w) => w !== '').map((w) => `"${w}"`);
  if (quoted.length === 0) return [];
  const pairs: string[] = [];
  for (let i = 0; i < quoted.length; i += 1) for (let j = i + 1; j < quoted.length; j += 1) pairs.push(`(${quoted[i]} AND ${quoted[j]})`);
  const match = quoted.length >= 3 ? pairs.join(' OR ') : quoted.join(' OR ');
  const rows = stmt(
    db,
    `WITH hits AS (SELECT rowid AS seq, rank FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?)
     SELECT m.* FROM hits JOIN memories m ON m.seq = hits.seq
     WHERE m.type = ? AND m.status = 'active' AND m.seq != ? ORDER BY hits.rank LIMIT ?`,
  ).all(match, pool, type, excludeSeq, limit) as MemoryRow[];
  return rows.map(toRecord);
}

