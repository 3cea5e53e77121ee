/**
 * Supersession (the provenance seed's gold standard): the new belief supersedes and derives from
 * the old, inherits its supporting episodes; the old becomes inactive, pointing at its successor.
 * Both memories' journals record it.
 */
import { MindError } from '../../shared/errors';
import { type ReviewStatus, type SourceType, withArticle } from '../../shared/model';
import { openContradictionsOf } from '../store/contradictions-repo';
import { findMemoriesBySeqs, findMemoryBySeq } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { applyChange, loadMemory, loadWritable } from './change';
import { createMemory } from './create';
import { insertLink, linksFrom, linksTo } from '../store/links-repo';
import { changeRecord } from './records';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

export interface SupersedeInput {
  content: string;
  fields?: Record<string, unknown> | undefined;
  confidence?: number | undefined;
  source?: string | undefined;
  /** Explicit provenance (consolidation's revisions), as in createMemory. */
  sourceType?: SourceType | undefined;
  reviewStatus?: ReviewStatus | null | undefined;
  /**
   * The successor's supporting episodes. By default it inherits the old belief's; a revision
   * forced by contradicting evidence stands on that evidence instead.
   */
  evidence?: readonly string[] | undefined;
}

export interface SupersedeResult {
  created: MemoryRecord;
  superseded: MemoryRecord;
}

export function supersedeBelief(mind: Mind, oldId: string, input: SupersedeInput, options: WriteOptions): SupersedeResult {
  return mind.store.transaction(() => {
    const old = loadWritable(mind, oldId, options);
    if (old.type !== 'belief') {
      throw new MindError('not_a_belief', `${oldId} is ${withArticle(old.type)}; only beliefs are superseded.`, { id: oldId });
    }
    if (old.status !== 'active') {
      throw new MindError(
        'invalid_state',
        `${oldId} is ${old.status}${old.supersededBy ? ` (by ${old.supersededBy})` : ''}; only an active belief can be superseded.`,
        { id: oldId, status: old.status },
      );
    }
    const inherited = findMemoriesBySeqs(
      mind.store.db,
      linksFrom(mind.store.db, old.seq, ['evidence']).map((l) => l.toSeq),
    ).filter((m) => m.status !== 'forgotten');
    const created = createMemory(
      mind,
      {
        type: 'belief',
        content: input.content,
        fields: { ...old.fields, ...(input.fields ?? {}) },
        source: input.source,
        sourceType: input.sourceType,
        reviewStatus: input.reviewStatus,
        confidence: input.confidence,
        derivedFrom: [old.id],
        evidence: input.evidence ?? inherited.map((m) => m.id),
        scope: old.scope,
        project: old.project,
      },
      { ...options, expectedVersion: undefined },
      { op: 'supersede', note: { supersedes: old.id } },
    );
    insertLink(mind.store.db, { fromSeq: created.seq, toSeq: old.seq, kind: 'supersedes' }, mind.now());
    const superseded = applyChange(
      mind,
      old,
      { status: 'superseded', supersededBy: created.id },
      { op: 'superseded', options, note: { supersededBy: created.id } },
    );
    return { created, superseded };
  });
}

export interface ImpactRef {
  id: string;
  type: MemoryRecord['type'];
  content: string;
  status: MemoryRecord['status'];
}

/** What superseding a belief touches, shown before a person confirms it. */
export interface SupersedeImpact {
  id: string;
  version: number;
  /** Memories created from it (`derived_from`): they keep pointing at the old belief, now superseded. */
  dependents: ImpactRef[];
  /** Its supporting episodes: the successor inherits them as its evidence. */
  evidence: ImpactRef[];
  /** Open contradictions it is part of: superseding it settles them. */
  contradictions: { id: string; kind: string; with: ImpactRef }[];
}

const impactRef = (m: MemoryRecord): ImpactRef => ({ id: m.id, type: m.type, content: m.content, status: m.status });

export function previewSupersession(mind: Mind, id: string): SupersedeImpact {
  const db = mind.store.db;
  const old = loadMemory(mind, id);
  if (old.type !== 'belief') throw new MindError('not_a_belief', `${id} is ${withArticle(old.type)}; only beliefs are superseded.`, { id });
  return {
    id,
    version: old.version,
    dependents: findMemoriesBySeqs(db, linksTo(db, old.seq, ['derived_from']).map((l) => l.fromSeq)).map(impactRef),
    evidence: findMemoriesBySeqs(db, linksFrom(db, old.seq, ['evidence']).map((l) => l.toSeq))
      .filter((m) => m.status !== 'forgotten')
      .map(impactRef),
    contradictions: openContradictionsOf(db, old.seq).map((c) => ({
      id: c.id,
      kind: c.kind,
      with: impactRef(findMemoryBySeq(db, c.aSeq === old.seq ? c.bSeq : c.aSeq) as MemoryRecord),
    })),
  };
}

/**
 * Supersession by a person: the successor as supersedeBelief makes it, and the old belief's open
 * contradictions settled by it. One action.
 */
export function supersedeAndSettle(mind: Mind, oldId: string, input: SupersedeInput, options: WriteOptions): SupersedeResult & { settled: string[] } {
  return mind.store.transaction(() => {
    const result = supersedeBelief(mind, oldId, input, options);
    const settled = openContradictionsOf(mind.store.db, result.superseded.seq).map((c) => {
      changeRecord(mind, {
        kind: 'contradiction',
        id: c.id,
        before: { status: c.status, resolution: c.resolution, note: c.note, resolvedAt: c.resolvedAt, resolvedBy: c.resolvedBy },
        after: { status: 'resolved', resolution: 'supersede', note: c.note, resolvedAt: mind.now(), resolvedBy: options.actor },
        op: 'contradiction_resolved',
        actor: options.actor,
        memoryId: oldId,
        reason: `settled by superseding ${oldId} with ${result.created.id}`,
        note: { supersededBy: result.created.id },
      });
      return c.id;
    });
    return { ...result, settled };
  });
}
