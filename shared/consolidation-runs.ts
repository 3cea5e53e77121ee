/** The vocabulary of a consolidation run, shared by the pipeline, its worker, the contract and the UI. */
/**
 * Waiting episodes are counted up to this many: the count is read on every status call and every
 * scheduler poll, and a mind that was never consolidated holds hundreds of thousands (a full count
 * took 0.2-2.7 s at 1M; up to the cap it takes about 1 ms). Beyond it a window shows "1,000+".
 */
export const EPISODE_COUNT_CAP = 1_000;

/** `agent`: a run an agent wrote through the MCP tools `reflect` and `propose_beliefs` (its own model did the reasoning). */
export const RUN_TRIGGERS = ['manual', 'episodes', 'timer', 'agent'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** `interrupted`: its process ended without finishing it (killed, crashed); found and marked by the next open of the mind. */
export const RUN_STATUSES = ['running', 'completed', 'aborted_budget', 'cancelled', 'failed', 'dry_run', 'interrupted'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RUN_STAGES = ['extract', 'embed', 'cluster', 'synthesize', 'match', 'gates', 'triage', 'scan', 'checkpoint'] as const;
export type RunStage = (typeof RUN_STAGES)[number];

/**
 * A re-embed (every vector rebuilt after the embedder changed) is no run (no row, no journal, no
 * checkpoint): its progress and its end carry this in place of a run id, so the windows follow it
 * like a run.
 */
export const REEMBED_RUN_ID = 'reembed';
