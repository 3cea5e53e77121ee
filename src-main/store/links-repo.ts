/**
 * Links are write-once rows; lineage walks read them in both directions. Undoing the action that
 * made a link, or reverting the run that added it, voids it (the row stays, stamped `voided_at`,
 * so undoing that revives it); a voided link counts nowhere except in time travel to before it
 * was voided.
 */
import type { LinkKind } from '../../shared/model';
import { currentActionId } from './actions';
import type { Db } from './connection';
import { stmt } from './statements';

export interface LinkRow {
  fromSeq: number;
  toSeq: number;
  kind: LinkKind;
}

/** A stored link, with when it was made and voided (time travel shows a link only while it stood). */
export interface StoredLink extends LinkRow {
  seq: number;
  createdAt: number;
  voidedAt: number | null;
}

/**
 * Inserts a link, as part of the open action. A link that already stands is left as it is; one
 * that was voided stands again (a redo, or the same link made anew). Returns whether it is new.
 */
export function insertLink(db: Db, link: LinkRow, createdAt: number): boolean {
  const result = stmt(
    db,
    `INSERT INTO links (from_seq, to_seq, kind, created_at, action_id) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (from_seq, kind, to_seq) DO UPDATE SET voided_at = NULL, voided_by = NULL, action_id = excluded.action_id WHERE voided_at IS NOT NULL`,
  ).run(link.fromSeq, link.toSeq, link.kind, createdAt, currentActionId(db, false));
  return result.changes > 0;
}

/** Links leaving a memory (what it stands on); voided ones only when asked (time travel). */
export function linksFrom(db: Db, seq: number, kinds?: readonly LinkKind[], options: { voided?: boolean } = {}): StoredLink[] {
  return linksAt(db, 'from_seq', seq, kinds, options.voided ?? false);
}

/** Links arriving at a memory (what stands on it); voided ones only when asked (time travel). */
export function linksTo(db: Db, seq: number, kinds?: readonly LinkKind[], options: { voided?: boolean } = {}): StoredLink[] {
  return linksAt(db, 'to_seq', seq, kinds, options.voided ?? false);
}

function linksAt(db: Db, end: 'from_seq' | 'to_seq', seq: number, kinds: readonly LinkKind[] | undefined, voided: boolean): StoredLink[] {
  const rows = stmt(
    db,
    `SELECT seq, from_seq AS fromSeq, to_seq AS toSeq, kind, created_at AS createdAt, voided_at AS voidedAt FROM links
     WHERE ${end} = ?${voided ? '' : ' AND voided_at IS NULL'}`,
  ).all(seq) as StoredLink[];
  return kinds ? rows.filter((r) => kinds.includes(r.kind)) : rows;
}

/** Voids the standing links an action made; returns their seqs. */
export function voidLinksOfAction(db: Db, actionId: number, by: number, at: number): number[] {
  return (
    stmt(db, 'UPDATE links SET voided_at = ?, voided_by = ? WHERE action_id = ? AND voided_at IS NULL RETURNING seq').all(
      at,
      by,
      actionId,
    ) as { seq: number }[]
  ).map((r) => r.seq);
}

/** Voids these links (those still standing); returns the seqs it voided. */
export function voidLinks(db: Db, seqs: readonly number[], by: number, at: number): number[] {
  return (
    stmt(
      db,
      'UPDATE links SET voided_at = ?, voided_by = ? WHERE seq IN (SELECT value FROM json_each(?)) AND voided_at IS NULL RETURNING seq',
    ).all(at, by, JSON.stringify(seqs)) as { seq: number }[]
  ).map((r) => r.seq);
}

/** Lets voided links stand again; returns the seqs it revived. */
export function reviveLinks(db: Db, seqs: readonly number[]): number[] {
  return (
    stmt(
      db,
      'UPDATE links SET voided_at = NULL, voided_by = NULL WHERE seq IN (SELECT value FROM json_each(?)) AND voided_at IS NOT NULL RETURNING seq',
    ).all(JSON.stringify(seqs)) as { seq: number }[]
  ).map((r) => r.seq);
}

/** Supporting episodes that still exist (a forgotten one no longer counts as evidence for the tier rule). */
export function countEvidenceLinks(db: Db, seq: number): number {
  return (
    stmt(
      db,
      `SELECT count(*) AS n FROM links l JOIN memories e ON e.seq = l.to_seq
       WHERE l.from_seq = ? AND l.kind = 'evidence' AND l.voided_at IS NULL AND e.status != 'forgotten'`,
    ).get(seq) as { n: number }
  ).n;
}

/** How many standing links an action made. */
export function countLinksOfAction(db: Db, actionId: number): number {
  return (stmt(db, 'SELECT count(*) AS n FROM links WHERE action_id = ? AND voided_at IS NULL').get(actionId) as { n: number }).n;
}
