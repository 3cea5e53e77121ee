/**
 * A Kernle database as an import plan (docs/ARCHITECTURE.md §interop has the mapping table):
 * each memory table's rows with their own fields, `derived_from` and `source_episodes` as links
 * (annotations such as `context:cli-promote` kept as text references), supersession, confidence
 * history and relationship history as journal rows at their own times, raw `processed_into` as
 * promotion links, suggestions as review items with their outcome, the audit log as journal rows.
 */
import type { MemoryType } from '../../../shared/model';
import type { Mind } from '../../mind/mind';
import type { KernleRow, KernleSource } from '../../store/kernle-source';
import { type ExistingOrigins, fitFields, type ImportPlan, type PlannedHistory, type PlannedMemory, type PlannedNote, type PlannedRejection } from '../import-plan';
import { detailValue, KERNLE_TYPES, mappingOfType, type TypeMapping } from './kernle-types';
import { clampUnit, jsonList, jsonObject, numberOr, parseRef, sourceTypeOf, stringList, textOf, timeOf } from './kernle-values';

/** Columns every memory table shares that the import reads (or that are Kernle's sync bookkeeping). */
const COMMON_COLUMNS: ReadonlySet<string> = new Set([
  'id', 'stack_id', 'created_at', 'confidence', 'source_type', 'source_entity', 'source_episodes', 'derived_from', 'last_verified',
  'verification_count', 'confidence_history', 'times_accessed', 'last_accessed', 'is_protected', 'strength', 'is_forgotten',
  'forgotten_at', 'forgotten_reason', 'local_updated_at', 'cloud_synced_at', 'version', 'deleted', 'source',
]);

const ANNOTATION_NOTE = 'Kernle derived_from annotation';

interface Context {
  mind: Mind;
  existing: ExistingOrigins;
  /** Kernle id → the type of the row holding it (to tell an episode from other sources). */
  typeOfKey: Map<string, MemoryType>;
  planned: Map<string, PlannedMemory>;
  skipped: number;
}

export function planKernleImport(mind: Mind, source: KernleSource, existing: ExistingOrigins): ImportPlan {
  const typeOfKey = new Map<string, MemoryType>();
  for (const mapping of KERNLE_TYPES) for (const row of source.rows[mapping.table]) typeOfKey.set(row.id, mapping.type);
  const context: Context = { mind, existing, typeOfKey, planned: new Map(), skipped: 0 };

  for (const mapping of KERNLE_TYPES) {
    for (const row of source.rows[mapping.table]) {
      if (existing.has(row.id)) context.skipped++;
      else context.planned.set(row.id, planMemory(context, mapping, row));
    }
  }
  linkSupersessions(context, source.rows.beliefs);
  linkPromotions(context, source.rows.raw_entries);
  for (const row of source.rows.relationship_history) {
    context.planned.get(String(row.relationship_id))?.history.push(relationshipEvent(row));
  }
  const { rejections, notes } = planSuggestions(context, source.rows.memory_suggestions);
  notes.push(...auditNotes(context, source.rows.memory_audit, source.rows.memory_suggestions));
  return {
    kind: 'kernle',
    system: 'kernle',
    memories: [...context.planned.values()],
    rejections,
    notes,
    skipped: context.skipped,
    problems: [],
  };
}

