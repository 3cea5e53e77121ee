/** The events the main process pushes to every window. */
import { z } from 'zod';
import { RUN_STAGES, RUN_STATUSES } from '../consolidation-runs';
import { count } from './common';
import { ScanStateSchema } from './contradictions';
import { SessionStatusSchema } from './session';
import { INTEROP_EVENTS } from './interop';
import { TRUST_EVENTS } from './trust';

export const EVENTS = {
  /**
   * The mind changed, by this app or by another process (an agent, the consolidation worker): `ids`
   * are the memories that changed (`[]`: none, something else did); without `ids`, anything may have.
   * `upTo`: the journal position the ids are complete up to (later writes come in later events).
   */
  'mind.changed': z.object({
    origin: z.enum(['app', 'outside']),
    ids: z.array(z.string()).optional(),
    upTo: z.number().int().min(0).optional(),
  }),
  'session.changed': SessionStatusSchema,
  'consolidation.progress': z.object({ runId: z.string(), stage: z.enum(RUN_STAGES), done: count, total: count }),
  'consolidation.finished': z.object({ runId: z.string(), status: z.enum(RUN_STATUSES) }),
  /** A contradiction scan's progress, and its end (`running` false). */
  'contradictions.scan': ScanStateSchema,
  ...TRUST_EVENTS,
  ...INTEROP_EVENTS,
} as const satisfies Record<string, z.ZodType>;

export type EventName = keyof typeof EVENTS;
export type EventPayload<K extends EventName> = z.output<(typeof EVENTS)[K]>;
export type MindEvent = { [K in EventName]: { type: K; payload: EventPayload<K> } }[EventName];

/** Validates a pushed event (the renderer checks what arrives over a transport). */
export const MindEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mind.changed'), payload: EVENTS['mind.changed'] }),
  z.object({ type: z.literal('session.changed'), payload: EVENTS['session.changed'] }),
  z.object({ type: z.literal('consolidation.progress'), payload: EVENTS['consolidation.progress'] }),
  z.object({ type: z.literal('consolidation.finished'), payload: EVENTS['consolidation.finished'] }),
  z.object({ type: z.literal('contradictions.scan'), payload: EVENTS['contradictions.scan'] }),
  z.object({ type: z.literal('backup.progress'), payload: EVENTS['backup.progress'] }),
  z.object({ type: z.literal('interop.progress'), payload: EVENTS['interop.progress'] }),
  z.object({ type: z.literal('interop.showDialog'), payload: EVENTS['interop.showDialog'] }),
]) satisfies z.ZodType<MindEvent>;
