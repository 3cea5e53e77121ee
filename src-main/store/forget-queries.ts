/** What forgetting a memory would reach: the rows that hold its words, and what stands on it. */
import type { LinkKind, MemoryStatus, MemoryType } from '../../shared/model';
import type { Db } from './connection';
import { stmt } from './statements';

export interface ForgetFootprint {
  /** Earlier states of the memory (time travel), each holding its words then. */
  versions: number;
  /** Journal rows about the memory, whose words are removed (who, when and what stay). */
  journalEntries: number;
  evidenceRefs: number;
  hasEmbedding: boolean;
  /** Never-learn-again entries that quote it. */
  rejections: number;
  openContradictions: number;
}

export function forgetFootprint(db: Db, seq: number, id: string): ForgetFootprint {
  const count = (sql: string, key: number | bigint | string) => (stmt(db, sql).get(key) as { n: number }).n;
  return {
    versions: count('SELECT count(*) AS n FROM memory_versions WHERE seq = ?', seq),
    journalEntries: count('SELECT count(*) AS n FROM journal WHERE memory_id = ?', id),
    evidenceRefs: count('SELECT count(*) AS n FROM evidence_refs WHERE memory_seq = ?', seq),
    // vec0 rowids are BigInt.
    hasEmbedding: count('SELECT count(*) AS n FROM memory_vectors WHERE rowid = ?', BigInt(seq)) > 0,
    rejections: count('SELECT count(*) AS n FROM rejections WHERE memory_id = ?', id),
    openContradictions: (
      stmt(db, `SELECT count(*) AS n FROM contradictions WHERE (a_seq = ? OR b_seq = ?) AND status = 'open'`).get(seq, seq) as { n: number }
    ).n,
  };
}

export interface StandingOn {
  id: string;
  type: MemoryType;
  status: MemoryStatus;
  content: string;
  kind: LinkKind;
}

/** Memories with a link to this one (they stand on it), with the kind of link; at most `limit`, and how many there are. */
export function memoriesStandingOn(db: Db, seq: number, limit: number): { items: StandingOn[]; total: number } {
  const items = stmt(
    db,
    `SELECT m.id, m.type, m.status, m.content, l.kind FROM links l JOIN memories m ON m.seq = l.from_seq
     WHERE l.to_seq = ? AND l.voided_at IS NULL ORDER BY l.seq LIMIT ?`,
  ).all(seq, limit) as StandingOn[];
  // A link an undo voided stands on nothing.
  const total = (stmt(db, 'SELECT count(*) AS n FROM links WHERE to_seq = ? AND voided_at IS NULL').get(seq) as { n: number }).n;
  return { items, total };
}
