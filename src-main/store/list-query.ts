/**
 * Filtered memory lists with keyset pagination, over the live table or over the version history
 * as of a past instant. Each filter+sort the UI uses has a `(filter, updated_at)` index.
 */
import type { MemoryStatus, MemoryType, ReviewStatus, SourceType, Tier } from '../../shared/model';
import { DECAY, type DecayConfig } from '../../shared/rules/decay';
import { MindError } from '../../shared/errors';
import type { Db } from './connection';
import { type MemoryRecord, recordColumns, recordFromValues } from './memory-record';
import { LIST_TEXT_BUDGET, TEXT_POOL_SQL, textPool } from './search-query';
import { stmt } from './statements';

export interface MemoryFilter {
  types?: readonly MemoryType[];
  tiers?: readonly Tier[];
  statuses?: readonly MemoryStatus[];
  /** `none`: entered directly, never queued for review. */
  reviewStatuses?: readonly (ReviewStatus | 'none')[];
  sourceTypes?: readonly SourceType[];
  minConfidence?: number;
  maxConfidence?: number;
  scope?: string;
  text?: string;
  /** Only memories stale at this instant (epoch ms): a whole decay period without verification or reinforcement. */
  staleAt?: number;
  /** Only these memories (a live refresh placing the rows that changed). */
  ids?: readonly string[];
  /**
   * Leave out memories changed after this journal position, but for `except` (a live refresh
   * places rows only after rows the window already shows where they are).
   */
  unchangedSince?: { journalSeq: number; except: readonly string[] };
}

