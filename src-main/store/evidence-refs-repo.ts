/** Evidence references (code, files, URLs, events, text) attached to a memory. */
import { EVENT_REF_KINDS, type EvidenceRefKind, GROUNDING_REF_KINDS } from '../../shared/model';
import type { RefState } from './code-refs-repo';
import type { Db } from './connection';
import { stmt } from './statements';

export interface EvidenceRefRow {
  seq: number;
  kind: EvidenceRefKind;
  ref: string;
  note: string | null;
  createdAt: number;
}

export function insertEvidenceRef(
  db: Db,
  memorySeq: number,
  ref: { kind: EvidenceRefKind; ref: string; note?: string | null },
  createdAt: number,
): number | null {
  const result = stmt(
    db,
    'INSERT OR IGNORE INTO evidence_refs (memory_seq, kind, ref, note, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run(memorySeq, ref.kind, ref.ref, ref.note ?? null, createdAt);
  return result.changes > 0 ? Number(result.lastInsertRowid) : null;
}

export function deleteEvidenceRef(db: Db, memorySeq: number, refSeq: number): EvidenceRefRow | null {
  const row = stmt(
    db,
    'SELECT seq, kind, ref, note, created_at AS createdAt FROM evidence_refs WHERE seq = ? AND memory_seq = ?',
  ).get(refSeq, memorySeq) as EvidenceRefRow | undefined;
  if (!row) return null;
  stmt(db, 'DELETE FROM evidence_refs WHERE seq = ?').run(refSeq);
  return row;
}

/** A reference as a memory's page shows it: with its anchor in a code repository, when it has one. */
export interface EvidenceRefWithAnchor extends EvidenceRefRow {
  verifiedCommit: string | null;
  state: RefState | null;
  currentPath: string | null;
  stateReason: string | null;
}

export function evidenceRefsOf(db: Db, memorySeq: number): EvidenceRefWithAnchor[] {
  return stmt(
    db,
    `SELECT seq, kind, ref, note, created_at AS createdAt, verified_commit AS verifiedCommit, state, current_path AS currentPath,
       state_reason AS stateReason FROM evidence_refs WHERE memory_seq = ? ORDER BY seq`,
  ).all(memorySeq) as EvidenceRefWithAnchor[];
}

/** The counts the tier rule reads: code/file references, and event references. */
export function countEvidenceRefs(db: Db, memorySeq: number): { grounding: number; events: number } {
  return stmt(
    db,
    // A code or file reference whose lines changed or whose file is gone no longer grounds (code-refs-repo.ts).
    `SELECT coalesce(sum(kind IN (${sqlList(GROUNDING_REF_KINDS)}) AND coalesce(state, '') NOT IN ('changed', 'gone')), 0) AS grounding,
       coalesce(sum(kind IN (${sqlList(EVENT_REF_KINDS)})), 0) AS events
     FROM evidence_refs WHERE memory_seq = ?`,
  ).get(memorySeq) as { grounding: number; events: number };
}

export function deleteEvidenceRefsOf(db: Db, memorySeq: number): void {
  stmt(db, 'DELETE FROM evidence_refs WHERE memory_seq = ?').run(memorySeq);
}

/** Fixed kind names (never user input) as an SQL list. */
function sqlList(kinds: readonly EvidenceRefKind[]): string {
  return kinds.map((k) => `'${k}'`).join(', ');
}

/** One reference by its seq, whichever memory holds it. */
export function findEvidenceRef(db: Db, refSeq: number): (EvidenceRefRow & { memorySeq: number }) | null {
  return (
    (stmt(db, 'SELECT seq, memory_seq AS memorySeq, kind, ref, note, created_at AS createdAt FROM evidence_refs WHERE seq = ?').get(refSeq) as
      | (EvidenceRefRow & { memorySeq: number })
      | undefined) ?? null
  );
}
