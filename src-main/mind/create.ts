/** Creating a memory of any type, with its provenance, lineage and evidence, in one transaction. */
import { wellFormed, writtenText } from '../../shared/text';
import { z } from 'zod';
import { MindError } from '../../shared/errors';
import {
  EVENT_REF_KINDS,
  EVIDENCE_REF_KINDS,
  GROUNDING_REF_KINDS,
  type EvidenceRefKind,
  type MemoryType,
  memoryTypeSchema,
  type ReviewStatus,
  reviewStatusSchema,
  type SourceType,
  sourceTypeSchema,
  withArticle,
} from '../../shared/model';
import { betaConfidence, initialBeliefEvidence } from '../../shared/rules/confidence';
import { canPromote, PROMOTION_PATHS } from '../../shared/rules/promotion';
import { inferSource } from '../../shared/rules/provenance';
import { insertEvidenceRef } from '../store/evidence-refs-repo';
import { anchorRefsOfMemory } from './code-refs/anchor';
import { appendJournal } from '../store/journal-repo';
import { insertLink } from '../store/links-repo';
import { findMemoryById, insertMemory } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { autoApproveArrival } from './auto-approve';
import { applyChange, loadMemory } from './change';
import { validateFields } from './fields';
import type { Mind } from './mind';
import { checkActor, type WriteOptions } from './write-options';

/** A non-belief's confidence when nobody says otherwise (a belief's comes from its evidence). */
export const DEFAULT_CONFIDENCE = 0.8;

export interface EvidenceRefInput {
  kind: EvidenceRefKind;
  ref: string;
  note?: string | null | undefined;
}

export interface CreateMemoryInput {
  type: MemoryType;
  content: string;
  fields?: Record<string, unknown> | undefined;
  /** Free text such as "told by Claire": source type and entity are inferred from it. */
  source?: string | undefined;
  /** Explicit provenance wins over what `source` implies (importers, consolidation). */
  sourceType?: SourceType | undefined;
  sourceEntity?: string | null | undefined;
  confidence?: number | undefined;
  derivedFrom?: readonly string[] | undefined;
  /** Supporting episodes ("supported by"). */
  evidence?: readonly string[] | undefined;
  evidenceRefs?: readonly EvidenceRefInput[] | undefined;
  reviewStatus?: ReviewStatus | null | undefined;
  scope?: string | undefined;
  project?: string | null | undefined;
  protected?: boolean | undefined;
}

const inputSchema = z.object({
  type: memoryTypeSchema,
  // Every way in reaches here: the shared rule for written text (shared/text.ts), lone surrogates made U+FFFD.
  content: writtenText(100_000).transform(wellFormed),
  sourceType: sourceTypeSchema.optional(),
  confidence: z.number().min(0, 'confidence must be within [0, 1]').max(1, 'confidence must be within [0, 1]').optional(),
  scope: z.string().min(1).optional(),
  source: z.string().optional(),
  sourceEntity: z.string().nullable().optional(),
  derivedFrom: z.array(z.string()).optional(),
  evidence: z.array(z.string()).optional(),
  evidenceRefs: z
    .array(
      z
        .object({ kind: z.enum(EVIDENCE_REF_KINDS), ref: z.string().trim().min(1), note: z.string().nullable().optional() })
        .loose(),
    )
    .optional(),
  reviewStatus: reviewStatusSchema.nullable().optional(),
  project: z.string().nullable().optional(),
  protected: z.boolean().optional(),
});

/** Sources a memory is inferred from rather than lived: they wait for a person's review. */
const NEEDS_REVIEW: ReadonlySet<SourceType> = new Set(['inference', 'consolidation']);

/**
 * How the creation is journaled: operations that create as part of something larger (promote,
 * supersede) name that operation, so a memory's history starts with why it exists.
 */
export interface CreationJournal {
  op: 'create' | 'promote' | 'supersede';
  note?: Record<string, unknown>;
}

