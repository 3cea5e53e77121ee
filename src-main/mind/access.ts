/** A retrieval of a memory by an agent: strengthens its retrieval stability (spaced repetition). */
import { stabilityAfterAccess } from '../../shared/rules/retrieval';
import type { MemoryRecord } from '../store/memory-record';
import { recordAccessRow } from '../store/access-repo';
import { appendJournal } from '../store/journal-repo';
import { findMemoryById } from '../store/memories-repo';
import { loadWritable } from './change';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

/** Access bookkeeping does not bump the version: a read must not make a person's edit conflict. */
export function recordAccess(mind: Mind, id: string, options: WriteOptions): MemoryRecord {
  return recordAccesses(mind, [id], options)[0] as MemoryRecord;
}

/**
 * Several memories retrieved together (one recall's hits): each gets its access row and journal
 * entry, all in one transaction, so a recall costs one commit however many memories it returns.
 */
export function recordAccesses(mind: Mind, ids: readonly string[], options: WriteOptions): MemoryRecord[] {
  return mind.store.transaction(() =>
    ids.map((id) => {
      const current = loadWritable(mind, id, options);
      const at = mind.now();
      const stability = stabilityAfterAccess(current.stability, current.lastAccessedAt, at);
      recordAccessRow(mind.store.db, current.seq, { stability, lastAccessedAt: at, accessCount: current.accessCount + 1 });
      appendJournal(mind.store.db, {
        at,
        actor: options.actor,
        op: 'access',
        memoryId: id,
        runId: options.runId ?? null,
        before: { stability: current.stability, lastAccessedAt: current.lastAccessedAt },
        after: { stability, lastAccessedAt: at },
      });
      return findMemoryById(mind.store.db, id) as MemoryRecord;
    }),
  );
}
