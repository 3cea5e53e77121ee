/**
 * The shape of one consolidation run, shared by the pipeline (run.ts), the scheduler and its
 * worker, the CLI and the API. A run is a changeset: a `consolidation_runs` row plus the journal
 * rows carrying its id.
 */
import type { RunStage, RunStatus, RunTrigger } from '../../shared/consolidation-runs';
import type { MindSettings } from '../../shared/settings';
import type { ConsolidationProvider } from './provider';

export { RUN_STAGES, RUN_STATUSES, RUN_TRIGGERS } from '../../shared/consolidation-runs';
export type { RunStage, RunStatus, RunTrigger } from '../../shared/consolidation-runs';

export interface RunProgress {
  readonly runId: string;
  readonly stage: RunStage;
  readonly done: number;
  readonly total: number;
}

export interface RunOptions {
  readonly trigger: RunTrigger;
  readonly provider: ConsolidationProvider;
  readonly settings: MindSettings;
  /** Compute the full changeset and write nothing. */
  readonly dryRun?: boolean;
  /** Cancel: the run stops between items, keeps what it committed, ends `cancelled`. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RunProgress) => void;
  /** Who the run writes as; default `scheduler:<runId>` (an agent's reflection: `agent:NAME`). */
  readonly actor?: string;
}

/** One action of a run, as the dry run lists it and the journal records it. */
export interface PlannedAction {
  readonly op: string;
  readonly memoryId: string | null;
  readonly summary: string;
}

export interface SkippedItem {
  readonly item: string;
  readonly reason: string;
}

export interface RunSummary {
  readonly runId: string;
  readonly status: RunStatus;
  readonly clustersFound: number;
  readonly created: number;
  readonly reinforced: number;
  readonly contradicted: number;
  readonly proposals: number;
  readonly droppedByRejection: number;
  readonly skipped: readonly SkippedItem[];
  readonly durationMs: number;
  /** Every action the run took (or, for a dry run, would take). */
  readonly actions: readonly PlannedAction[];
}

export interface RevertConflict {
  readonly memoryId: string;
  /** The later change that touched the memory (journal seq, actor, op). */
  readonly laterChange: { readonly seq: number; readonly actor: string; readonly op: string };
}

export interface RevertResult {
  readonly runId: string;
  readonly reverted: number;
  readonly conflicts: readonly RevertConflict[];
  /** The memories the revert changed (the windows refresh these). */
  readonly memoryIds: readonly string[];
  /** The revert's action: undoing it (mind/undo.ts) takes the revert back. */
  readonly action: number;
}
