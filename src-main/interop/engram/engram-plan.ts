/**
 * An Engram database as an import plan (docs/ARCHITECTURE.md §10 has the mapping table). Episodes
 * keep their summary as their words and the rest as fields; beliefs keep α and β exactly, their
 * supporting and contradicting episodes as evidence and counter-evidence links (`PARTIAL:` ones as
 * Mindloom's `partial_evidence` journal row), their revision history as journal rows at their own
 * times, and their parent/child links as the lineage Mindloom's own consolidation would have
 * written: revised → supersedes, split → split_from, merged → merged_from. Projects become notes
 * scoped to the project; memory-file chunks become raw captures with the file's URL.
 */
import { pathToFileURL } from 'node:url';
import type { LinkKind, MemoryStatus } from '../../../shared/model';
import type { Mind } from '../../mind/mind';
import type { EngramRow, EngramSource } from '../../store/engram-source';
import type { ImportProblem } from '../importer';
import { type ExistingOrigins, type ImportPlan, type PlannedHistory, type PlannedMemory, simpleMemory } from '../import-plan';
import { jsonList, numberOr, stringList, textOf } from '../kernle/kernle-values';

const PARTIAL_PREFIX = 'PARTIAL:';

/** Engram's belief statuses as Mindloom's, and the journal operation that put the belief there. */
const BELIEF_STATUS: Readonly<Record<string, { status: MemoryStatus; op: string | null; lineage: LinkKind | null }>> = {
  active: { status: 'active', op: null, lineage: null },
  revised: { status: 'superseded', op: 'superseded', lineage: 'supersedes' },
  split: { status: 'archived', op: 'split', lineage: 'split_from' },
  merged: { status: 'superseded', op: 'merged', lineage: 'merged_from' },
  archived: { status: 'archived', op: 'archive', lineage: null },
};

interface Context {
  mind: Mind;
  existing: ExistingOrigins;
  planned: Map<string, PlannedMemory>;
  problems: ImportProblem[];
  skipped: number;
  file: string;
}

export function planEngramImport(mind: Mind, source: EngramSource, existing: ExistingOrigins, file: string): ImportPlan {
  const context: Context = { mind, existing, planned: new Map(), problems: [], skipped: 0, file };
  const add = (key: string, plan: () => PlannedMemory) => {
    if (existing.has(key)) context.skipped++;
    else context.planned.set(key, plan());
  };
  for (const row of source.projects) add(projectKey(row.id), () => projectNote(mind, row));
  for (const row of source.episodes) add(row.id, () => episodeOf(mind, row));
  for (const row of source.chunks) add(chunkKey(row.id), () => chunkCapture(mind, row));
  const episodeKeys = new Set([...source.episodes.map((e) => e.id), ...existing.keys()]);
  for (const row of source.beliefs) add(row.id, () => beliefOf(context, row, episodeKeys));
  linkBeliefLineage(context, source.beliefs);
  if (source.embeddedEpisodes > 0) {
    context.problems.push({
      place: `${file}: episodes.embedding`,
      message: `${source.embeddedEpisodes} episode embeddings skipped: they are another model's vector space (Mindloom embeds with its own).`,
    });
  }
  return {
    kind: 'engram',
    system: 'engram',
    memories: [...context.planned.values()],
    rejections: [],
    notes: [],
    skipped: context.skipped,
    problems: context.problems,
  };
}

export const projectKey = (fullPath: string) => `project:${fullPath}`;
export const chunkKey = (id: string) => `chunk:${id}`;

function projectNote(mind: Mind, row: EngramRow): PlannedMemory {
  const name = String(row.name);
  const planned = simpleMemory(mind, {
    key: projectKey(row.id),
    container: row.id,
    type: 'note',
    content: textOf(row.description) ?? `Project ${name} at ${row.id}`,
    fields: { noteType: 'fact' },
    sourceType: row.source === 'claude_md' ? 'external' : 'observation',
    sourceEntity: `engram project ${name}`,
    createdAt: numberOr(row.created_at, mind.now()),
  });
  planned.memory.scope = 'project';
  planned.memory.project = name;
  planned.memory.updatedAt = Math.max(planned.memory.createdAt, numberOr(row.updated_at, 0));
  planned.details = detailsOf(row, ['full_path', 'name', 'description', 'created_at', 'updated_at', 'id']);
  return planned;
}

