/** The events the main process pushes to every window. */
import { z } from 'zod';
import { RUN_STAGES, RUN_STATUSES } from '../consolidation-runs';
import { count } from './common';
import { ScanStateSchema } from './contradictions';
import { SessionStatusSchema } from './session';

export const EVENTS = {
  /** The mind changed: by this app (ids it touched) or by another process (no ids: refresh everything). */
  'mind.changed': z.object({ origin: z.enum(['app', 'outside']), ids: z.array(z.string()).optional() }),
  'session.changed': SessionStatusSchema,
  'consolidation.progress': z.object({ runId: z.string(), stage: z.enum(RUN_STAGES), done: count, total: count }),
  'consolidation.finished': z.object({ runId: z.string(), status: z.enum(RUN_STATUSES) }),
  /** A contradiction scan's progress, and its end (`running` false). */
  'contradictions.scan': ScanStateSchema,
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
]) satisfies z.ZodType<MindEvent>;