function planMemory(context: Context, mapping: TypeMapping, row: KernleRow): PlannedMemory {
  const { mind } = context;
  const type = mapping.type;
  const createdAt = timeOf(row.created_at) ?? timeOf(row.captured_at) ?? mind.now();
  const updatedAt = Math.max(createdAt, timeOf(row.local_updated_at) ?? createdAt);
  const forgotten = row.is_forgotten === 1 || (typeof row.strength === 'number' && row.strength <= 0);
  const { fields, leftOver } = fitFields(type, mapping.fields(row));
  const links: PlannedMemory['links'] = [];
  const refs: PlannedMemory['refs'] = [];
  for (const text of stringList(row.derived_from)) {
    const ref = parseRef(text);
    if (ref.id !== null) links.push({ kind: 'derived_from', to: ref.id });
    else if (!forgotten) refs.push({ kind: 'text', ref: ref.text, note: ANNOTATION_NOTE });
  }
  for (const text of stringList(row.source_episodes)) {
    const ref = parseRef(text);
    if (ref.id === null) continue;
    const isEpisode = text.startsWith('episode:') || (!text.includes(':') && context.typeOfKey.get(ref.id) === 'episode');
    links.push({ kind: isEpisode ? 'evidence' : 'derived_from', to: ref.id });
  }
  const history = forgotten ? [] : confidenceHistory(row);
  if (forgotten) {
    history.push({ at: timeOf(row.forgotten_at) ?? updatedAt, op: 'forget', reason: textOf(row.forgotten_reason) ?? 'Kernle strength 0: forgotten' });
  }
  const confidence = clampUnit(numberOr(row.confidence, 0.8));
  const timesReinforced = numberOr(row.times_reinforced, 0);
  const verificationCount = numberOr(row.verification_count, 0);
  const evidence = links.filter((l) => l.kind === 'evidence').length;
  // Kernle keeps a belief's confidence, not its evidence: α + β grows with what confirmed it, α / (α + β) is its confidence.
  const weight = 2 + timesReinforced + verificationCount + evidence;
  const reinforcedAt = history.filter((h) => (h.confidenceAfter ?? 0) > (h.confidenceBefore ?? 0)).map((h) => h.at);
  return {
    key: row.id,
    container: textOf(row.stack_id),
    details: forgotten ? {} : detailsOf(row, mapping, leftOver),
    memory: {
      id: mind.newId(type),
      type,
      content: forgotten ? '' : (mapping.content(row) ?? ''),
      fields: forgotten ? {} : fields,
      sourceType: type === 'raw' ? 'direct_experience' : sourceTypeOf(row.source_type),
      sourceEntity: type === 'raw' ? textOf(row.source) : textOf(row.source_entity),
      confidence,
      alpha: type === 'belief' ? confidence * weight : null,
      beta: type === 'belief' ? (1 - confidence) * weight : null,
      timesReinforced,
      verificationCount,
      lastVerifiedAt: timeOf(row.last_verified),
      lastReinforcedAt: timesReinforced > 0 && reinforcedAt.length > 0 ? Math.max(...reinforcedAt) : null,
      reviewStatus: null,
      status: forgotten ? 'forgotten' : statusOf(type, row),
      protected: row.is_protected === 1,
      scope: 'global',
      project: null,
      stability: 1,
      accessCount: numberOr(row.times_accessed, 0),
      lastAccessedAt: timeOf(row.last_accessed),
      codeRefCount: 0,
      eventEvidenceCount: 0,
      supersededBy: null,
      createdAt,
      updatedAt,
    },
    links,
    refs,
    history,
  };
}

function statusOf(type: MemoryType, row: Record<string, unknown>) {
  if (type === 'raw') return row.processed === 1 ? 'processed' : 'active';
  if (type === 'belief' && row.is_active === 0) return textOf(row.superseded_by) ? 'superseded' : 'archived';
  return 'active';
}

function detailsOf(row: Record<string, unknown>, mapping: TypeMapping, leftOver: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (COMMON_COLUMNS.has(column) || mapping.mapped.includes(column)) continue;
    const kept = detailValue(value);
    if (kept !== undefined && !(column === 'processed' && kept === 0)) details[column] = kept;
  }
  for (const [field, value] of Object.entries(leftOver)) details[field] = value;
  return details;
}

/** `confidence_history`: one journal row per change, at its own time, with its reason and evidence. */
function confidenceHistory(row: Record<string, unknown>): PlannedHistory[] {
  return jsonList(row.confidence_history).flatMap((entry): PlannedHistory[] => {
    if (entry === null || typeof entry !== 'object') return [];
    const change = entry as Record<string, unknown>;
    const evidence = textOf(change.evidence_source);
    return [
      {
        at: timeOf(change.timestamp) ?? timeOf(row.created_at) ?? 0,
        op: 'confidence',
        confidenceBefore: typeof change.old === 'number' ? change.old : null,
        confidenceAfter: typeof change.new === 'number' ? change.new : null,
        reason: textOf(change.reason),
        ...(evidence ? { evidence: [parseRef(evidence).id ?? evidence] } : {}),
      },
    ];
  });
}

/** A belief that supersedes another supersedes and derives from it; the older one names its successor. */
function linkSupersessions(context: Context, beliefs: readonly KernleRow[]): void {
  const pairs = new Map<string, [string, string]>();
  for (const row of beliefs) {
    const supersedes = textOf(row.supersedes);
    const supersededBy = textOf(row.superseded_by);
    if (supersedes) pairs.set(`${row.id}>${supersedes}`, [row.id, supersedes]);
    if (supersededBy) pairs.set(`${supersededBy}>${row.id}`, [supersededBy, row.id]);
  }
  const idOf = (key: string) => context.planned.get(key)?.memory.id ?? context.existing.get(key)?.memoryId ?? null;
  for (const [newer, older] of pairs.values()) {
    context.planned.get(newer)?.links.push({ kind: 'supersedes', to: older }, { kind: 'derived_from', to: older });
    const predecessor = context.planned.get(older);
    if (predecessor && predecessor.memory.status !== 'forgotten') {
      predecessor.memory.supersededBy = idOf(newer);
      predecessor.memory.status = 'superseded';
    }
  }
}