function episodeOf(mind: Mind, row: EngramRow): PlannedMemory {
  const fullContent = textOf(row.full_content);
  const planned = simpleMemory(mind, {
    key: row.id,
    container: textOf(row.project_path),
    type: 'episode',
    content: String(row.summary),
    fields: { entities: stringList(row.entities), importance: row.importance, fullContent: fullContent ?? undefined },
    sourceType: row.source_type === 'auto' ? 'observation' : 'direct_experience',
    sourceEntity: `claude-code session ${String(row.session_id)}`,
    createdAt: numberOr(row.created_at, mind.now()),
  });
  if (stringList(row.entities).length === 0) delete planned.memory.fields.entities;
  const accessCount = numberOr(row.access_count, 0);
  Object.assign(planned.memory, {
    scope: textOf(row.scope) ?? 'global',
    project: textOf(row.project),
    accessCount,
    // Engram sets accessed_at to the creation time until an episode is first expanded.
    lastAccessedAt: accessCount > 0 ? numberOr(row.accessed_at, 0) : null,
    updatedAt: Math.max(planned.memory.createdAt, numberOr(row.graduated_at, 0)),
  });
  planned.details = {
    ...planned.details,
    ...detailsOf(row, ['id', 'summary', 'entities', 'importance', 'full_content', 'scope', 'project', 'created_at', 'access_count', 'accessed_at']),
    ...(fullContent === null ? { compressed: true } : {}),
  };
  return planned;
}

function chunkCapture(mind: Mind, row: EngramRow): PlannedMemory {
  const at = numberOr(row.updated_at, mind.now());
  const planned = simpleMemory(mind, {
    key: chunkKey(row.id),
    container: textOf(row.project_path),
    type: 'raw',
    content: String(row.text),
    fields: { source: { at: new Date(at).toISOString() } },
    sourceType: 'direct_experience',
    sourceEntity: 'engram memory file',
    createdAt: at,
  });
  // A memory file is where the capture was read, not code that grounds it: a URL, not a file ref.
  const lines = row.start_line === null || row.start_line === undefined ? '' : `#L${String(row.start_line)}-L${String(row.end_line)}`;
  planned.refs.push({ kind: 'url', ref: `${pathToFileURL(String(row.path)).href}${lines}`, note: 'Engram memory file chunk' });
  planned.memory.scope = row.layer === 'project' ? 'project' : 'global';
  planned.memory.project = textOf(row.project);
  planned.details = detailsOf(row, ['id', 'text', 'updated_at', 'project']);
  return planned;
}

function beliefOf(context: Context, row: EngramRow, episodeKeys: ReadonlySet<string>): PlannedMemory {
  const { mind } = context;
  const alpha = numberOr(row.confidence_alpha, 1);
  const beta = numberOr(row.confidence_beta, 1);
  const engramStatus = String(row.status);
  const mapped = BELIEF_STATUS[engramStatus];
  const planned = simpleMemory(mind, {
    key: row.id,
    container: textOf(row.project_path),
    type: 'belief',
    content: String(row.statement),
    fields: { subject: textOf(row.subject), predicate: textOf(row.predicate), context: textOf(row.context), timeframe: textOf(row.timeframe) },
    sourceType: 'consolidation',
    sourceEntity: 'engram consolidation',
    createdAt: numberOr(row.created_at, mind.now()),
  });
  const against = stringList(row.contradicting_episodes);
  const partial = against.filter((e) => e.startsWith(PARTIAL_PREFIX)).map((e) => e.slice(PARTIAL_PREFIX.length));
  planned.links = [
    ...stringList(row.supporting_episodes).map((to) => ({ kind: 'evidence' as const, to })),
    ...against.filter((e) => !e.startsWith(PARTIAL_PREFIX)).map((to) => ({ kind: 'counter_evidence' as const, to })),
  ];
  const place = `${context.file}: belief ${row.id}`;
  const knownPartial = partial.filter((id) => episodeKeys.has(id));
  for (const id of partial.filter((e) => !episodeKeys.has(e))) {
    context.problems.push({ place, message: `partial evidence ${id} names nothing in the source or the mind; left out.` });
  }
  const createdAt = planned.memory.createdAt;
  const updatedAt = Math.max(createdAt, numberOr(row.updated_at, createdAt));
  planned.history = [
    ...revisionHistory(row, createdAt),
    ...(knownPartial.length > 0
      ? [{ at: createdAt, op: 'partial_evidence', after: { classification: 'partial', episodes: knownPartial }, evidence: knownPartial, reason: 'Engram: contradicting in part' }]
      : []),
  ];
  if (mapped === undefined) {
    context.problems.push({ place, message: `Engram status "${engramStatus}" is not one this importer knows; imported as active, the status kept in its origin.` });
  } else if (mapped.op !== null) {
    planned.history.push({ at: updatedAt, op: mapped.op, after: { status: mapped.status, engramStatus }, reason: `Engram: ${engramStatus}` });
  }
  Object.assign(planned.memory, {
    confidence: alpha / (alpha + beta),
    alpha,
    beta,
    status: mapped?.status ?? 'active',
    scope: textOf(row.scope) ?? 'global',
    project: textOf(row.project),
    stability: numberOr(row.stability, 1),
    accessCount: numberOr(row.access_count, 0),
    lastAccessedAt: typeof row.last_accessed_at === 'number' ? row.last_accessed_at : null,
    lastReinforcedAt: typeof row.last_reinforced_at === 'number' ? row.last_reinforced_at : null,
    updatedAt,
  });
  planned.details = {
    ...planned.details,
    engramStatus,
    ...(partial.length > 0 ? { partialEvidence: partial } : {}),
    ...detailsOf(row, [
      'id', 'statement', 'subject', 'predicate', 'context', 'timeframe', 'confidence_alpha', 'confidence_beta', 'scope', 'project', 'supporting_episodes',
      'contradicting_episodes', 'revision_history', 'status', 'stability', 'created_at', 'updated_at', 'last_accessed_at', 'last_reinforced_at', 'access_count',
    ]),
  };
  return planned;
}

