/**
 * What the consolidation worker and the thread that started it say to each other. Both sides
 * validate what they receive: a message crosses a thread boundary as a structured clone, so the
 * types alone prove nothing about it.
 */
import { z } from 'zod';
import { ErrorEnvelopeSchema, EVENTS, RunSummarySchema } from '../../shared/contract';
import { type ErrorEnvelope, isMindError } from '../../shared/errors';
import { MindSettingsSchema, type MindSettings } from '../../shared/settings';
import { RUN_TRIGGERS, type RunProgress, type RunSummary, type RunTrigger } from './run-types';

/** Secrets the provider needs; never stored in the mind, handed to the worker with its job. */
export interface ProviderSecrets {
  readonly openAiApiKey?: string | undefined;
}

/** What every worker job works on. */
export interface WorkerJobBase {
  readonly mindPath: string;
  readonly settings: MindSettings;
  readonly secrets: ProviderSecrets;
}

/** A consolidation run (run.ts). */
export interface ConsolidationJob extends WorkerJobBase {
  readonly trigger: RunTrigger;
  readonly dryRun: boolean;
}

/**
 * The job a worker runs: a consolidation run, or rebuilding every vector for the embedder the
 * settings name (reembed.ts), started when the settings switch embedders.
 */
export type WorkerJob = ({ readonly kind: 'consolidate' } & ConsolidationJob) | ({ readonly kind: 'reembed' } & WorkerJobBase);


/** How a re-embed ended: the vectors it wrote, all of them or (cancelled) those before the stop. */
export interface ReembedResult {
  readonly count: number;
  readonly status: 'completed' | 'cancelled';
}

/**
 * What a worker is started with (its `workerData`). Cancelling sets the flag's first element to 1
 * and also posts `cancel`: the message aborts a provider call in flight, but a run that never
 * yields to its event loop (the offline provider computes synchronously) only sees the flag, which
 * the worker reads whenever the run reports progress.
 */
export interface WorkerStart {
  readonly job: WorkerJob;
  readonly cancelFlag: SharedArrayBuffer;
}

/** To the worker. */
export type ToWorker = { readonly type: 'cancel' };

/**
 * From the worker: progress while it runs, then exactly one of `failed` or the job's end:
 * `finished` for a consolidation run, `reembedded` for a re-embed.
 */
export type FromWorker =
  | { readonly type: 'progress'; readonly progress: RunProgress }
  | { readonly type: 'finished'; readonly summary: RunSummary }
  | ({ readonly type: 'reembedded' } & ReembedResult)
  | { readonly type: 'failed'; readonly error: ErrorEnvelope };

const jobBase = {
  mindPath: z.string().min(1),
  settings: MindSettingsSchema,
  secrets: z.object({ openAiApiKey: z.string().optional() }),
};

export const WorkerJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('consolidate'), ...jobBase, trigger: z.enum(RUN_TRIGGERS), dryRun: z.boolean() }),
  z.object({ kind: z.literal('reembed'), ...jobBase }),
]) satisfies z.ZodType<WorkerJob>;

export const WorkerStartSchema = z.object({
  job: WorkerJobSchema,
  cancelFlag: z.instanceof(SharedArrayBuffer),
}) satisfies z.ZodType<WorkerStart>;

export const ToWorkerSchema = z.object({ type: z.literal('cancel') }) satisfies z.ZodType<ToWorker>;

export const FromWorkerSchema = z.discriminatedUnion('type', [
  // Progress, summary and error all go on to the UI: the contract's schemas check them here too.
  z.object({ type: z.literal('progress'), progress: EVENTS['consolidation.progress'] satisfies z.ZodType<RunProgress> }),
  z.object({ type: z.literal('finished'), summary: RunSummarySchema satisfies z.ZodType<RunSummary> }),
  z.object({ type: z.literal('reembedded'), count: z.number().int().min(0), status: z.enum(['completed', 'cancelled']) }),
  z.object({ type: z.literal('failed'), error: ErrorEnvelopeSchema }),
]) satisfies z.ZodType<FromWorker>;

/** Any failure as the envelope that crosses the thread boundary (and reaches the UI). */
export function errorEnvelope(error: unknown): ErrorEnvelope {
  if (isMindError(error)) return error.toEnvelope();
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
