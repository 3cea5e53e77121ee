/**
 * An Alexandria database as an import plan (docs/ARCHITECTURE.md §10 has the mapping table). Each
 * memory object becomes the Mindloom type that reads like it, keeping its object type as a field;
 * its review status (pending waits in the review queue, rejected becomes a rejection), status
 * (superseded_by as supersession, a review merge as merged_from, retired as archived), the events
 * and sessions it cites as raw captures linked as evidence, its evidence excerpt, structured
 * decision, outcomes, and code references as code evidence refs.
 *
 * Tiers: Alexandria counts a verification as grounding for 7 days; Mindloom's grounding lasts until
 * the code it points at changes. So a verification already older than 7 days at the instant of the
 * import is brought in as history (and on each code ref) but not as the memory's last verification,
 * and the tier Mindloom computes then is the one Alexandria computes at that instant.
 */
import { basename } from 'node:path';
import type { CODE_MEMORY_KINDS, LinkKind, MemoryType } from '../../../shared/model';
import type { Mind } from '../../mind/mind';
import type { AlexandriaRow, AlexandriaSource } from '../../store/alexandria-source';
import type { ForeignRow } from '../../store/foreign-sqlite';
import { type ExistingOrigins, type ImportPlan, type PlannedHistory, type PlannedMemory, type PlannedRejection, simpleMemory } from '../import-plan';
import { jsonObject, numberOr, stringList, textOf, timeOf } from '../kernle/kernle-values';
import { codeEvidenceRef } from './code-refs';

/** How long Alexandria counts a verification as grounding (its RECENT_VERIFICATION_DAYS). */
export const ALEXANDRIA_GROUNDING_MS = 7 * 24 * 60 * 60 * 1000;

type ObjectType = (typeof CODE_MEMORY_KINDS)[number];

/** Each object type as the Mindloom type that reads like it, with the field that says which kind. */
const TYPE_OF: Readonly<Record<ObjectType, { type: MemoryType; fields: Record<string, string> }>> = {
  constraint: { type: 'belief', fields: { beliefType: 'principle' } },
  convention: { type: 'belief', fields: { beliefType: 'pattern' } },
  preference: { type: 'belief', fields: { beliefType: 'preference' } },
  environment: { type: 'belief', fields: { beliefType: 'fact' } },
  decision: { type: 'note', fields: { noteType: 'decision' } },
  known_fix: { type: 'note', fields: { noteType: 'insight' } },
  failed_attempt: { type: 'episode', fields: { outcomeType: 'failure' } },
};

/** Alexandria's confidence words as a stored confidence. */
const CONFIDENCE_OF: Readonly<Record<string, number>> = { certain: 0.95, high: 0.85, medium: 0.65, low: 0.4 };

/** Object columns read into the memory itself; the rest is kept with its origin. */
const READ_COLUMNS = new Set([
  'id', 'content', 'object_type', 'scope_type', 'scope_path', 'superseded_by', 'evidence_event_ids', 'evidence_excerpt', 'review_status',
  'created_at', 'updated_at', 'access_count', 'last_accessed', 'code_refs', 'structured', 'last_reinforced_at',
]);

interface Context {
  mind: Mind;
  existing: ExistingOrigins;
  planned: Map<string, PlannedMemory>;
  skipped: number;
  /** The project the sessions ran in (its folder's name), when they agree on one. */
  project: { name: string; folder: string } | null;
}

export function planAlexandriaImport(mind: Mind, source: AlexandriaSource, existing: ExistingOrigins): ImportPlan {
  const context: Context = { mind, existing, planned: new Map(), skipped: 0, project: projectOf(source.workingDirectories) };
  const add = (key: string, plan: () => PlannedMemory) => {
    if (existing.has(key)) context.skipped++;
    else context.planned.set(key, plan());
  };
  for (const row of source.sessions) add(row.id, () => sessionCapture(context, row));
  for (const row of source.events) add(row.id, () => eventCapture(context, row));
  const refsOf = groupBy(source.codeRefs, (r) => String(r.memory_id));
  const outcomesOf = groupBy(source.outcomes, (r) => String(r.memory_id));
  const rejections: PlannedRejection[] = [];
  for (const row of source.objects) {
    add(row.id, () => objectMemory(context, row, refsOf.get(row.id) ?? [], outcomesOf.get(row.id) ?? [], rejections));
  }
  linkSupersessions(context, source.objects);
  return { kind: 'alexandria', system: 'alexandria', memories: [...context.planned.values()], rejections, notes: [], skipped: context.skipped, problems: [] };
}

