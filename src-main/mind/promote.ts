/**
 * Promotion: a memory becomes a higher kind of memory along the allowed paths. The new memory
 * records where it came from; a raw capture becomes processed. Every promotion moves the source's
 * version, so promoting it again at the version seen before is refused. Lineage is never set by hand.
 */
import { MindError } from '../../shared/errors';
import type { MemoryType } from '../../shared/model';
import { canPromote, PROMOTION_PATHS } from '../../shared/rules/promotion';
import type { MemoryRecord } from '../store/memory-record';
import { applyChange, loadMemory, loadWritable } from './change';
import { createMemory } from './create';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

export interface PromoteInput {
  to: MemoryType;
  /** The new memory's text; the source's text when absent. */
  text?: string | undefined;
  fields?: Record<string, unknown> | undefined;
  confidence?: number | undefined;
}

export interface PromoteResult {
  created: MemoryRecord;
  source: MemoryRecord;
}

export function promoteMemory(mind: Mind, sourceId: string, input: PromoteInput, options: WriteOptions): PromoteResult {
  return mind.store.transaction(() => {
    const source = loadWritable(mind, sourceId, options);
    if (!canPromote(source.type, input.to)) {
      const allowed = PROMOTION_PATHS[source.type];
      throw new MindError(
        'forbidden_promotion',
        `A ${source.type} cannot be promoted to a ${input.to}${allowed.length ? ` (it can become: ${allowed.join(', ')})` : ' (it is not promoted further)'}.`,
        { from: source.type, to: input.to, allowed },
      );
    }
    if (source.status === 'archived' || source.status === 'superseded') {
      throw new MindError('invalid_state', `${sourceId} is ${source.status}; restore it before promoting it.`, {
        id: sourceId,
      });
    }
    const created = createMemory(
      mind,
      {
        type: input.to,
        content: input.text ?? source.content,
        fields: input.fields,
        // Promotion restates what the source said: who said it travels with it.
        sourceType: source.sourceType,
        sourceEntity: source.sourceEntity,
        confidence: input.confidence,
        derivedFrom: [source.id],
        // An episode promoted into a belief is also the first evidence for it.
        evidence: source.type === 'episode' && input.to === 'belief' ? [source.id] : [],
        scope: source.scope,
        project: source.project,
      },
      { ...options, expectedVersion: undefined },
      { op: 'promote', note: { promotedFrom: source.id } },
    );
    // Creating from an active raw capture marked it processed (see createMemory), which moved its
    // version. Any other source is changed too: it now stands under what it became, and a second
    // promotion made against the version it had before is a version_conflict, not a second copy.
    const marked = loadMemory(mind, source.id);
    const updatedSource =
      marked.version !== source.version
        ? marked
        : applyChange(mind, marked, {}, { op: 'promoted', options: { ...options, expectedVersion: undefined }, note: { promotedInto: created.id } });
    return { created, source: updatedSource };
  });
}
