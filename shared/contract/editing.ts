/**
 * Editing calls a person makes from any memory or from the inbox: verify against evidence,
 * reinforce, supersede with an impact preview, promote along the allowed paths, dismiss captures, undo (and
 * redo), and the counts that call for attention.
 */
import { z } from 'zod';
import { writtenText } from '../text';
import { MEMORY_TYPES, memoryStatusSchema } from '../model';
import { count, expectedVersion, fieldBag, MemoryViewSchema, memoryId, noPayload } from './common';
import { ListPageSchema } from './memories';
import { CONTRADICTION_CALLS } from './contradictions';
import { action, changedMemory, REVIEW_CALLS } from './review';

const ImpactRefSchema = z.object({ id: z.string(), type: z.enum(MEMORY_TYPES), content: z.string(), status: memoryStatusSchema });

export const SupersedeImpactSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  /** Memories created from it: they keep pointing at the old belief, now superseded. */
  dependents: z.array(ImpactRefSchema),
  /** Supporting episodes the successor inherits. */
  evidence: z.array(ImpactRefSchema),
  /** Open contradictions superseding it settles. */
  contradictions: z.array(z.object({ id: z.string(), kind: z.string(), with: ImpactRefSchema })),
});
export type SupersedeImpact = z.output<typeof SupersedeImpactSchema>;

export const VERIFY_EVIDENCE_KINDS = ['text', 'code', 'file', 'url'] as const;

export const UndoResultSchema = z.object({
  undone: z.number().int(),
  action: z.number().int(),
  redo: z.boolean(),
  summary: z.string(),
  memories: z.array(z.string()),
});
export type UndoResult = z.output<typeof UndoResultSchema>;

export const AttentionSchema = z.object({
  /** Memories waiting for review plus pending proposals. */
  review: count,
  /** Raw captures nobody has processed. */
  inbox: count,
  openContradictions: count,
  /** Active memories gone a whole decay period without verification or reinforcement; counted up to a cap. */
  stale: z.object({ count, capped: z.boolean() }),
});
export type Attention = z.output<typeof AttentionSchema>;

const promotion = z.strictObject({
  id: memoryId,
  expectedVersion,
  to: z.enum(MEMORY_TYPES),
  text: writtenText(100_000).optional(),
  fields: fieldBag.optional(),
});

/** This feature's calls, with the review and contradiction calls (the index joins them in one line). */
export const EDITING_CALLS = {
  ...REVIEW_CALLS,
  ...CONTRADICTION_CALLS,
  /** Verified against some text, a code or file reference (these ground it), or a URL. */
  'editing.verify': {
    request: z.strictObject({
      id: memoryId,
      expectedVersion,
      evidence: z.strictObject({ kind: z.enum(VERIFY_EVIDENCE_KINDS), value: z.string().trim().min(1).max(10_000), note: z.string().max(2_000).optional() }),
    }),
    response: changedMemory,
  },
  /**
   * Borne out again (beliefs: α+1; others: the seed's diminishing boost). The evidence is kept in the
   * journal; an episode's id (`ep_…`) is linked as supporting evidence as well.
   */
  'editing.reinforce': {
    request: z.strictObject({ id: memoryId, expectedVersion, evidence: z.string().trim().max(10_000).optional() }),
    response: changedMemory,
  },
  'editing.supersedePreview': { request: z.strictObject({ id: memoryId }), response: SupersedeImpactSchema },
  /** The new belief supersedes the old (inheriting its evidence) and settles its open contradictions. */
  'editing.supersede': {
    request: z.strictObject({
      id: memoryId,
      expectedVersion,
      content: writtenText(100_000),
      fields: fieldBag.optional(),
      reason: z.string().max(2_000).optional(),
    }),
    response: z.object({ created: MemoryViewSchema, superseded: MemoryViewSchema, settled: z.array(z.string()), action }),
  },
  /** Along the allowed paths only (`forbidden_promotion` otherwise); the source's lineage is recorded. */
  'editing.promote': { request: promotion, response: z.object({ created: MemoryViewSchema, source: MemoryViewSchema, action }) },
  /** Raw captures nobody has processed, newest first. */
  'inbox.list': {
    request: z.strictObject({ limit: z.number().int().min(1).max(500).optional(), cursor: z.string().max(2_000).nullable().optional() }).optional(),
    response: ListPageSchema,
  },
  /** Several captures promoted the same way, one action. */
  'inbox.promoteMany': {
    request: z.strictObject({
      items: z.array(z.strictObject({ id: memoryId, expectedVersion })).min(1).max(500),
      to: z.enum(MEMORY_TYPES),
    }),
    response: z.object({ created: z.array(z.string()), action }),
  },
  /** Dismissed captures are archived (nothing is lost), one action. */
  'inbox.dismiss': {
    request: z.strictObject({ items: z.array(z.strictObject({ id: memoryId, expectedVersion })).min(1).max(500) }),
    response: z.object({ dismissed: z.array(z.string()), action }),
  },
  /** Undoes an action (the last one by the person when no entry is named); naming an undo redoes. */
  'undo.apply': { request: z.strictObject({ entry: z.number().int().min(1).optional() }).optional(), response: UndoResultSchema },
  'attention.counts': { request: noPayload, response: AttentionSchema },
} as const;