export function createMemory(
  mind: Mind,
  input: CreateMemoryInput,
  options: WriteOptions,
  journal: CreationJournal = { op: 'create' },
): MemoryRecord {
  checkActor(options.actor);
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MindError('invalid_input', `Invalid memory: ${issue?.path.join('.') || 'input'}: ${issue?.message}`, {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  const type = parsed.data.type;
  const fields = validateFields(type, input.fields ?? {});
  return mind.store.transaction(() => {
    const db = mind.store.db;
    const derivedFrom = uniqueSources(mind, input.derivedFrom ?? []);
    for (const source of derivedFrom) {
      // Creating from a raw capture is promoting it: the same paths apply (docs/ARCHITECTURE.md §4).
      if (source.type === 'raw' && !canPromote('raw', type)) {
        throw new MindError(
          'forbidden_promotion',
          `A raw capture cannot become ${withArticle(type)} (it can become: ${PROMOTION_PATHS.raw.join(', ')}).`,
          { from: 'raw', to: type, id: source.id },
        );
      }
    }
    const evidence = uniqueSources(mind, input.evidence ?? []);
    for (const episode of evidence) {
      if (episode.type !== 'episode') {
        throw new MindError('invalid_input', `Evidence must be episodes; ${episode.id} is ${withArticle(episode.type)}.`, {
          id: episode.id,
        });
      }
    }
    const refs = dedupeRefs(parsed.data.evidenceRefs ?? []);
    const inferred = inferSource(input.source);
    const sourceType = input.sourceType ?? inferred.sourceType;
    const sourceEntity = input.sourceEntity !== undefined ? input.sourceEntity : inferred.sourceEntity;
    const beliefEvidence = type === 'belief' ? initialBeliefEvidence(evidence.length, parsed.data.confidence) : null;
    const confidence = beliefEvidence
      ? betaConfidence(beliefEvidence.alpha, beliefEvidence.beta)
      : (parsed.data.confidence ?? DEFAULT_CONFIDENCE);
    const at = mind.now();
    const id = mind.newId(type);
    const seq = insertMemory(db, {
      id,
      type,
      content: parsed.data.content,
      fields,
      sourceType,
      sourceEntity,
      confidence,
      alpha: beliefEvidence?.alpha ?? null,
      beta: beliefEvidence?.beta ?? null,
      timesReinforced: 0,
      verificationCount: 0,
      lastVerifiedAt: null,
      lastReinforcedAt: null,
      reviewStatus: input.reviewStatus !== undefined ? input.reviewStatus : NEEDS_REVIEW.has(sourceType) ? 'pending' : null,
      status: 'active',
      protected: input.protected ?? false,
      scope: parsed.data.scope ?? 'global',
      project: input.project ?? null,
      stability: 1,
      accessCount: 0,
      lastAccessedAt: null,
      codeRefCount: refs.filter((r) => GROUNDING_REF_KINDS.includes(r.kind)).length,
      eventEvidenceCount: refs.filter((r) => EVENT_REF_KINDS.includes(r.kind)).length + evidence.length,
      supersededBy: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
    });
    for (const source of derivedFrom) insertLink(db, { fromSeq: seq, toSeq: source.seq, kind: 'derived_from' }, at);
    for (const episode of evidence) insertLink(db, { fromSeq: seq, toSeq: episode.seq, kind: 'evidence' }, at);
    for (const ref of refs) insertEvidenceRef(db, seq, ref, at);
    if (refs.length > 0) anchorRefsOfMemory(mind, seq);
    const created = findMemoryById(db, id) as MemoryRecord;
    for (const source of derivedFrom) markProcessed(mind, source, id, options);
    appendJournal(db, {
      at,
      actor: options.actor,
      op: journal.op,
      memoryId: id,
      runId: options.runId ?? null,
      before: null,
      after: {
        type,
        content: created.content,
        fields,
        sourceType,
        sourceEntity,
        confidence,
        alpha: created.alpha,
        beta: created.beta,
        reviewStatus: created.reviewStatus,
        scope: created.scope,
        protected: created.protected,
        derivedFrom: derivedFrom.map((m) => m.id),
        evidence: evidence.map((m) => m.id),
        evidenceRefs: refs,
        ...journal.note,
      },
      confidenceBefore: null,
      confidenceAfter: confidence,
      reason: options.reason ?? null,
      evidence: evidence.length > 0 ? evidence.map((m) => m.id) : null,
      memoryVersion: created.version,
    });
    return autoApproveArrival(mind, created, options);
  });
}

/**
 * A raw capture something was made from is processed: marked once (a capture can yield several
 * memories; the links say the rest), with a journal row naming what it became.
 */
function markProcessed(mind: Mind, source: MemoryRecord, createdId: string, options: WriteOptions): void {
  if (source.type !== 'raw' || source.status !== 'active') return;
  applyChange(mind, source, { status: 'processed' }, {
    op: 'processed',
    options: { ...options, expectedVersion: undefined },
    note: { processedInto: createdId },
  });
}

function uniqueSources(mind: Mind, ids: readonly string[]): MemoryRecord[] {
  const records = [...new Set(ids)].map((id) => loadMemory(mind, id));
  for (const record of records) {
    if (record.status === 'forgotten') {
      throw new MindError('invalid_state', `${record.id} was forgotten and cannot be a source.`, { id: record.id });
    }
  }
  return records;
}

function dedupeRefs(refs: readonly EvidenceRefInput[]): EvidenceRefInput[] {
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = `${r.kind}:${r.ref}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}


