/**
 * A memory row as the domain layer sees it: camelCase, epoch-ms times, parsed JSON fields.
 */
import type { MemoryState, MemoryStatus, MemoryType, ReviewStatus, SourceType, Tier } from '../../shared/model';

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

export function toRecord(row: MemoryRow): MemoryRecord {
  return {
    seq: row.seq as number,
    id: row.id as string,
    type: row.type as MemoryType,
    content: row.content as string,
    fields: JSON.parse(row.fields as string) as Record<string, unknown>,
    sourceType: row.source_type as SourceType,
    sourceEntity: row.source_entity as string | null,
    confidence: row.confidence as number,
    alpha: row.alpha as number | null,
    beta: row.beta as number | null,
    timesReinforced: row.times_reinforced as number,
    verificationCount: row.verification_count as number,
    lastVerifiedAt: row.last_verified_at as number | null,
    lastReinforcedAt: row.last_reinforced_at as number | null,
    reviewStatus: row.review_status as ReviewStatus | null,
    status: row.status as MemoryStatus,
    protected: row.protected === 1,
    scope: row.scope as string,
    project: row.project as string | null,
    stability: row.stability as number,
    accessCount: row.access_count as number,
    lastAccessedAt: row.last_accessed_at as number | null,
    codeRefCount: row.code_ref_count as number,
    eventEvidenceCount: row.event_evidence_count as number,
    supersededBy: row.superseded_by as string | null,
    createdAt: row.created_at as number,
    updatedAt: row.updated_at as number,
    version: row.version as number,
    tier: row.tier as Tier,
  };
}

/** A value as SQLite stores it: JSON for fields, 0/1 for booleans. */
export function toColumnValue(key: keyof MemoryWrite, value: unknown): unknown {
  if (key === 'fields') return JSON.stringify(value);
  if (key === 'protected') return value ? 1 : 0;
  return value;
}
