/**
 * Records the rule contradictions between one belief just written and the active beliefs near it
 * (the same neighbour search and rules as the store-wide scan, contradictions.ts), each open, with
 * a `contradiction_detected` journal row: a run's rows carry its id, so reverting the run resolves
 * them as it does its scan's. Runs inside the caller's transaction.
 */
import { findMemoryById } from '../store/memories-repo';
import { hasContradiction, insertContradiction } from '../store/contradictions-repo';
import { appendJournal } from '../store/journal-repo';
import type { MemoryRecord } from '../store/memory-record';
import { type ContradictionMatch, detectContradictionsFor } from './contradictions';
import type { Mind } from './mind';

export function recordContradictionsOf(mind: Mind, belief: MemoryRecord, options: { actor: string; runId: string | null }): ContradictionMatch[] {
  const db = mind.store.db;
  const recorded: ContradictionMatch[] = [];
  for (const match of detectContradictionsFor(mind, belief.content)) {
    const other = findMemoryById(db, match.belief.id);
    if (other === null || other.seq === belief.seq || hasContradiction(db, belief.seq, other.seq)) continue;
    const id = mind.newRecordId('ct');
    const at = mind.now();
    insertContradiction(db, { id, aSeq: belief.seq, bSeq: other.seq, kind: match.kind, detector: 'rules' }, at);
    appendJournal(db, {
      at,
      actor: options.actor,
      op: 'contradiction_detected',
      memoryId: belief.id,
      runId: options.runId,
      after: { contradiction: id, with: other.id, kind: match.kind, terms: match.terms },
    });
    recorded.push(match);
  }
  return recorded;
}