function objectMemory(context: Context, row: AlexandriaRow, codeRefs: readonly ForeignRow[], outcomes: readonly AlexandriaRow[], rejections: PlannedRejection[]): PlannedMemory {
  const { mind } = context;
  const objectType = String(row.object_type);
  const mapping = TYPE_OF[objectType as ObjectType] ?? { type: 'note' as const, fields: {} };
  const createdAt = timeOf(row.created_at) ?? mind.now();
  const updatedAt = Math.max(createdAt, timeOf(row.updated_at) ?? createdAt);
  const planned = simpleMemory(mind, {
    key: row.id,
    container: context.project?.folder ?? null,
    type: mapping.type,
    content: String(row.content),
    fields: { ...mapping.fields, objectType, structured: jsonObject(row.structured) ?? undefined },
    sourceType: 'observation',
    sourceEntity: 'alexandria',
    createdAt,
  });
  const confidence = CONFIDENCE_OF[String(row.confidence)] ?? CONFIDENCE_OF.medium ?? 0.65;
  const events = stringList(row.evidence_event_ids);
  const verifiedAt = timeOf(row.last_verified_at);
  const stillGrounding = verifiedAt !== null && mind.now() - verifiedAt <= ALEXANDRIA_GROUNDING_MS;
  const weight = 2 + events.length;
  const review = String(row.review_status);
  const scopeType = textOf(row.scope_type) ?? 'project';
  const scopePath = textOf(row.scope_path);
  Object.assign(planned.memory, {
    confidence,
    alpha: mapping.type === 'belief' ? confidence * weight : null,
    beta: mapping.type === 'belief' ? (1 - confidence) * weight : null,
    reviewStatus: review === 'approved' || review === 'rejected' ? review : 'pending',
    status: statusOf(String(row.status)),
    scope: scopePath === null ? scopeType : `${scopeType}:${scopePath}`,
    project: scopeType === 'global' ? null : (context.project?.name ?? null),
    accessCount: numberOr(row.access_count, 0),
    lastAccessedAt: timeOf(row.last_accessed),
    lastReinforcedAt: timeOf(row.last_reinforced_at),
    verificationCount: verifiedAt === null ? 0 : 1,
    lastVerifiedAt: stillGrounding ? verifiedAt : null,
    updatedAt,
  });
  planned.links = events.map((to) => ({ kind: 'evidence' as const, to }));
  const excerpt = textOf(row.evidence_excerpt);
  if (excerpt !== null) planned.refs.push({ kind: 'text', ref: excerpt, note: 'Alexandria evidence excerpt' });
  for (const ref of codeRefs) {
    planned.refs.push(
      codeEvidenceRef({
        file: String(ref.path),
        symbol: textOf(ref.symbol),
        lineStart: typeof ref.line_start === 'number' ? ref.line_start : null,
        lineEnd: typeof ref.line_end === 'number' ? ref.line_end : null,
        verifiedAtCommit: textOf(ref.verified_at_commit),
        contentHash: textOf(ref.content_hash),
        verifiedAt: textOf(row.last_verified_at),
      }),
    );
  }
  planned.history = objectHistory(row, outcomes, updatedAt);
  if (review === 'rejected') {
    const at = timeOf(row.reviewed_at) ?? updatedAt;
    rejections.push({ key: row.id, text: planned.memory.content, reason: 'rejected in Alexandria review', at });
  }
  planned.details = {
    ...planned.details,
    ...Object.fromEntries(Object.entries(row).filter(([column, value]) => !READ_COLUMNS.has(column) && value !== null && value !== '')),
    ...(verifiedAt !== null && !stillGrounding ? { verificationExpired: true } : {}),
  };
  return planned;
}

function statusOf(status: string) {
  if (status === 'superseded') return 'superseded' as const;
  if (status === 'retired') return 'archived' as const;
  // Staleness is computed on read here; the origin keeps Alexandria's word for it.
  return 'active' as const;
}

