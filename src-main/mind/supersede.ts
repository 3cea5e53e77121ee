/**
 * Supersession (the provenance seed's gold standard): the new belief supersedes and derives from
 * the old, inherits its supporting episodes; the old becomes inactive, pointing at its successor.
 * Both memories' journals record it.
 */
import { MindError } from '../../shared/errors';
import { type ReviewStatus, type SourceType, withArticle } from '../../shared/model';
import { findMemoriesBySeqs } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { applyChange, loadWritable } from './change';
import { createMemory } from './create';
import { insertLink, linksFrom } from '../store/links-repo';
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
