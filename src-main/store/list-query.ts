/**
 * Filtered memory lists with keyset pagination, over the live table or over the version history
 * as of a past instant. Each filter+sort the UI uses has a `(filter, updated_at)` index.
 */
import type { MemoryStatus, MemoryType, ReviewStatus, SourceType, Tier } from '../../shared/model';
import { DECAY, type DecayConfig } from '../../shared/rules/decay';
import type { Db } from './connection';
import { type MemoryRecord, type MemoryRow, toRecord } from './memory-record';
import { ftsMatchExpression } from './fts-expression';
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

export function listMemoryRecords(db: Db, filter: MemoryFilter, page: KeysetPage): MemoryRecord[] {
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
  if (filter.text !== undefined && filter.text.trim() !== '') {
    const match = ftsMatchExpression(filter.text);
    if (match === null) return [];
    where.push('m.seq IN (SELECT rowid FROM memories_fts WHERE memories_fts MATCH ?)');
    params.push(match);
  }
  const column = `m.${SORT_COLUMN[page.sort]}`;
  const op = page.direction === 'asc' ? '>' : '<';
  if (page.after) {
    where.push(`(${column}, m.seq) ${op} (?, ?)`);
    params.push(page.after.value, page.after.seq);
  }
  const dir = page.direction === 'asc' ? 'ASC' : 'DESC';
  const sql = `SELECT m.* FROM ${table} m ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${column} ${dir}, m.seq ${dir} LIMIT ?`;
  params.push(page.limit);
  return (stmt(db, sql).all(...params) as MemoryRow[]).map(toRecord);
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
