/** The `belief_explanations` rows: why consolidation drafted a belief, as JSON beside its seq. */
import type { Db } from './connection';
import { stmt } from './statements';

export interface ExplanationRow {
  runId: string;
  createdAt: number;
  /** The explanation as consolidation wrote it (consolidation/explanation.ts reads it back). */
  json: string;
}

export function insertExplanation(db: Db, memorySeq: number, row: ExplanationRow): void {
  stmt(db, 'INSERT INTO belief_explanations (memory_seq, run_id, created_at, explanation) VALUES (?, ?, ?, ?)').run(
    memorySeq,
    row.runId,
    row.createdAt,
    row.json,
  );
}

export function findExplanation(db: Db, memorySeq: number): ExplanationRow | null {
  const row = stmt(db, 'SELECT run_id, created_at, explanation FROM belief_explanations WHERE memory_seq = ?').get(memorySeq) as
    | { run_id: string; created_at: number; explanation: string }
    | undefined;
  return row ? { runId: row.run_id, createdAt: row.created_at, json: row.explanation } : null;
}

/** A forgotten belief's explanation goes with its words. */
export function deleteExplanation(db: Db, memorySeq: number): void {
  stmt(db, 'DELETE FROM belief_explanations WHERE memory_seq = ?').run(memorySeq);
}