/** Review, retirement, verification and reported outcomes, each at its own time. */
function objectHistory(row: AlexandriaRow, outcomes: readonly AlexandriaRow[], updatedAt: number): PlannedHistory[] {
  const history: PlannedHistory[] = [];
  const verifiedAt = timeOf(row.last_verified_at);
  if (verifiedAt !== null) history.push({ at: verifiedAt, op: 'verify', reason: 'verified against the code in Alexandria' });
  const reviewedAt = timeOf(row.reviewed_at);
  if (row.review_status === 'approved' && reviewedAt !== null) {
    history.push({ at: reviewedAt, op: 'approve', after: { reviewStatus: 'approved' }, reason: 'approved in Alexandria review' });
  }
  if (row.review_status === 'rejected') {
    history.push({ at: reviewedAt ?? updatedAt, op: 'reject', after: { reviewStatus: 'rejected', status: 'archived' }, reason: 'rejected in Alexandria review' });
  } else if (row.status === 'retired') {
    history.push({ at: updatedAt, op: 'archive', after: { status: 'archived' }, reason: 'retired in Alexandria' });
  }
  for (const outcome of outcomes) history.push(outcomeHistory(outcome, updatedAt));
  return history.sort((a, b) => a.at - b.at);
}

/** An outcome a person reported for a memory, as a journal row at its own time. */
export function outcomeHistory(outcome: AlexandriaRow, fallbackAt: number): PlannedHistory {
  return {
    at: timeOf(outcome.timestamp) ?? fallbackAt,
    op: 'outcome',
    after: { outcome: outcome.outcome, session: outcome.session_id ?? null },
    reason: textOf(outcome.context) ?? `reported ${String(outcome.outcome)}`,
  };
}

/**
 * `superseded_by` (Alexandria never writes `supersedes`): the successor supersedes and derives
 * from each object it replaced; one that replaced several at once is their merge.
 */
function linkSupersessions(context: Context, objects: readonly AlexandriaRow[]): void {
  const replaced = groupBy(
    objects.filter((o) => textOf(o.superseded_by) !== null),
    (o) => String(o.superseded_by),
  );
  const idOf = (key: string) => context.planned.get(key)?.memory.id ?? context.existing.get(key)?.memoryId ?? null;
  for (const [successor, olders] of replaced) {
    const kind: LinkKind = olders.length > 1 ? 'merged_from' : 'supersedes';
    for (const older of olders) {
      context.planned.get(successor)?.links.push({ kind, to: older.id }, { kind: 'derived_from', to: older.id });
      const predecessor = context.planned.get(older.id);
      if (predecessor) predecessor.memory.supersededBy = idOf(successor);
    }
  }
}

function sessionCapture(context: Context, row: AlexandriaRow): PlannedMemory {
  const at = timeOf(row.started_at) ?? context.mind.now();
  const words = [textOf(row.working_task), textOf(row.summary)].filter((w) => w !== null).join(' — ');
  const planned = simpleMemory(context.mind, {
    key: row.id,
    container: textOf(row.working_directory),
    type: 'raw',
    content: words === '' ? `Coding session ${row.id}` : words,
    fields: { source: { conversationId: row.id, role: 'session', at: new Date(at).toISOString() } },
    sourceType: 'direct_experience',
    sourceEntity: 'alexandria session',
    createdAt: at,
  });
  planned.memory.project = context.project?.name ?? null;
  planned.details = Object.fromEntries(Object.entries(row).filter(([column, value]) => column !== 'id' && value !== null && value !== '' && value !== '[]'));
  return planned;
}

function eventCapture(context: Context, row: AlexandriaRow): PlannedMemory {
  const at = timeOf(row.timestamp) ?? context.mind.now();
  const tool = textOf(row.tool_name);
  const planned = simpleMemory(context.mind, {
    key: row.id,
    container: String(row.session_id),
    type: 'raw',
    content: String(row.words ?? ''),
    fields: { source: { conversationId: String(row.session_id), turnId: row.id, role: String(row.event_type), at: new Date(at).toISOString() } },
    sourceType: 'direct_experience',
    sourceEntity: tool === null ? String(row.event_type) : `tool ${tool}`,
    createdAt: at,
    links: [{ kind: 'derived_from', to: String(row.session_id) }],
  });
  planned.memory.project = context.project?.name ?? null;
  planned.details = Object.fromEntries(
    Object.entries(row).filter(([column, value]) => !['id', 'content', 'words', 'session_id', 'timestamp', 'event_type'].includes(column) && value !== null && value !== ''),
  );
  return planned;
}

/** The project every session ran in (named by its folder), or null when they differ or say nothing. */
function projectOf(folders: readonly string[]): Context['project'] {
  const [folder] = folders;
  return folders.length === 1 && folder !== undefined ? { name: basename(folder), folder } : null;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
