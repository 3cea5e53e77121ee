/**
 * Review calls: the queue of what consolidation and agents inferred (memories waiting for review
 * and pending proposals), deciding items one at a time or in bulk, never-learn-again rejections,
 * and auto-approval. Every decision names the version the person saw: an item changed meanwhile
 * is a `version_conflict` and nothing changes.
 */
import { z } from 'zod';
import { writtenText } from '../text';
import { memoryStatusSchema, memoryTypeSchema, TIERS } from '../model';
import { count, expectedVersion, fieldBag, isoTime, MemorySummarySchema, MemoryViewSchema, memoryId, noPayload } from './common';

export const PROPOSAL_KINDS = ['revise', 'split', 'merge', 'archive'] as const;
/** What approving an item does: a new memory, or a proposal's change. */
export const REVIEW_WHATS = ['new', ...PROPOSAL_KINDS] as const;

/** A non-empty reason: a rejection is kept so the mind does not learn it again, and says why. */
export const rejectionReason = z.string().trim().min(1, 'Say why: the reason is kept so the mind does not learn this again.').max(2_000);

const ProposedBeliefSchema = z.object({ statement: z.string(), fields: fieldBag, evidence: z.array(z.string()) });

export const ProposalPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('archive') }),
  ProposedBeliefSchema.extend({ kind: z.literal('revise') }),
  z.object({ kind: z.literal('split'), parts: z.array(ProposedBeliefSchema) }),
  ProposedBeliefSchema.extend({ kind: z.literal('merge'), counterEvidence: z.array(z.string()) }),
]);

export const ProposalSchema = z.object({
  id: z.string(),
  runId: z.string(),
  kind: z.enum(PROPOSAL_KINDS),
  status: z.string(),
  targets: z.array(z.object({ id: z.string(), content: z.string(), version: z.number(), currentVersion: z.number(), status: z.string() })),
  payload: ProposalPayloadSchema,
  reason: z.string(),
  createdAt: isoTime,
  decidedAt: isoTime.nullable(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type ProposalView = z.output<typeof ProposalSchema>;

export const QueueItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('memory'),
    id: z.string(),
    what: z.enum(REVIEW_WHATS),
    priority: z.number(),
    memory: MemorySummarySchema,
    /** What consolidation drafted it from, counted by type, the most frequent first; null when another writer did. */
    draftedFrom: z.array(z.object({ type: memoryTypeSchema, count })).nullable(),
    createdBy: z.string(),
    reason: z.string().nullable(),
  }),
  z.object({ kind: z.literal('proposal'), id: z.string(), what: z.enum(PROPOSAL_KINDS), priority: z.number(), proposal: ProposalSchema }),
]);
export type QueueItem = z.output<typeof QueueItemSchema>;

export const QueuePageSchema = z.object({ items: z.array(QueueItemSchema), nextCursor: z.string().nullable(), total: count });
export type QueuePage = z.output<typeof QueuePageSchema>;

export const EvidenceItemSchema = z.object({
  id: z.string(),
  type: memoryTypeSchema,
  content: z.string(),
  fields: fieldBag,
  status: memoryStatusSchema,
  createdAt: isoTime,
});
export type EvidenceItem = z.output<typeof EvidenceItemSchema>;

export const ReviewDetailSchema = z.object({
  id: z.string(),
  evidence: z.array(EvidenceItemSchema),
  counterEvidence: z.array(EvidenceItemSchema),
});
export type ReviewDetail = z.output<typeof ReviewDetailSchema>;

export const NearestSchema = z.object({ items: z.array(z.object({ memory: MemorySummarySchema, similarity: z.number() })) });
export type Nearest = z.output<typeof NearestSchema>;

export const BulkSummarySchema = z.object({
  action: z.enum(['approve', 'reject']),
  applied: z.boolean(),
  memories: count,
  proposals: count,
  memoryTypes: z.record(z.string(), count),
  proposalKinds: z.record(z.string(), count),
  tiers: z.array(z.object({ from: z.enum(TIERS), to: z.enum(TIERS), count })),
  created: z.number().int(),
  superseded: z.number().int(),
  archived: z.number().int(),
  lines: z.array(z.string()),
  ids: z.array(z.string()),
});
export type BulkSummary = z.output<typeof BulkSummarySchema>;

