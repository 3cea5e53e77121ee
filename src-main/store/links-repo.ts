/** Links are write-once rows; lineage walks read them in both directions. */
import type { LinkKind } from '../../shared/model';
import type { Db } from './connection';
import { stmt } from './statements';

export interface LinkRow {
  fromSeq: number;
  toSeq: number;
  kind: LinkKind;
}

/** A stored link, with when it was made (time travel shows a link only from then on). */
export interface StoredLink extends LinkRow {
  createdAt: number;
}

/** Inserts a link; a link that already exists is left as it is. Returns whether it was new. */
export function insertLink(db: Db, link: LinkRow, createdAt: number): boolean {
  const result = stmt(
    db,
    'INSERT OR IGNORE INTO links (from_seq, to_seq, kind, created_at) VALUES (?, ?, ?, ?)',
  ).run(link.fromSeq, link.toSeq, link.kind, createdAt);
  return result.changes > 0;
}

/** Links leaving a memory (what it stands on). */
export function linksFrom(db: Db, seq: number, kinds?: readonly LinkKind[]): StoredLink[] {
  return linksAt(db, 'from_seq', seq, kinds);
}

/** Links arriving at a memory (what stands on it). */
export function linksTo(db: Db, seq: number, kinds?: readonly LinkKind[]): StoredLink[] {
  return linksAt(db, 'to_seq', seq, kinds);
}

function linksAt(db: Db, end: 'from_seq' | 'to_seq', seq: number, kinds?: readonly LinkKind[]): StoredLink[] {
  const rows = stmt(
    db,
    `SELECT from_seq AS fromSeq, to_seq AS toSeq, kind, created_at AS createdAt FROM links WHERE ${end} = ?`,
  ).all(seq) as StoredLink[];
  return kinds ? rows.filter((r) => kinds.includes(r.kind)) : rows;
}

/** Supporting episodes that still exist (a forgotten one no longer counts as evidence for the tier rule). */
export function countEvidenceLinks(db: Db, seq: number): number {
  return (
    stmt(
      db,
      `SELECT count(*) AS n FROM links l JOIN memories e ON e.seq = l.to_seq
       WHERE l.from_seq = ? AND l.kind = 'evidence' AND e.status != 'forgotten'`,
    ).get(seq) as { n: number }
  ).n;
}

/** Removes one link: only a reverted consolidation run takes back a link it made. */
export function deleteLink(db: Db, link: LinkRow): void {
  stmt(db, 'DELETE FROM links WHERE from_seq = ? AND kind = ? AND to_seq = ?').run(link.fromSeq, link.kind, link.toSeq);
}