export const SORT_KEYS = ['updated', 'created', 'confidence', 'type', 'tier'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
const SORT_COLUMN: Record<SortKey, string> = {
  updated: 'updated_at',
  created: 'created_at',
  confidence: 'confidence',
  type: 'type',
  tier: 'tier',
};
export type SortValue = number | string;

export interface KeysetPage {
  sort: SortKey;
  direction: 'asc' | 'desc';
  limit: number;
  /** The sort value and seq of the last row of the previous page. */
  after?: { value: SortValue; seq: number };
  /** Epoch ms: list the mind as it stood then. */
  asOf?: number;
}

/**
 * shared/rules/decay `isStale` in SQL: the decay clock (the last verification or reinforcement,
 * else creation) older than one period of the type's decay; types that do not decay are never stale.
 */
const STALE_SQL = `(? - coalesce(max(m.last_verified_at, m.last_reinforced_at), m.last_verified_at, m.last_reinforced_at, m.created_at)) >
  CASE m.type ${Object.entries(DECAY)
    .map(([type, config]) => `WHEN '${type}' THEN ${(config as DecayConfig).periodDays * 86_400_000}`)
    .join(' ')} ELSE NULL END`;

/**
 * Active memories stale at `now`, counted up to `cap` (more reads as `cap + 1`): walked oldest
 * first along the creation index, where the stale ones are, so a large mind is not read whole.
 */
export function countStaleUpTo(db: Db, now: number, cap: number): number {
  return (
    stmt(
      db,
      `SELECT count(*) AS n FROM (SELECT 1 FROM memories m INDEXED BY memories_created WHERE +m.status = 'active' AND ${STALE_SQL}
       ORDER BY m.created_at LIMIT ?)`,
    ).get(now, cap + 1) as { n: number }
  ).n;
}

/**
 * With a text filter: how many memories the whole list holds (every filter applied), among those
 * its words' pool reads. `complete` false: more memories hold the words than a list reads; the
 * list is drawn from the newest LIST_TEXT_BUDGET of them, and more beyond may match.
 */
export interface TextMatches {
  count: number;
  complete: boolean;
}

export interface ListRecords {
  records: MemoryRecord[];
  /** Null without a text filter. */
  text: TextMatches | null;
}

export function listMemoryRecords(db: Db, filter: MemoryFilter, page: KeysetPage): MemoryRecord[] {
  return listMemoryPage(db, filter, page).records;
}

export function listMemoryPage(db: Db, filter: MemoryFilter, page: KeysetPage): ListRecords {
  const where: string[] = [];
  const params: unknown[] = [];
  const table = page.asOf === undefined ? 'memories' : 'memory_versions';
  if (page.asOf !== undefined) {
    // A version's updated_at is its valid_from: bounding it too lets the (updated_at, seq) index
    // start at asOf instead of walking every later version first (the default "updated" sort).
    where.push('m.valid_from <= ? AND m.updated_at <= ? AND (m.valid_to IS NULL OR m.valid_to > ?)');
    params.push(page.asOf, page.asOf, page.asOf);
  }
  const inList = (column: string, values: readonly unknown[] | undefined) => {
    if (!values || values.length === 0) return;
    where.push(`m.${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  inList('type', filter.types);
  inList('tier', filter.tiers);
  inList('status', filter.statuses);
  inList('source_type', filter.sourceTypes);
  if (filter.reviewStatuses && filter.reviewStatuses.length > 0) {
    const named = filter.reviewStatuses.filter((s) => s !== 'none');
    const parts = named.length > 0 ? [`m.review_status IN (${named.map(() => '?').join(', ')})`] : [];
    if (filter.reviewStatuses.includes('none')) parts.push('m.review_status IS NULL');
    where.push(`(${parts.join(' OR ')})`);
    params.push(...named);
  }
  if (filter.minConfidence !== undefined) {
    where.push('m.confidence >= ?');
    params.push(filter.minConfidence);
  }
  if (filter.maxConfidence !== undefined) {
    where.push('m.confidence <= ?');
    params.push(filter.maxConfidence);
  }
  if (filter.scope !== undefined) {
    where.push('m.scope = ?');
    params.push(filter.scope);
  }
  if (filter.staleAt !== undefined) {
    where.push(STALE_SQL);
    params.push(filter.staleAt);
  }
  if (filter.ids !== undefined) {
    where.push('m.id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(filter.ids));
  }
  if (filter.unchangedSince !== undefined) {
    where.push(
      '(m.id IN (SELECT value FROM json_each(?)) OR m.id NOT IN (SELECT memory_id FROM journal WHERE seq > ? AND memory_id IS NOT NULL))',
    );
    params.push(JSON.stringify(filter.unchangedSince.except), filter.unchangedSince.journalSeq);
  }
  const column = `m.${SORT_COLUMN[page.sort]}`;
  const op = page.direction === 'asc' ? '>' : '<';
  const dir = page.direction === 'asc' ? 'ASC' : 'DESC';
  if (filter.text !== undefined && filter.text.trim() !== '') {
    // The full-text index holds today's words only: matching past states against it would be wrong.
    if (page.asOf !== undefined) throw new MindError('invalid_input', 'A text filter cannot list the past (asOf): the search index holds the present only.');
    return textListPage(db, filter.text, { where, params, column, op, dir }, page);
  }
  if (page.after) {
    where.push(`(${column}, m.seq) ${op} (?, ?)`);
    params.push(page.after.value, page.after.seq);
  }
  const sql = `SELECT ${recordColumns('m')} FROM ${table} m ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${column} ${dir}, m.seq ${dir} LIMIT ?`;
  params.push(page.limit);
  return { records: (stmt(db, sql).raw().all(...params) as unknown[][]).map(recordFromValues), text: null };
}

/** A list's filters and order as SQL, for the text filter's query to wrap. */
interface ListSql {
  where: string[];
  params: unknown[];
  column: string;
  op: '<' | '>';
  dir: 'ASC' | 'DESC';
}

/**
 * A page of a list filtered by text. Its rows come from the words' pool (`textPool`): at most
 * LIST_TEXT_BUDGET memories, each read to apply the other filters and the sort, so a common word
 * costs what a rare one does; then only the page's rows are read whole. The pool and the list's
 * length are counted on the way (`summary`: one row even when the page is empty).
 */
function textListPage(db: Db, text: string, sql: ListSql, page: KeysetPage): ListRecords {
  const pool = textPool(db, text);
  if (pool === null) return { records: [], text: { count: 0, complete: true } };
  const keyset = page.after ? `WHERE (value, seq) ${sql.op} (?, ?)` : '';
  const rows = stmt(
    db,
    `WITH hits AS MATERIALIZED (${TEXT_POOL_SQL}),
     listed AS MATERIALIZED (
       SELECT m.seq AS seq, ${sql.column} AS value FROM hits CROSS JOIN memories m
       WHERE m.seq = hits.seq${sql.where.map((condition) => ` AND ${condition}`).join('')}),
     page AS MATERIALIZED (SELECT seq, value FROM listed ${keyset} ORDER BY value ${sql.dir}, seq ${sql.dir} LIMIT +?),
     summary AS (SELECT (SELECT count(*) FROM hits) AS pooled, (SELECT count(*) FROM listed) AS listed)
     SELECT summary.pooled, summary.listed, ${recordColumns('m')}
     FROM summary LEFT JOIN page ON 1 LEFT JOIN memories m ON m.seq = page.seq
     ORDER BY page.value ${sql.dir}, page.seq ${sql.dir}`,
  )
    .raw()
    .all(pool.match, ...sql.params, ...(page.after ? [page.after.value, page.after.seq] : []), page.limit) as unknown[][];
  // Every row starts with the summary's two counts (one row even when the page is empty); the memory follows.
  const [pooled, listed] = (rows[0] ?? [0, 0]) as [number, number];
  return {
    records: rows.filter((row) => row[2] !== null).map((row) => recordFromValues(row.slice(2))),
    // A pool smaller than the budget holds every match, whatever the postings counted.
    text: { count: listed, complete: pool.complete || pooled < LIST_TEXT_BUDGET },
  };
}

const SORT_FIELD: Record<SortKey, 'updatedAt' | 'createdAt' | 'confidence' | 'type' | 'tier'> = {
  updated: 'updatedAt',
  created: 'createdAt',
  confidence: 'confidence',
  type: 'type',
  tier: 'tier',
};

export function sortValueOf(record: MemoryRecord, sort: SortKey): SortValue {
  return record[SORT_FIELD[sort]];
}