export const RejectionSchema = z.object({
  seq: z.number().int(),
  text: z.string(),
  memoryId: z.string().nullable(),
  reason: z.string(),
  createdAt: isoTime,
  revokedAt: isoTime.nullable(),
});
export type Rejection = z.output<typeof RejectionSchema>;

/** Every change answers with its action: what Undo takes back (`undo.apply` with this entry). */
export const action = z.number().int().min(1);
export const changedMemory = z.object({ memory: MemoryViewSchema, action });

const pageRequest = { limit: z.number().int().min(1).max(500).optional(), cursor: z.string().max(2_000).nullable().optional() };
const decision = { id: memoryId, expectedVersion };

export const REVIEW_CALLS = {
  /** The queue in priority order: (1 + evidence) × confidence, highest first, then oldest first. */
  'review.queue': { request: z.strictObject(pageRequest).optional(), response: QueuePageSchema },
  /** One item's evidence (the episodes it came from) and possible duplicates with their similarity. */
  'review.detail': { request: z.strictObject({ id: memoryId }), response: ReviewDetailSchema },
  /**
   * Existing memories of its type that may already say it, with their similarity: a full-text
   * search (tens to hundreds of ms on a large mind), so it is its own call, asked for when wanted.
   */
  'review.nearest': { request: z.strictObject({ id: memoryId }), response: NearestSchema },
  'review.approve': { request: z.strictObject(decision), response: changedMemory },
  'review.editAndApprove': {
    request: z.strictObject({ ...decision, content: writtenText(100_000).optional(), fields: fieldBag.optional() }),
    response: changedMemory,
  },
  /** Merge a pending memory into an existing one of its type (which takes its evidence). */
  'review.merge': {
    request: z.strictObject({ ...decision, into: memoryId, intoVersion: expectedVersion.optional() }),
    response: z.object({ into: MemoryViewSchema, merged: MemoryViewSchema, action }),
  },
  /** Rejected: archived, and its text never learned again. An empty reason is refused. */
  'review.reject': { request: z.strictObject({ ...decision, reason: rejectionReason }), response: changedMemory },
  /** Applies a pending proposal (`invalid_state` when it was decided meanwhile or its belief moved on). */
  'review.approveProposal': { request: z.strictObject({ id: z.string().min(1).max(200) }), response: z.object({ created: z.array(z.string()), action }) },
  'review.rejectProposal': { request: z.strictObject({ id: z.string().min(1).max(200), reason: rejectionReason }), response: z.object({ id: z.string(), action }) },
  /** Many at once, one action; `dryRun` answers the exact summary and changes nothing. */
  'review.bulk': {
    request: z.strictObject({
      action: z.enum(['approve', 'reject']),
      items: z.array(z.strictObject({ id: z.string().min(1).max(200), expectedVersion: expectedVersion.optional() })).min(1).max(1_000),
      reason: z.string().max(2_000).optional(),
      dryRun: z.boolean().optional(),
    }),
    response: BulkSummarySchema.extend({ action: action.nullable() }),
  },
  /** After turning auto-approval on or changing it: approves what already waits and meets it. */
  'review.applyAutoApproval': { request: noPayload, response: z.object({ approved: z.array(z.string()), action: action.nullable() }) },
  'rejections.list': {
    request: z.strictObject({ ...pageRequest, status: z.enum(['active', 'revoked', 'all']).optional() }).optional(),
    response: z.object({ items: z.array(RejectionSchema), nextCursor: z.string().nullable() }),
  },
  /** Consolidation may learn it again; undo puts the rejection back in force. */
  'rejections.revoke': { request: z.strictObject({ seq: z.number().int().min(1) }), response: z.object({ rejection: RejectionSchema, action }) },
} as const;
