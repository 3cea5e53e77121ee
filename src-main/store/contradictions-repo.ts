/** Recorded contradictions between two memories (pair stored low seq first, so each pair once). */
import type { ContradictionKind, ContradictionStatus } from '../../shared/model';
import type { Db } from './connection';
import { stmt } from './statements';

/** What a contradiction is and where it stands, whichever way its two memories are named. */
export interface ContradictionFacts {
  id: string;
  kind: ContradictionKind;
  detector: string;
  status: ContradictionStatus;
  resolution: string | null;
  note: string | null;
  detectedAt: number;
  resolvedAt: number | null;
  /** Who settled it: the actor of the resolution (null while open, and for a few settled before it was kept). */
  resolvedBy: string | null;
}

export interface ContradictionRow extends ContradictionFacts {
  aId: string;
  bId: string;
  aContent: string;
  bContent: string;
}

/** Returns whether the pair was new (a pair is recorded once). */
export function insertContradiction(
  db: Db,
  c: { id: string; aSeq: number; bSeq: number; kind: ContradictionKind; detector: string; note?: string | null },
  detectedAt: number,
): boolean {
  const [low, high] = c.aSeq < c.bSeq ? [c.aSeq, c.bSeq] : [c.bSeq, c.aSeq];
  const result = stmt(
    db,
    `INSERT OR IGNORE INTO contradictions (id, a_seq, b_seq, kind, detector, status, note, detected_at)
     VALUES (?, ?, ?, ?, ?, 'open', ?, ?)`,
  ).run(c.id, low, high, c.kind, c.detector, c.note ?? null, detectedAt);
  return result.changes > 0;
}

const SELECT = `SELECT c.id, a.id AS aId, b.id AS bId, a.content AS aContent, b.content AS bContent, c.kind, c.detector,
  c.status, c.resolution, c.note, c.detected_at AS detectedAt, c.resolved_at AS resolvedAt, c.resolved_by AS resolvedBy
  FROM contradictions c JOIN memories a ON a.seq = c.a_seq JOIN memories b ON b.seq = c.b_seq`;

export function listContradictions(db: Db, status: ContradictionStatus | null, limit: number): ContradictionRow[] {
  return status === null
    ? (stmt(db, `${SELECT} ORDER BY c.seq DESC LIMIT ?`).all(limit) as ContradictionRow[])
    : (stmt(db, `${SELECT} WHERE c.status = ? ORDER BY c.seq DESC LIMIT ?`).all(status, limit) as ContradictionRow[]);
}

/** The open contradictions either side of which is one of these memories, newest first. */
export function openContradictionsTouching(db: Db, memoryIds: readonly string[], limit: number): ContradictionRow[] {
  return stmt(
    db,
    `WITH touched AS (SELECT seq FROM memories WHERE id IN (SELECT value FROM json_each(?)))
     ${SELECT} WHERE (c.a_seq IN touched OR c.b_seq IN touched) AND c.status = 'open' ORDER BY c.seq DESC LIMIT ?`,
  ).all(JSON.stringify(memoryIds), limit) as ContradictionRow[];
}

export function hasContradiction(db: Db, aSeq: number, bSeq: number): boolean {
  const [low, high] = aSeq < bSeq ? [aSeq, bSeq] : [bSeq, aSeq];
  return stmt(db, 'SELECT 1 FROM contradictions WHERE a_seq = ? AND b_seq = ?').get(low, high) !== undefined;
}

/** Resolves every unresolved contradiction involving a memory; returns their ids. */
export function resolveContradictionsOf(db: Db, seq: number, resolution: string, settled: { at: number; by: string }): string[] {
  return (
    stmt(
      db,
      `UPDATE contradictions SET status = 'resolved', resolution = ?, resolved_at = ?, resolved_by = ?
       WHERE (a_seq = ? OR b_seq = ?) AND status != 'resolved' RETURNING id`,
    ).all(resolution, settled.at, settled.by, seq, seq) as { id: string }[]
  ).map((r) => r.id);
}

export function countOpenContradictions(db: Db): number {
  return (stmt(db, `SELECT count(*) AS n FROM contradictions WHERE status = 'open'`).get() as { n: number }).n;
}

/** What a resolution, a reopening or an undo changes on a contradiction. */
export interface ContradictionState {
  status: ContradictionStatus;
  resolution: string | null;
  note: string | null;
  resolvedAt: number | null;
  resolvedBy: string | null;
}

export function readContradictionState(db: Db, id: string): ContradictionState | null {
  return (
    (stmt(db, 'SELECT status, resolution, note, resolved_at AS resolvedAt, resolved_by AS resolvedBy FROM contradictions WHERE id = ?').get(id) as
      | ContradictionState
      | undefined) ?? null
  );
}

/** A state journaled before the resolver was kept has none: it is written as unknown. */
export function writeContradictionState(db: Db, id: string, state: Omit<ContradictionState, 'resolvedBy'> & { resolvedBy?: string | null }): void {
  stmt(db, 'UPDATE contradictions SET status = ?, resolution = ?, note = ?, resolved_at = ?, resolved_by = ? WHERE id = ?').run(
    state.status,
    state.resolution,
    state.note,
    state.resolvedAt,
    state.resolvedBy ?? null,
    id,
  );
}

/** A contradiction's row with its two memories' seqs. */
export interface ContradictionRecord extends ContradictionFacts {
  seq: number;
  aSeq: number;
  bSeq: number;
}

const RECORD_COLUMNS = `seq, id, a_seq AS aSeq, b_seq AS bSeq, kind, detector, status, resolution, note,
  detected_at AS detectedAt, resolved_at AS resolvedAt, resolved_by AS resolvedBy`;

export function findContradiction(db: Db, id: string): ContradictionRecord | null {
  return (stmt(db, `SELECT ${RECORD_COLUMNS} FROM contradictions WHERE id = ?`).get(id) as ContradictionRecord | undefined) ?? null;
}

export function findContradictionByPair(db: Db, aSeq: number, bSeq: number): ContradictionRecord | null {
  const [low, high] = aSeq < bSeq ? [aSeq, bSeq] : [bSeq, aSeq];
  return (stmt(db, `SELECT ${RECORD_COLUMNS} FROM contradictions WHERE a_seq = ? AND b_seq = ?`).get(low, high) as ContradictionRecord | undefined) ?? null;
}

/** Newest first, keyset by seq: the open ones, the settled ones (acknowledged or resolved), or all. */
export function contradictionsPage(db: Db, options: { which: 'open' | 'settled' | 'all'; beforeSeq: number | null; limit: number }): ContradictionRecord[] {
  const where = options.which === 'open' ? `status = 'open' AND ` : options.which === 'settled' ? `status != 'open' AND ` : '';
  return stmt(db, `SELECT ${RECORD_COLUMNS} FROM contradictions WHERE ${where}seq < ? ORDER BY seq DESC LIMIT ?`).all(
    options.beforeSeq ?? Number.MAX_SAFE_INTEGER,
    options.limit,
  ) as ContradictionRecord[];
}

/** Open contradictions involving a memory (what superseding it settles). */
export function openContradictionsOf(db: Db, seq: number): ContradictionRecord[] {
  return stmt(db, `SELECT ${RECORD_COLUMNS} FROM contradictions WHERE (a_seq = ? OR b_seq = ?) AND status = 'open' ORDER BY seq`).all(
    seq,
    seq,
  ) as ContradictionRecord[];
}

export function countSettledContradictions(db: Db): number {
  return (stmt(db, `SELECT count(*) AS n FROM contradictions WHERE status != 'open'`).get() as { n: number }).n;
}
