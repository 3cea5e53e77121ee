/**
 * The code repositories a mind names (`code_repos`) and the anchors of its code and file
 * references (the `evidence_refs` columns of migration 0015): which commit and which lines a
 * reference was verified against, and what the last check found.
 */
import { GROUNDING_REF_KINDS } from '../../shared/model';
import type { Db } from './connection';
import { stmt } from './statements';

export interface CodeRepoRow {
  seq: number;
  path: string;
  addedAt: number;
  checkedHead: string | null;
  checkedAt: number | null;
}

export const REF_STATES = ['current', 'moved', 'changed', 'gone'] as const;
export type RefState = (typeof REF_STATES)[number];
/** States whose reference no longer grounds its memory (the tier rule reads `code_ref_count`). */
export const STALE_REF_STATES: readonly RefState[] = ['changed', 'gone'];

/** A reference's text with its anchor: what a check or a re-verify changes, and an undo puts back. */
export interface RefAnchor {
  ref: string;
  repoSeq: number | null;
  verifiedCommit: string | null;
  linesHash: string | null;
  state: RefState | null;
  currentPath: string | null;
  stateReason: string | null;
}

export interface AnchoredRefRow extends RefAnchor {
  seq: number;
  memorySeq: number;
  memoryId: string;
  kind: string;
  /** An imported reference's note says where its source verified it (mind/code-refs/source-verification.ts). */
  note: string | null;
}

const REPO_COLUMNS = 'seq, path, added_at AS addedAt, checked_head AS checkedHead, checked_at AS checkedAt';
/** Read from `evidence_refs r`. */
const ANCHOR_COLUMNS =
  'r.ref, r.repo_seq AS repoSeq, r.verified_commit AS verifiedCommit, r.lines_hash AS linesHash, r.state, r.current_path AS currentPath, r.state_reason AS stateReason';
const GROUNDING_KINDS_SQL = GROUNDING_REF_KINDS.map((k) => `'${k}'`).join(', ');
const STALE_STATES_SQL = STALE_REF_STATES.map((s) => `'${s}'`).join(', ');

export function insertCodeRepo(db: Db, path: string, at: number): number | null {
  const result = stmt(db, 'INSERT OR IGNORE INTO code_repos (path, added_at) VALUES (?, ?)').run(path, at);
  return result.changes > 0 ? Number(result.lastInsertRowid) : null;
}

export function listCodeRepos(db: Db): CodeRepoRow[] {
  return stmt(db, `SELECT ${REPO_COLUMNS} FROM code_repos ORDER BY path`).all() as CodeRepoRow[];
}

export function findCodeRepo(db: Db, path: string): CodeRepoRow | null {
  return (stmt(db, `SELECT ${REPO_COLUMNS} FROM code_repos WHERE path = ?`).get(path) as CodeRepoRow | undefined) ?? null;
}

export function deleteCodeRepo(db: Db, seq: number): void {
  stmt(db, 'DELETE FROM code_repos WHERE seq = ?').run(seq);
}

/** A repository named by its seq: what an undo of its adding or removal reads and puts back. */
export interface CodeRepoState {
  present: boolean;
  path: string | null;
  addedAt: number | null;
}

export function readCodeRepoState(db: Db, seq: number): CodeRepoState {
  const row = stmt(db, 'SELECT path, added_at AS addedAt FROM code_repos WHERE seq = ?').get(seq) as { path: string; addedAt: number } | undefined;
  return row ? { present: true, ...row } : { present: false, path: null, addedAt: null };
}

/** Puts a repository back under its own seq (its references' anchors name it), or takes it away. */
export function writeCodeRepoState(db: Db, seq: number, state: CodeRepoState): void {
  if (!state.present) return deleteCodeRepo(db, seq);
  stmt(db, 'INSERT OR IGNORE INTO code_repos (seq, path, added_at) VALUES (?, ?, ?)').run(seq, state.path, state.addedAt);
}

export function markRepoChecked(db: Db, seq: number, head: string, at: number): void {
  stmt(db, 'UPDATE code_repos SET checked_head = ?, checked_at = ? WHERE seq = ?').run(head, at, seq);
}

/** How many references a repository anchors (what removing it would leave unanchored). */
export function countRefsOfRepo(db: Db, repoSeq: number): number {
  return (stmt(db, 'SELECT count(*) AS n FROM evidence_refs WHERE repo_seq = ?').get(repoSeq) as { n: number }).n;
}

/** Code and file references of memories that can still change, anchored or not (`repoSeq` narrows to one repository's). */
export function groundingRefs(db: Db, filter: { anchored: boolean; repoSeq?: number; memorySeq?: number }): AnchoredRefRow[] {
  const where = [
    `r.kind IN (${GROUNDING_KINDS_SQL})`,
    "m.status <> 'forgotten'",
    filter.anchored ? 'r.verified_commit IS NOT NULL' : 'r.verified_commit IS NULL',
    ...(filter.repoSeq === undefined ? [] : ['r.repo_seq = @repoSeq']),
    ...(filter.memorySeq === undefined ? [] : ['r.memory_seq = @memorySeq']),
  ].join(' AND ');
  return stmt(
    db,
    `SELECT r.seq, r.memory_seq AS memorySeq, m.id AS memoryId, r.kind, r.note, ${ANCHOR_COLUMNS}
     FROM evidence_refs r JOIN memories m ON m.seq = r.memory_seq WHERE ${where} ORDER BY r.seq`,
  ).all({ ...(filter.repoSeq === undefined ? {} : { repoSeq: filter.repoSeq }), ...(filter.memorySeq === undefined ? {} : { memorySeq: filter.memorySeq }) }) as AnchoredRefRow[];
}

export function readRefAnchor(db: Db, refSeq: number): RefAnchor | null {
  return (stmt(db, `SELECT ${ANCHOR_COLUMNS} FROM evidence_refs r WHERE r.seq = ?`).get(refSeq) as RefAnchor | undefined) ?? null;
}

export function writeRefAnchor(db: Db, refSeq: number, anchor: RefAnchor): void {
  stmt(
    db,
    `UPDATE evidence_refs SET ref = @ref, repo_seq = @repoSeq, verified_commit = @verifiedCommit, lines_hash = @linesHash, state = @state,
       current_path = @currentPath, state_reason = @stateReason WHERE seq = @seq`,
  ).run({ ...anchor, seq: refSeq });
}

/** Memories with a code or file reference whose code changed or is gone: the Overview's "code changed". */
export function countMemoriesWithStaleRefs(db: Db): number {
  return (
    stmt(
      db,
      `SELECT count(DISTINCT r.memory_seq) AS n FROM evidence_refs r JOIN memories m ON m.seq = r.memory_seq
       WHERE r.state IN (${STALE_STATES_SQL}) AND m.status <> 'forgotten'`,
    ).get() as { n: number }
  ).n;
}

/** The stale references with their memories, newest memory change first (the Overview's list and `check-refs --list`). */
export function staleRefs(db: Db, limit: number): AnchoredRefRow[] {
  return stmt(
    db,
    `SELECT r.seq, r.memory_seq AS memorySeq, m.id AS memoryId, r.kind, r.note, ${ANCHOR_COLUMNS}
     FROM evidence_refs r JOIN memories m ON m.seq = r.memory_seq
     WHERE r.state IN (${STALE_STATES_SQL}) AND m.status <> 'forgotten' ORDER BY m.updated_at DESC, r.seq LIMIT ?`,
  ).all(limit) as AnchoredRefRow[];
}
