/** The vocabulary of a consolidation run, shared by the pipeline, its worker, the contract and the UI. */
export const RUN_TRIGGERS = ['manual', 'episodes', 'timer'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

export const RUN_STATUSES = ['running', 'completed', 'aborted_budget', 'cancelled', 'failed', 'dry_run'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RUN_STAGES = ['extract', 'embed', 'cluster', 'synthesize', 'match', 'gates', 'triage', 'scan', 'checkpoint'] as const;
export type RunStage = (typeof RUN_STAGES)[number];
