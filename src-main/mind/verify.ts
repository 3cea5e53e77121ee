/**
 * Verifying by hand against evidence: what the person checked it against is kept — a code or file
 * reference or a URL attached as an evidence reference (code and file ground a memory: they count
 * toward the grounded tier), plain text in the journal — and the memory is verified. One action.
 */
import { MindError } from '../../shared/errors';
import type { MemoryRecord } from '../store/memory-record';
import { verifyMemory } from './confidence-ops';
import { addEvidenceRef } from './evidence-refs';
import type { Mind } from './mind';
import type { WriteOptions } from './write-options';

export const VERIFY_EVIDENCE_KINDS = ['text', 'code', 'file', 'url'] as const;
export type VerifyEvidenceKind = (typeof VERIFY_EVIDENCE_KINDS)[number];

export interface VerifyEvidence {
  kind: VerifyEvidenceKind;
  /** The text, the code reference (path:line or a commit), the file path, or the URL. */
  value: string;
  note?: string | null | undefined;
}

export function verifyWithEvidence(mind: Mind, id: string, evidence: VerifyEvidence, options: WriteOptions): MemoryRecord {
  if (!VERIFY_EVIDENCE_KINDS.includes(evidence.kind)) {
    throw new MindError('invalid_input', `Evidence is one of ${VERIFY_EVIDENCE_KINDS.join(', ')} (got "${String(evidence.kind)}").`);
  }
  const value = typeof evidence.value === 'string' ? evidence.value.trim() : '';
  if (value === '') throw new MindError('invalid_input', 'Say what you verified it against: some text, a code or file reference, or a URL.');
  if (evidence.kind === 'url' && !/^https?:\/\/\S+$/i.test(value)) {
    throw new MindError('invalid_input', `"${value}" is not a web address (http:// or https://).`);
  }
  return mind.store.transaction(() => {
    let expectedVersion = options.expectedVersion;
    if (evidence.kind !== 'text') {
      expectedVersion = addEvidenceRef(mind, id, { kind: evidence.kind, ref: value, note: evidence.note ?? null }, options).version;
    }
    const said = evidence.kind === 'text' ? value : `${evidence.kind}: ${value}`;
    return verifyMemory(mind, id, { evidence: evidence.note ? `${said} (${evidence.note})` : said }, { ...options, expectedVersion });
  });
}
