/**
 * Promotion: a memory becomes a higher kind of memory along the allowed paths. The new memory
 * records where it came from; a raw capture becomes processed. Lineage is never set by hand.
 */
import { MindError } from '../../shared/errors';
import type { MemoryType } from '../../shared/model';
import { canPromote, PROMOTION_PATHS } from '../../shared/rules/promotion';
import type { MemoryRecord } from '../store/memory-record';
import { loadMemory, loadWritable } from './change';
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
    // Creating from a raw capture marked it processed (see createMemory).
    const updatedSource = loadMemory(mind, source.id);
    return { created, source: updatedSource };
  });
}
