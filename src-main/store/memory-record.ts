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
type RecordKey = keyof MemoryRecord;
const RECORD_KEYS: readonly RecordKey[] = ['seq', ...(Object.keys(COLUMN_OF) as (keyof MemoryWrite)[]), 'tier'];
const RECORD_COLUMNS: readonly string[] = ['seq', ...Object.values(COLUMN_OF), 'tier'];
/** Where each key's value sits in a raw row. */
const AT = Object.fromEntries(RECORD_KEYS.map((key, i) => [key, i])) as Readonly<Record<RecordKey, number>>;

/** The select list `recordFromValues` reads: a memory row's columns under `alias`, in record order. */
export function recordColumns(alias: string): string {
  return RECORD_COLUMNS.map((column) => `${alias}.${column}`).join(', ');
}

/**
 * A record from a raw row (better-sqlite3's `.raw()`) that starts with `recordColumns`: a page of
 * memories reads about twice as fast this way as through row objects (a hot path, like search).
 * One object literal, so every record shares one shape: filling an empty object key by key made
 * each record a slow dictionary and cost more than the query. The type keeps the list complete.
 */
export function recordFromValues(values: readonly unknown[]): MemoryRecord {
  return {
    seq: values[AT.seq] as MemoryRecord['seq'],
    id: values[AT.id] as MemoryRecord['id'],
    type: values[AT.type] as MemoryRecord['type'],
    content: values[AT.content] as MemoryRecord['content'],
    fields: JSON.parse(values[AT.fields] as string) as MemoryRecord['fields'],
    sourceType: values[AT.sourceType] as MemoryRecord['sourceType'],
    sourceEntity: values[AT.sourceEntity] as MemoryRecord['sourceEntity'],
    confidence: values[AT.confidence] as MemoryRecord['confidence'],
    alpha: values[AT.alpha] as MemoryRecord['alpha'],
    beta: values[AT.beta] as MemoryRecord['beta'],
    timesReinforced: values[AT.timesReinforced] as MemoryRecord['timesReinforced'],
    verificationCount: values[AT.verificationCount] as MemoryRecord['verificationCount'],
    lastVerifiedAt: values[AT.lastVerifiedAt] as MemoryRecord['lastVerifiedAt'],
    lastReinforcedAt: values[AT.lastReinforcedAt] as MemoryRecord['lastReinforcedAt'],
    reviewStatus: values[AT.reviewStatus] as MemoryRecord['reviewStatus'],
    status: values[AT.status] as MemoryRecord['status'],
    protected: values[AT.protected] === 1,
    scope: values[AT.scope] as MemoryRecord['scope'],
    project: values[AT.project] as MemoryRecord['project'],
    stability: values[AT.stability] as MemoryRecord['stability'],
    accessCount: values[AT.accessCount] as MemoryRecord['accessCount'],
    lastAccessedAt: values[AT.lastAccessedAt] as MemoryRecord['lastAccessedAt'],
    codeRefCount: values[AT.codeRefCount] as MemoryRecord['codeRefCount'],
    eventEvidenceCount: values[AT.eventEvidenceCount] as MemoryRecord['eventEvidenceCount'],
    supersededBy: values[AT.supersededBy] as MemoryRecord['supersededBy'],
    createdAt: values[AT.createdAt] as MemoryRecord['createdAt'],
    updatedAt: values[AT.updatedAt] as MemoryRecord['updatedAt'],
    version: values[AT.version] as MemoryRecord['version'],
    tier: values[AT.tier] as MemoryRecord['tier'],
  };
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

