/** Attaching and removing evidence references (code, files, URLs, events); they feed the tiers. */
import { MindError } from '../../shared/errors';
import { EVIDENCE_REF_KINDS } from '../../shared/model';
import { countEvidenceRefs, deleteEvidenceRef, insertEvidenceRef } from '../store/evidence-refs-repo';
import { countEvidenceLinks } from '../store/links-repo';
import type { MemoryRecord } from '../store/memory-record';
import { applyChange, loadWritable } from './change';
import { anchorRefsOfMemory } from './code-refs/anchor';
import type { EvidenceRefInput } from './create';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

/** The tier counters recomputed from the rows themselves, so they can never drift. */
export function evidenceCounts(mind: Mind, seq: number) {
  const refs = countEvidenceRefs(mind.store.db, seq);
  return { codeRefCount: refs.grounding, eventEvidenceCount: refs.events + countEvidenceLinks(mind.store.db, seq) };
}

export function addEvidenceRef(mind: Mind, id: string, ref: EvidenceRefInput, options: WriteOptions): MemoryRecord {
  if (!EVIDENCE_REF_KINDS.includes(ref.kind)) {
    throw new MindError('invalid_input', `Unknown evidence kind "${String(ref.kind)}" (use ${EVIDENCE_REF_KINDS.join(', ')}).`);
  }
  if (typeof ref.ref !== 'string' || ref.ref.trim() === '') throw new MindError('invalid_input', 'An evidence reference is empty.');
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    const refSeq = insertEvidenceRef(mind.store.db, current.seq, { ...ref, ref: ref.ref.trim() }, mind.now());
    if (refSeq === null) throw new MindError('invalid_input', `${id} already has ${ref.kind} evidence ${ref.ref}.`, { id });
    anchorRefsOfMemory(mind, current.seq);
    return applyChange(mind, current, evidenceCounts(mind, current.seq), {
      op: 'add_evidence_ref',
      options,
      evidence: { kind: ref.kind, ref: ref.ref.trim(), note: ref.note ?? null },
      note: { evidenceRef: refSeq },
    });
  });
}

export function removeEvidenceRef(mind: Mind, id: string, refSeq: number, options: WriteOptions): MemoryRecord {
  return mind.store.transaction(() => {
    const current = loadWritable(mind, id, options);
    const removed = deleteEvidenceRef(mind.store.db, current.seq, refSeq);
    if (!removed) throw new MindError('not_found', `${id} has no evidence reference ${refSeq}.`, { id, refSeq });
    return applyChange(mind, current, evidenceCounts(mind, current.seq), {
      op: 'remove_evidence_ref',
      options,
      evidence: { kind: removed.kind, ref: removed.ref },
    });
  });
}
