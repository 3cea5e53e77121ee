/**
 * Archive / restore, protect / unprotect, and forget. Nothing is lost by archiving; forgetting
 * removes a memory's words everywhere and leaves a tombstone (the row, its links, its journal).
 */
import { MindError } from '../../shared/errors';
import { deleteEvidenceRefsOf } from '../store/evidence-refs-repo';
import { appendJournal, redactJournalContent } from '../store/journal-repo';
import { linksTo } from '../store/links-repo';
import { resolveContradictionsOf } from '../store/contradictions-repo';
import { evidenceCounts } from './evidence-refs';
import { findMemoryById, findMemoryBySeq, scrubMemoryVersions, updateMemory } from '../store/memories-repo';
import type { MemoryRecord } from '../store/memory-record';
import { redactRejectionText } from '../store/rejections-repo';
import { deleteEmbedding } from '../store/vectors-repo';
import { deleteExplanation } from '../store/explanations-repo';
import { truncateWriteAheadLog } from '../store/maintenance-queries';
import { applyChange, loadWritable } from './change';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

export function archiveMemory(mind: Mind, id: string, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    if (current.status === 'archived') throw new MindError('invalid_state', `${id} is already archived.`, { id });
    return applyChange(mind, current, { status: 'archived' }, { op: 'archive', options });
  });
}

/** Back to the status it would have had: superseded if it has a successor, processed if a raw was promoted. */
export function restoreMemory(mind: Mind, id: string, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    if (current.status !== 'archived') {
      throw new MindError('invalid_state', `${id} is ${current.status}, not archived; there is nothing to restore.`, { id });
    }
    const status = current.supersededBy
      ? 'superseded'
      : current.type === 'raw' && linksTo(mind.store.db, current.seq, ['derived_from']).length > 0
        ? 'processed'
        : 'active';
    const reviewStatus = current.reviewStatus === 'rejected' ? 'pending' : current.reviewStatus;
    return applyChange(mind, current, { status, reviewStatus }, { op: 'restore', options });
  });
}

export function setProtected(mind: Mind, id: string, value: boolean, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    if (current.protected === value) {
      throw new MindError('invalid_state', `${id} is already ${value ? 'protected' : 'unprotected'}.`, { id });
    }
    return applyChange(mind, current, { protected: value }, { op: value ? 'protect' : 'unprotect', options });
  });
}

export function forgetMemory(mind: Mind, id: string, options: WriteOptions): MemoryRecord {
  const forgotten = mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    if (current.protected) {
      throw new MindError('invalid_state', `${id} is protected; unprotect it before forgetting it.`, { id });
    }
    const db = mind.store.db;
    const at = mind.now();
    redactJournalContent(db, id);
    redactRejectionText(db, id);
    deleteEvidenceRefsOf(db, current.seq);
    deleteEmbedding(db, current.seq);
    deleteExplanation(db, current.seq);
    updateMemory(db, current.seq, {
      content: '',
      fields: {},
      status: 'forgotten',
      codeRefCount: 0,
      eventEvidenceCount: 0,
      updatedAt: at,
      version: current.version + 1,
    });
    scrubMemoryVersions(db, current.seq);
    appendJournal(db, {
      at,
      actor: options.actor,
      op: 'forget',
      memoryId: id,
      runId: options.runId ?? null,
      before: { status: current.status, type: current.type },
      after: { status: 'forgotten' },
      confidenceBefore: current.confidence,
      confidenceAfter: null,
      reason: options.reason ?? null,
      memoryVersion: current.version + 1,
    });
    settleAfterForgetting(mind, current, options);
    return findMemoryById(db, id) as MemoryRecord;
  });
  // The old words may still sit in write-ahead-log frames: fold the log back and truncate it once
  // the forgetting has committed (inside a caller's transaction it cannot; the next one will).
  if (!mind.store.db.inTransaction) truncateWriteAheadLog(mind.store.db);
  return forgotten;
}

/**
 * What stood on the forgotten memory: its open contradictions are resolved (there is nothing left
 * to weigh), and memories it supported stop counting it as evidence for their tier.
 */
function settleAfterForgetting(mind: Mind, forgotten: MemoryRecord, options: WriteOptions): void {
  const db = mind.store.db;
  const at = mind.now();
  for (const contradiction of resolveContradictionsOf(db, forgotten.seq, 'forgotten', { at, by: options.actor })) {
    appendJournal(db, {
      at,
      actor: options.actor,
      op: 'contradiction_resolved',
      memoryId: forgotten.id,
      runId: options.runId ?? null,
      after: { contradiction, resolution: 'forgotten' },
    });
  }
  for (const link of linksTo(db, forgotten.seq, ['evidence'])) {
    const supported = findMemoryBySeq(db, link.fromSeq);
    if (!supported || supported.status === 'forgotten') continue;
    applyChange(mind, supported, evidenceCounts(mind, supported.seq), {
      op: 'evidence_forgotten',
      options: { ...options, expectedVersion: undefined },
      note: { forgotten: forgotten.id },
    });
  }
}
