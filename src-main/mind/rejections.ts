/**
 * Never-learn-again rejections: listed with their reasons, and revoked when a person changes
 * their mind (the row stays, marked revoked; consolidation no longer drops what matches it).
 */
import { MindError } from '../../shared/errors';
import { findRejectionBySeq, listRejections, type RejectionRow } from '../store/rejections-repo';
import type { Mind } from './mind';
import { type SeqPage, seqPage, seqPageRequest } from './paging';
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

export type RejectionPage = SeqPage<RejectionView>;

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
  const { limit, beforeSeq } = seqPageRequest(options, 100, 'rejections');
  const status = options.status ?? 'active';
  return seqPage(listRejections(mind.store.db, { revoked: status === 'all' ? null : status === 'revoked', beforeSeq, limit: limit + 1 }), limit, view);
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