/** A raw entry's `processed_into`: what it became derives from it (the promotion link). */
function linkPromotions(context: Context, raws: readonly KernleRow[]): void {
  for (const row of raws) {
    for (const text of stringList(row.processed_into)) {
      const ref = parseRef(text);
      if (ref.id !== null) context.planned.get(ref.id)?.links.push({ kind: 'derived_from', to: row.id });
    }
  }
}

function relationshipEvent(row: KernleRow): PlannedHistory {
  return {
    at: timeOf(row.created_at) ?? 0,
    op: `relationship_${String(row.event_type)}`,
    before: jsonObject(row.old_value),
    after: jsonObject(row.new_value),
    reason: textOf(row.notes),
  };
}

/**
 * Suggestions: a pending one is a memory waiting for review; a rejected one a rejected memory with
 * its never-learn-again entry; a promoted (or modified) one approves the memory it became.
 */
function planSuggestions(context: Context, suggestions: readonly KernleRow[]): { rejections: PlannedRejection[]; notes: PlannedNote[] } {
  const rejections: PlannedRejection[] = [];
  const notes: PlannedNote[] = [];
  for (const row of suggestions) {
    const status = String(row.status);
    const resolvedAt = timeOf(row.resolved_at) ?? timeOf(row.created_at) ?? 0;
    const reason = textOf(row.resolution_reason);
    if (status === 'promoted' || status === 'modified') {
      const target = parseRef(String(row.promoted_to ?? '')).id;
      if (target !== null && context.planned.has(target)) {
        notes.push({
          key: target,
          op: 'approve',
          at: resolvedAt,
          reviewStatus: 'approved',
          reason: reason ?? `Kernle suggestion ${row.id} ${status === 'modified' ? 'accepted with changes' : 'accepted'}`,
          after: { reviewStatus: 'approved', suggestion: row.id, outcome: status },
        });
      }
      continue;
    }
    if (context.existing.has(row.id)) {
      context.skipped++;
      continue;
    }
    const mapping = mappingOfType(String(row.memory_type));
    const content = jsonObject(row.content);
    if (!mapping || !content) continue;
    const asRow: KernleRow = {
      ...content,
      id: row.id,
      stack_id: row.stack_id,
      created_at: row.created_at,
      confidence: row.confidence,
      source_type: 'processing',
      derived_from: JSON.stringify(stringList(row.source_raw_ids).map((id) => (id.includes(':') ? id : `raw:${id}`))),
    };
    const planned = planMemory(context, mapping, asRow);
    planned.details = { ...planned.details, suggestionStatus: status };
    planned.memory.sourceEntity = 'kernle:suggestion';
    if (status === 'rejected') {
      planned.memory.reviewStatus = 'rejected';
      planned.memory.status = 'archived';
      planned.history.push({ at: resolvedAt, op: 'reject', reason: reason ?? 'rejected in Kernle', after: { reviewStatus: 'rejected', status: 'archived' } });
      rejections.push({ key: row.id, text: planned.memory.content, reason: reason ?? 'rejected in Kernle', at: resolvedAt });
    } else {
      planned.memory.reviewStatus = 'pending';
    }
    context.planned.set(row.id, planned);
  }
  return { rejections, notes };
}

/** Kernle's audit log: a journal row on each memory this import brings in. */
function auditNotes(context: Context, audit: readonly KernleRow[], suggestions: readonly KernleRow[]): PlannedNote[] {
  const becameOf = new Map(suggestions.map((s) => [s.id, parseRef(String(s.promoted_to ?? '')).id ?? s.id]));
  return audit.flatMap((row): PlannedNote[] => {
    const memoryId = String(row.memory_id);
    const key = row.memory_type === 'suggestion' ? (becameOf.get(memoryId) ?? memoryId) : memoryId;
    if (!context.planned.has(key)) return [];
    const details = jsonObject(row.details);
    return [
      {
        key,
        op: `kernle_${String(row.operation)}`,
        at: timeOf(row.created_at) ?? 0,
        reason: textOf(details?.reason),
        after: { kernleActor: row.actor, ...(details ?? {}) },
      },
    ];
  });
}
