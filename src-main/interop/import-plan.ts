/**
 * What an importer means to write, worked out before anything is written: the new memories (each
 * keyed by its id in the source), their links by source id, their past as journal rows, and what
 * the source says about memories already here. A dry run reports the plan; an import writes it
 * (plan-writer.ts). Links are resolved here, so a dry run names every reference that leads nowhere.
 */
import { FIELD_SCHEMAS, type LinkKind, type MemoryType, type SourceType } from '../../shared/model';
import { DEFAULT_CONFIDENCE, type EvidenceRefInput } from '../mind/create';
import type { Mind } from '../mind/mind';
import type { MemoryWrite } from '../store/memory-record';
import type { ImportProblem, ImportSummary, ImportKind } from './importer';

/** A journal row from the source's own past (a confidence change, an audit entry), at its own time. */
export interface PlannedHistory {
  at: number;
  op: string;
  reason?: string | null;
  confidenceBefore?: number | null;
  confidenceAfter?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Source ids of the evidence named; resolved to memory ids when written. */
  evidence?: readonly string[];
}

export interface PlannedMemory {
  /** The memory's id in the source system. */
  key: string;
  container: string | null;
  /** What the source held that Mindloom has no field for. */
  details: Record<string, unknown>;
  memory: Omit<MemoryWrite, 'version'>;
  links: { kind: LinkKind; to: string }[];
  refs: EvidenceRefInput[];
  history: PlannedHistory[];
}

/** A never-learn-again entry (the memory's history carries its `reject` row). */
export interface PlannedRejection {
  /** The planned memory it rejects. */
  key: string;
  text: string;
  reason: string;
  at: number;
}

/** A change the source records to a memory (new or already here): a review outcome, an audit row. */
export interface PlannedNote extends PlannedHistory {
  key: string;
  /** Set the memory's review status (a Kernle suggestion's outcome). */
  reviewStatus?: 'approved';
}

export interface ImportPlan {
  kind: ImportKind;
  /** Origin system of every memory (`kernle`, `engram`, `alexandria`, `mcp-memory`, `transcripts`). */
  system: string;
  memories: PlannedMemory[];
  rejections: PlannedRejection[];
  notes: PlannedNote[];
  /** Source records the mind already holds. */
  skipped: number;
  problems: ImportProblem[];
}

/** Memory ids of source ids already imported (from `memory_origins`). */
export type ExistingOrigins = ReadonlyMap<string, { memoryId: string; memorySeq: number }>;

/**
 * Drops links, evidence and notes that reach neither a planned memory nor one already here, each
 * with a problem naming the record (`place` says where the reference sits).
 */
export function resolvePlan(plan: ImportPlan, existing: ExistingOrigins): ImportPlan {
  const planned = new Set(plan.memories.map((m) => m.key));
  const known = (key: string) => planned.has(key) || existing.has(key);
  const problems = [...plan.problems];
  const memories = plan.memories.map((m) => {
    const seen = new Set<string>();
    const links = m.links.filter((link) => {
      const id = `${link.kind}:${link.to}`;
      if (link.to === m.key || seen.has(id)) return false;
      seen.add(id);
      if (known(link.to)) return true;
      problems.push({ place: placeOf(m), message: `${link.kind} reference ${link.to} names nothing in the source or the mind; left out.` });
      return false;
    });
    return { ...m, links };
  });
  const notes = plan.notes.filter((note) => {
    if (known(note.key)) return true;
    problems.push({ place: `${plan.system} ${note.op}`, message: `It is about ${note.key}, which is neither in the source nor in the mind; left out.` });
    return false;
  });
  return { ...plan, memories, notes, problems };
}

function placeOf(m: PlannedMemory): string {
  return `${m.container ?? ''}${m.container ? ' ' : ''}${m.memory.type} ${m.key}`;
}

/** The summary of a plan: what would be (or was) written. */
export function summarizePlan(plan: ImportPlan, dryRun: boolean): ImportSummary {
  const byType: Partial<Record<MemoryType, number>> = {};
  for (const m of plan.memories) byType[m.memory.type] = (byType[m.memory.type] ?? 0) + 1;
  return {
    kind: plan.kind,
    dryRun,
    imported: {
      byType,
      links: plan.memories.reduce((n, m) => n + m.links.length, 0),
      journal: plan.memories.reduce((n, m) => n + 1 + m.history.length, 0) + plan.notes.length,
    },
    skipped: plan.skipped,
    problems: plan.problems,
  };
}

/**
 * A type's fields as far as Mindloom's schema takes them: each value the schema refuses moves to
 * `details` (kept with the origin) rather than failing the import.
 */
export function fitFields(type: MemoryType, candidate: Record<string, unknown>): { fields: Record<string, unknown>; leftOver: Record<string, unknown> } {
  const schema = FIELD_SCHEMAS[type];
  const defined = Object.fromEntries(Object.entries(candidate).filter(([, value]) => value !== undefined && value !== null));
  // Most records fit whole: one parse. Only a record that does not is taken apart field by field.
  const whole = schema.safeParse(defined);
  if (whole.success) return { fields: whole.data as Record<string, unknown>, leftOver: {} };
  const fields: Record<string, unknown> = {};
  const leftOver: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(defined)) {
    const parsed = schema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(fields, parsed.data);
    else leftOver[key] = value;
  }
  return { fields, leftOver };
}

export interface SimpleMemoryInput {
  key: string;
  container: string | null;
  type: MemoryType;
  content: string;
  fields?: Record<string, unknown>;
  sourceType: SourceType;
  sourceEntity: string | null;
  createdAt: number;
  links?: PlannedMemory['links'];
}

/** A new memory as a source without Mindloom's bookkeeping gives it: default confidence, nothing reinforced or verified. */
export function simpleMemory(mind: Mind, input: SimpleMemoryInput): PlannedMemory {
  const { fields, leftOver } = fitFields(input.type, input.fields ?? {});
  const belief = input.type === 'belief';
  return {
    key: input.key,
    container: input.container,
    details: leftOver,
    memory: {
      id: mind.newId(input.type),
      type: input.type,
      content: input.content,
      fields,
      sourceType: input.sourceType,
      sourceEntity: input.sourceEntity,
      confidence: belief ? 0.5 : DEFAULT_CONFIDENCE,
      alpha: belief ? 1 : null,
      beta: belief ? 1 : null,
      timesReinforced: 0,
      verificationCount: 0,
      lastVerifiedAt: null,
      lastReinforcedAt: null,
      reviewStatus: null,
      status: 'active',
      protected: false,
      scope: 'global',
      project: null,
      stability: 1,
      accessCount: 0,
      lastAccessedAt: null,
      codeRefCount: 0,
      eventEvidenceCount: 0,
      supersededBy: null,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    },
    links: input.links ?? [],
    refs: [],
    history: [],
  };
}
