/** Schema pieces the tools share: ids and provenance in, memories and contradictions out. */
import { z } from 'zod';
import { MemorySummarySchema } from '../../shared/contract';
import { RecallHitSchema as AppRecallHitSchema } from '../../shared/contract/recall';
import { CONTRADICTION_KINDS, CONTRADICTION_STATUSES, EVIDENCE_REF_KINDS, memoryTypeSchema } from '../../shared/model';

export const memoryIdInput = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('A memory id as recall or an earlier write gave it (raw_…, ep_…, nt_…, bl_…, vl_…, gl_…, dr_…, rl_…).');

export const unit = z.number().min(0).max(1);

/** Where a memory came from: every create tool takes these. */
export const provenanceInput = {
  source: z
    .string()
    .trim()
    .max(500)
    .optional()
    .describe(
      'Where this came from, in words: "told by Claire", "observed in the CI logs", "read in the README", "inferred from the failing tests". A named person is kept as the source.',
    ),
  derived_from: z
    .array(memoryIdInput)
    .max(50)
    .optional()
    .describe('Ids of the memories this was made from (its lineage). A raw capture named here is marked processed.'),
  evidence: z
    .array(memoryIdInput)
    .max(50)
    .optional()
    .describe('Ids of episodes (ep_…) that support this. Each counts as evidence; a belief starts at α = 1 + their number.'),
  evidence_refs: z
    .array(
      z.strictObject({
        kind: z.enum(EVIDENCE_REF_KINDS).describe('code and file ground a memory once a person approves and verifies it; event is observed evidence.'),
        ref: z.string().trim().min(1).max(2_000).describe('e.g. src/db/pool.ts:42, https://…, the id of an event.'),
        note: z.string().max(2_000).optional(),
      }),
    )
    .max(20)
    .optional()
    .describe('Code, files, URLs or events that back this up.'),
  inferred: z
    .boolean()
    .optional()
    .describe('true when you concluded this yourself rather than saw it or were told it: it is kept as an inference and waits for a person to review it.'),
  scope: z.string().trim().min(1).max(500).optional().describe('Where it applies (default "global").'),
  project: z.string().trim().max(500).optional().describe('The project it belongs to, if any.'),
};

export const ContradictionViewSchema = z.object({
  id: z.string(),
  a: z.object({ id: z.string(), content: z.string() }),
  b: z.object({ id: z.string(), content: z.string() }),
  kind: z.string(),
  detector: z.string(),
  status: z.enum(CONTRADICTION_STATUSES),
  resolution: z.string().nullable(),
  note: z.string().nullable(),
  detectedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable().describe('Who settled it: "user" (a person in the app), "agent:NAME", or a consolidation run; null while open.'),
});

/** An active belief a statement contradicts by rule (a warning, not a record). */
export const ContradictionMatchSchema = z.object({
  belief: z.object({ id: z.string(), content: z.string() }),
  kind: z.enum(CONTRADICTION_KINDS),
  terms: z.tuple([z.string(), z.string()]),
  sharedTerms: z.array(z.string()),
});

export const MemoryOutput = z.object({ memory: MemorySummarySchema });

/** A hit as the app's Recall shows it, tagged with its type for the blended list. */
export const RecallHitSchema = AppRecallHitSchema.extend({ tag: memoryTypeSchema });

export const PackEntrySchema = z.object({ memory: MemorySummarySchema, why: z.string() });
