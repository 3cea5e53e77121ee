/**
 * Never-learn-again rejections: listed with their reasons, and revoked when a person changes
 * their mind (the row stays, marked revoked; consolidation no longer drops what matches it).
 */
import { MindError } from '../../shared/errors';
import { findRejectionBySeq, listRejections, type RejectionRow } from '../store/rejections-repo';
import type { Mind } from './mind';
import { iso } from './present';
import { changeRecord } from './records';
import { checkActor } from './write-options';

export interface RejectionView {
  seq: number;
  text: string;
  memoryId: string | null;
  reason: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface RejectionPage {
  items: RejectionView[];
  nextCursor: string | null;
}

const view = (row: RejectionRow): RejectionView => ({
  seq: row.seq,
  text: row.text,
  memoryId: row.memoryId,
  reason: row.reason,
  createdAt: iso(row.createdAt) as string,
  revokedAt: iso(row.revokedAt),
});

/** Newest first; `status` in force (default), revoked, or all. */
export function getRejections(
  mind: Mind,
  options: { status?: 'active' | 'revoked' | 'all'; limit?: number; cursor?: string | null } = {},
): RejectionPage {
  const limit = options.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new MindError('invalid_input', 'limit must be a whole number from 1 to 500.');
  const beforeSeq = options.cursor ? Number(options.cursor) : null;
  if (beforeSeq !== null && !Number.isInteger(beforeSeq)) throw new MindError('invalid_input', 'That rejections cursor is damaged.');
  const status = options.status ?? 'active';
  const rows = listRejections(mind.store.db, { revoked: status === 'all' ? null : status === 'revoked', beforeSeq, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(view), nextCursor: rows.length > limit && last ? String(last.seq) : null };
}

/** Lets consolidation learn it again. One action: undo puts the rejection back in force. */
export function revokeRejection(mind: Mind, seq: number, options: { actor: string }): RejectionView {
  checkActor(options.actor);
  return mind.store.transaction(() => {
    const row = findRejectionBySeq(mind.store.db, seq);
    if (!row) throw new MindError('not_found', `There is no rejection ${seq}.`, { seq });
    if (row.revokedAt !== null) throw new MindError('invalid_state', `Rejection ${seq} was already revoked.`, { seq });
    changeRecord(mind, {
      kind: 'rejection',
      id: seq,
      before: { revokedAt: null },
      after: { revokedAt: mind.now() },
      op: 'rejection_revoked',
      actor: options.actor,
      memoryId: row.memoryId,
    });
    return view(findRejectionBySeq(mind.store.db, seq) as RejectionRow);
  });
}
