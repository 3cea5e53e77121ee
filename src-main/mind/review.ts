/**
 * Review of inferred memories. Rejection archives the memory and stores a never-learn-again
 * fingerprint of its text, which consolidation consults before proposing it again.
 */
import { createHash } from 'node:crypto';
import { MindError } from '../../shared/errors';
import type { MemoryRecord } from '../store/memory-record';
import { insertRejection } from '../store/rejections-repo';
import { applyChange, loadWritable } from './change';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

/** Same words, whatever the case, spacing or punctuation. */
export function normalizeStatement(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function rejectionFingerprint(text: string): string {
  return createHash('sha256').update(normalizeStatement(text)).digest('hex').slice(0, 32);
}

export function approveMemory(mind: Mind, id: string, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    if (current.reviewStatus === 'approved') throw new MindError('invalid_state', `${id} is already approved.`, { id });
    if (current.reviewStatus === 'rejected') {
      throw new MindError('invalid_state', `${id} was rejected; restore it to review it again.`, { id });
    }
    return applyChange(mind, current, { reviewStatus: 'approved' }, { op: 'approve', options });
  });
}

export function rejectMemory(mind: Mind, id: string, options: WriteOptions & { reason: string }): MemoryRecord {
  if (typeof options.reason !== 'string' || options.reason.trim() === '') {
    throw new MindError('invalid_input', 'A rejection needs a reason (it is kept so the mind does not learn this again).');
  }
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    if (current.reviewStatus === 'rejected') throw new MindError('invalid_state', `${id} is already rejected.`, { id });
    insertRejection(
      mind.store.db,
      { fingerprint: rejectionFingerprint(current.content), text: current.content, memoryId: id, reason: options.reason.trim() },
      mind.now(),
    );
    return applyChange(mind, current, { reviewStatus: 'rejected', status: 'archived' }, {
      op: 'reject',
      options: { ...options, reason: options.reason.trim() },
    });
  });
}
