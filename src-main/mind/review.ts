/**
 * Review of inferred memories: approve, edit and approve, merge into an existing memory, reject.
 * Rejection archives the memory and stores a never-learn-again fingerprint of its text, which
 * consolidation consults before proposing it again. Each is one action (one undo).
 */
import { createHash } from 'node:crypto';
import { MindError } from '../../shared/errors';
import { withArticle } from '../../shared/model';
import { insertLink, linksFrom } from '../store/links-repo';
import { findMemoriesBySeqs } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { insertRejection } from '../store/rejections-repo';
import { applyChange, loadMemory, loadWritable } from './change';
import { reinforceMemory, reinforceWithEpisodes } from './confidence-ops';
import { type EditMemoryInput, editMemory } from './edit';
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
    const rejection = insertRejection(
      mind.store.db,
      { fingerprint: rejectionFingerprint(current.content), text: current.content, memoryId: id, reason: options.reason.trim() },
      mind.now(),
    );
    return applyChange(mind, current, { reviewStatus: 'rejected', status: 'archived' }, {
      op: 'reject',
      options: { ...options, reason: options.reason.trim() },
      note: { rejection },
    });
  });
}

/** Edit and approve as one action: the person's wording is what gets trusted. */
export function editAndApprove(mind: Mind, id: string, edit: EditMemoryInput, options: WriteOptions & { expectedVersion: number }): MemoryRecord {
  return mind.store.transaction(() => {
    const edited = editMemory(mind, id, edit, options);
    return approveMemory(mind, id, { ...options, expectedVersion: edited.version });
  });
}

export interface MergeResult {
  /** The existing memory, reinforced by what was merged into it. */
  into: MemoryRecord;
  /** The pending memory, now superseded by `into`. */
  merged: MemoryRecord;
}

/**
 * A pending memory that says what an existing one already says: the existing one takes its
 * evidence (each episode not yet linked is one reinforcement; with none new, the merge itself is
 * one), records it as `merged_from`, and the pending one is superseded by it, approved as part of it.
 */
export function mergeInto(
  mind: Mind,
  id: string,
  targetId: string,
  options: WriteOptions & { targetVersion?: number | undefined },
): MergeResult {
  return mind.store.transaction(() => {
    const db = mind.store.db;
    const pending = loadWritable(mind, id, options);
    if (pending.reviewStatus !== 'pending' || pending.status !== 'active') {
      throw new MindError('invalid_state', `${id} is not waiting for review (${pending.status}, ${pending.reviewStatus ?? 'never reviewed'}).`, { id });
    }
    const target = loadWritable(mind, targetId, { actor: options.actor, expectedVersion: options.targetVersion });
    if (target.seq === pending.seq) throw new MindError('invalid_input', 'A memory cannot be merged into itself.', { id });
    if (target.type !== pending.type) {
      throw new MindError('invalid_input', `${id} is ${withArticle(pending.type)} and ${targetId} is ${withArticle(target.type)}: only memories of one type merge.`, {
        id,
        targetId,
      });
    }
    if (target.status !== 'active') throw new MindError('invalid_state', `${targetId} is ${target.status}; merge into an active memory.`, { targetId });
    const taken = new Set(linksFrom(db, target.seq, ['evidence']).map((l) => l.toSeq));
    const episodes = findMemoriesBySeqs(
      db,
      linksFrom(db, pending.seq, ['evidence']).map((l) => l.toSeq).filter((seq) => !taken.has(seq)),
    ).filter((e) => e.status !== 'forgotten');
    const write = { actor: options.actor, runId: options.runId, reason: options.reason ?? `merged in ${id}` };
    const into =
      episodes.length > 0
        ? reinforceWithEpisodes(mind, targetId, episodes.map((e) => e.id), write)
        : reinforceMemory(mind, targetId, { evidence: `merged in ${id}` }, write);
    insertLink(db, { fromSeq: into.seq, toSeq: pending.seq, kind: 'merged_from' }, mind.now());
    const merged = applyChange(mind, loadMemory(mind, id), { status: 'superseded', supersededBy: into.id, reviewStatus: 'approved' }, {
      op: 'merged',
      options: write,
      note: { mergedInto: into.id },
    });
    return { into: loadMemory(mind, into.id), merged };
  });
}
