/**
 * A memory row as the domain layer sees it: camelCase, epoch-ms times, parsed JSON fields.
 */
import type { MemoryState } from '../../shared/model';

export interface MemoryRecord extends MemoryState<number> {
  /** The row's integer key: what links, full-text and vector rows point at. */
  seq: number;
}

/** The columns a caller may write; `seq` and `tier` belong to the database. */
export type MemoryWrite = Omit<MemoryRecord, 'seq' | 'tier'>;
export type MemoryPatch = Partial<Omit<MemoryWrite, 'id'>>;

export const COLUMN_OF: Readonly<Record<keyof MemoryWrite, string>> = {
  id: 'id',
  type: 'type',
  content: 'content',
  fields: 'fields',
  sourceType: 'source_type',
  sourceEntity: 'source_entity',
  confidence: 'confidence',
  alpha: 'alpha',
  beta: 'beta',
  timesReinforced: 'times_reinforced',
  verificationCount: 'verification_count',
  lastVerifiedAt: 'last_verified_at',
  lastReinforcedAt: 'last_reinforced_at',
  reviewStatus: 'review_status',
  status: 'status',
  protected: 'protected',
  scope: 'scope',
  project: 'project',
  stability: 'stability',
  accessCount: 'access_count',
  lastAccessedAt: 'last_accessed_at',
  codeRefCount: 'code_ref_count',
  eventEvidenceCount: 'event_evidence_count',
  supersededBy: 'superseded_by',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  version: 'version',
};

export type MemoryRow = Record<string, unknown>;

/** A record's keys, and the columns they are read from, in one order. */
const RECORD_KEYS: readonly string[] = ['seq', ...Object.keys(COLUMN_OF), 'tier'];
const RECORD_COLUMNS: readonly string[] = ['seq', ...Object.values(COLUMN_OF), 'tier'];
const FIELDS_AT = RECORD_KEYS.indexOf('fields');
const PROTECTED_AT = RECORD_KEYS.indexOf('protected');

/** The select list `recordFromValues` reads: a memory row's columns under `alias`, in record order. */
export function recordColumns(alias: string): string {
  return RECORD_COLUMNS.map((column) => `${alias}.${column}`).join(', ');
}

/**
 * A record from a raw row (better-sqlite3's `.raw()`) that starts with `recordColumns`: a page of
 * memories reads about twice as fast this way as through row objects (a hot path, like search).
 */
export function recordFromValues(values: readonly unknown[]): MemoryRecord {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < RECORD_KEYS.length; i += 1) record[RECORD_KEYS[i] as string] = values[i];
  record.fields = JSON.parse(values[FIELDS_AT] as string);
  record.protected = values[PROTECTED_AT] === 1;
  return record as unknown as MemoryRecord;
}

export function toRecord(row: MemoryRow): MemoryRecord {
  return recordFromValues(RECORD_COLUMNS.map((column) => row[column]));
}

/** A value as SQLite stores it: JSON for fields, 0/1 for booleans. */
export function toColumnValue(key: keyof MemoryWrite, value: unknown): unknown {
  if (key === 'fields') return JSON.stringify(value);
  if (key === 'protected') return value ? 1 : 0;
  return value;
}

