/**
 * Contradiction workbench calls: open and settled contradictions with both sides in full, flagging
 * two memories by hand, resolving (supersede one by the other, reconcile into a new belief, keep
 * both as an acknowledged tension, scope each to a context, archive one), reopening, and a scan of
 * the whole mind with progress (the `contradictions.scan` event).
 */
import { z } from 'zod';
import { writtenText } from '../text';
import { CONTRADICTION_RESOLUTIONS, CONTRADICTION_STATUSES } from '../model';
import { count, expectedVersion, isoTime, MemorySummarySchema, memoryId, noPayload } from './common';
import { action } from './review';

const SideSchema = z.object({
  memory: MemorySummarySchema,
  /** The first few supporting episodes (the side's memory page has them all). */
  evidence: z.array(z.object({ id: z.string(), content: z.string() })),
  evidenceCount: count,
});

export const ContradictionCaseSchema = z.object({
  id: z.string(),
  kind: z.string(),
  detector: z.string(),
  status: z.enum(CONTRADICTION_STATUSES),
  resolution: z.string().nullable(),
  note: z.string().nullable(),
  detectedAt: isoTime,
  resolvedAt: isoTime.nullable(),
  /** Who settled it (`user`, `agent:NAME`, a run's scheduler); null while open or when not known. */
  resolvedBy: z.string().nullable(),
  a: SideSchema,
  b: SideSchema,
});
export type ContradictionCase = z.output<typeof ContradictionCaseSchema>;

export const ScanStateSchema = z.object({
  running: z.boolean(),
  scanned: count,
  /** How far through the mind (0–1). */
  fraction: z.number().min(0).max(1),
  recorded: count,
  /** How the last scan ended, when one has. */
  finished: z.enum(['done', 'cancelled', 'failed']).nullable(),
  error: z.string().nullable(),
});
export type ScanState = z.output<typeof ScanStateSchema>;

const contradictionId = z.string().trim().min(1).max(200);

export const CONTRADICTION_CALLS = {
  'contradictions.list': {
    request: z
      .strictObject({
        which: z.enum(['open', 'settled', 'all']).optional(),
        limit: z.number().int().min(1).max(500).optional(),
        cursor: z.string().max(100).nullable().optional(),
      })
      .optional(),
    response: z.object({ items: z.array(ContradictionCaseSchema), nextCursor: z.string().nullable(), open: count, settled: count }),
  },
  'contradictions.get': { request: z.strictObject({ id: contradictionId }), response: ContradictionCaseSchema },
  /** Two memories marked as contradicting by hand. */
  'contradictions.flag': {
    request: z.strictObject({ a: memoryId, b: memoryId, note: z.string().max(2_000).optional() }),
    response: z.object({ contradiction: ContradictionCaseSchema, action }),
  },
  'contradictions.resolve': {
    request: z.strictObject({
      id: contradictionId,
      as: z.enum(CONTRADICTION_RESOLUTIONS),
      keep: memoryId.optional(),
      text: writtenText(100_000).optional(),
      contexts: z.record(z.string(), z.string().trim().min(1).max(500)).optional(),
      note: z.string().max(2_000).optional(),
      /** Both memories' versions as the person saw them: a side changed meanwhile is a `version_conflict`. */
      expectedVersions: z.record(z.string(), expectedVersion).optional(),
    }),
    response: z.object({ contradiction: ContradictionCaseSchema, changed: z.array(z.string()), action }),
  },
  'contradictions.reopen': {
    request: z.strictObject({ id: contradictionId, note: z.string().max(2_000).optional() }),
    response: z.object({ contradiction: ContradictionCaseSchema, action }),
  },
  /** Starts a scan of every active belief (`invalid_state` while one runs); progress arrives as events. */
  'contradictions.scan': { request: noPayload, response: ScanStateSchema },
  'contradictions.scanState': { request: noPayload, response: ScanStateSchema },
  'contradictions.cancelScan': { request: noPayload, response: ScanStateSchema },
} as const;
