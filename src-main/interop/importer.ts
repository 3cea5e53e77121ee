/**
 * What every importer is: it reads one source (a file it never writes), previews it with a dry run,
 * then imports it in one transaction with its journal rows, reporting progress. Every kind returns
 * the same summary so the CLI, the app's Import… dialog and the tests read one shape.
 */
import type { MemoryType } from '../../shared/model';
import type { Mind } from '../mind/mind';
import type { FollowCapability } from './follow/follow-capability';

export const IMPORT_KINDS = ['kernle', 'engram', 'alexandria', 'mcp-memory', 'transcripts', 'json'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A problem found in the source, named by where it is: `memories.db: beliefs row 12`, `agent.jsonl:7`. */
export interface ImportProblem {
  place: string;
  message: string;
}

export interface ImportSummary {
  kind: ImportKind;
  dryRun: boolean;
  imported: {
    byType: Partial<Record<MemoryType, number>>;
    links: number;
    journal: number;
  };
  /** Source records left out because the mind already holds them (re-importing is idempotent). */
  skipped: number;
  /** Records that could not be taken but did not stop the import (a stop throws a MindError instead). */
  problems: ImportProblem[];
  /** Kernle: every stack the file holds, so a person can narrow the import to one. */
  stacks?: string[];
}

export interface ImportOptions {
  dryRun?: boolean;
  /** Kernle only: import this stack alone (default: every stack). */
  stack?: string;
  /** Called as records are read and written; `total` is null while unknown. */
  onProgress?: (done: number, total: number | null) => void;
}

export interface Importer {
  kind: ImportKind;
  /** Reads `path` and imports it into `mind` (or only counts, with `dryRun`). Throws a MindError naming the place on malformed input, having written nothing. */
  run(mind: Mind, path: string, options?: ImportOptions): ImportSummary | Promise<ImportSummary>;
  /** A source this importer can keep linked (`--follow`): its cursor query. */
  follow?: FollowCapability;
}
