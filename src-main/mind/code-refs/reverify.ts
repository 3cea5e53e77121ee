/**
 * Re-verify: a person has read the code a reference points at as it is now and says the memory
 * still holds. The reference is anchored again at its repository's HEAD (where its lines moved to,
 * the reference is rewritten to point there) and grounds its memory again. One action.
 */
import { MindError } from '../../../shared/errors';
import { readRefAnchor } from '../../store/code-refs-repo';
import { findEvidenceRef } from '../../store/evidence-refs-repo';
import type { MemoryRecord } from '../../store/memory-record';
import { applyChange, loadWritable } from '../change';
import { evidenceCounts } from '../evidence-refs';
import type { Mind } from '../mind';
import { changeRecord } from '../records';
import type { WriteOptions } from '../write-options';
import { findAnchors, reposAtHead } from './anchor';
import { shortCommit } from './ref-location';

export function reverifyRef(mind: Mind, id: string, refSeq: number, options: WriteOptions): MemoryRecord {
  const memory = loadWritable(mind, id, options);
  const ref = findEvidenceRef(mind.store.db, refSeq);
  if (!ref || ref.memorySeq !== memory.seq) throw new MindError('not_found', `${id} has no evidence reference ${refSeq}.`, { id, refSeq });
  if (ref.kind !== 'code' && ref.kind !== 'file') throw new MindError('invalid_input', `Reference ${refSeq} is ${ref.kind} evidence; only code and file references are re-verified against a repository.`);
  const anchorNow = readRefAnchor(mind.store.db, refSeq);
  const pointsAt = anchorNow?.state === 'moved' && anchorNow.currentPath ? anchorNow.currentPath : ref.ref;
  const anchor = findAnchors(reposAtHead(mind), [{ seq: refSeq, ref: pointsAt }]).get(refSeq);
  if (!anchor) {
    throw new MindError('invalid_state', `${pointsAt} is not in any of this mind's repositories at their HEAD (mindloom repo list): point the reference at code that is there, or remove it.`, {
      id,
      refSeq,
    });
  }
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    const before = readRefAnchor(mind.store.db, refSeq);
    if (before === null) throw new MindError('not_found', `${id} has no evidence reference ${refSeq}.`, { id, refSeq });
    const reason = options.reason ?? `${pointsAt} re-verified at ${shortCommit(anchor.verifiedCommit as string)}`;
    changeRecord(mind, { kind: 'codeRef', id: refSeq, before: { ...before }, after: { ...anchor }, op: 'reverify_ref', actor: options.actor, memoryId: current.id, reason });
    return applyChange(mind, current, evidenceCounts(mind, current.seq), { op: 'reverify_ref', options: { ...options, reason }, evidence: { kind: ref.kind, ref: pointsAt } });
  });
}
