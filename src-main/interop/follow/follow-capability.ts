/**
 * What an importer offers to keep a source linked (`import KIND PATH --follow`): the files whose
 * change means the source may hold something new, and a cursor query, "what is new or changed
 * since this cursor", read in one consistent snapshot of the source. The linked-source sync
 * (linked-sync.ts) does the rest the same way for every importer: new records as an import plan,
 * changed ones as updates to the memories they became, the cursor saved in the same transaction.
 */
import type { LinkKind } from '../../../shared/model';
import type { EvidenceRefInput } from '../../mind/create';
import type { Mind } from '../../mind/mind';
import type { MemoryWrite } from '../../store/memory-record';
import type { ExistingOrigins, ImportPlan } from '../import-plan';

/** The memory fields a source may change in a memory it made. */
export const SOURCE_FIELDS = ['content', 'fields', 'status', 'supersededBy', 'confidence', 'alpha', 'beta', 'reviewStatus', 'lastVerifiedAt', 'verificationCount'] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];

/** What a source now says about a record the mind already holds. */
export interface SourceUpdate {
  /** The record's id in the source (its origin id there). */
  key: string;
  /** Its type, and the fields this source speaks for (a field left out is not the source's to change). */
  memory: Pick<MemoryWrite, 'type'> & Partial<Pick<MemoryWrite, SourceField>>;
  /** Links the source now has from it, by source key: those missing here are added. */
  links?: { kind: LinkKind; to: string }[];
  /** Evidence the source now has on it (a new code reference): what is missing here is added. */
  refs?: EvidenceRefInput[];
}

export interface FollowChanges {
  /** New records, planned as an import plans them (links may reach memories already here); its notes are new facts about records already here. */
  plan: ImportPlan;
  /** Records already here, as the source now has them (unchanged ones included: the sync tells). */
  updates: SourceUpdate[];
  /** The cursor after this read (opaque JSON the importer reads back). */
  cursor: Record<string, unknown>;
  /** Records read. */
  read: number;
}

export interface FollowCapability {
  /** Files to watch for changes: the database and its write-ahead log (which may not exist yet). */
  watchedFiles(path: string): string[];
  /** What is new or changed since `cursor` (`{}` the first time: everything). Reads the source, never writes it. */
  changesSince(mind: Mind, path: string, options: { container: string | null; cursor: Record<string, unknown>; existing: ExistingOrigins }): FollowChanges;
}