/** `revision_history`: one `revise` row per entry at its own time, with the words and confidence it had before. */
function revisionHistory(row: EngramRow, fallbackAt: number): PlannedHistory[] {
  return jsonList(row.revision_history).flatMap((entry): PlannedHistory[] => {
    if (entry === null || typeof entry !== 'object') return [];
    const revision = entry as Record<string, unknown>;
    return [
      {
        at: numberOr(revision.timestamp, fallbackAt),
        op: 'revise',
        before: typeof revision.old_statement === 'string' ? { content: revision.old_statement } : null,
        after: { content: row.statement },
        confidenceBefore: typeof revision.old_confidence === 'number' ? revision.old_confidence : null,
        reason: textOf(revision.reason),
      },
    ];
  });
}

/**
 * Parent and child beliefs as lineage: each child derives from its parent and names how it
 * replaced it (the parent's status says which); a revised or merged parent is superseded by its
 * child. A merge child has no parent_belief_id in Engram but is listed in both parents' children.
 */
function linkBeliefLineage(context: Context, beliefs: readonly EngramRow[]): void {
  const inSource = new Set(beliefs.map((b) => b.id));
  const idOf = (key: string) => context.planned.get(key)?.memory.id ?? context.existing.get(key)?.memoryId ?? null;
  for (const parent of beliefs) {
    const mapped = BELIEF_STATUS[String(parent.status)];
    const children = stringList(parent.child_belief_ids);
    for (const child of children) {
      if (!inSource.has(child) && !context.existing.has(child)) {
        context.problems.push({
          place: `${context.file}: belief ${parent.id}`,
          message: `child belief ${child} is no longer in the source (forgotten in Engram); its lineage is left out.`,
        });
        continue;
      }
      const planned = context.planned.get(child);
      planned?.links.push({ kind: 'derived_from', to: parent.id });
      if (mapped?.lineage) planned?.links.push({ kind: mapped.lineage, to: parent.id });
    }
    const successor = children.map(idOf).find((id) => id !== null);
    const plannedParent = context.planned.get(parent.id);
    if (plannedParent?.memory.status === 'superseded') {
      // A superseded belief needs its successor; when Engram forgot it, the belief is only archived.
      if (successor) plannedParent.memory.supersededBy = successor;
      else plannedParent.memory.status = 'archived';
    }
  }
  const childrenOf = new Map(beliefs.map((b) => [b.id, stringList(b.child_belief_ids)]));
  for (const child of beliefs) {
    const parent = textOf(child.parent_belief_id);
    if (parent && !(childrenOf.get(parent) ?? []).includes(child.id)) {
      context.planned.get(child.id)?.links.push({ kind: 'derived_from', to: parent });
    }
  }
}

/** The columns an import did not read into the memory itself, kept with its origin. */
function detailsOf(row: EngramRow, read: readonly string[]): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (read.includes(column) || value === null || value === '' || value === '[]') continue;
    details[column] = value;
  }
  return details;
}
