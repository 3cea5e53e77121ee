/**
 * A code reference another system verified (an import): the commit it was verified at and that
 * system's hash of what it saw, kept in the reference's note as JSON by the importer. Such a
 * reference is anchored at that commit, not at HEAD, so a check tells what changed since the agent
 * verified it, not since the import. Alexandria hashes differently from Mindloom (the first 16 hex
 * digits of a sha256 of the whole file as read, trailing newline included, or of the lines joined by
 * newlines; `hashLines` keeps the whole digest of the lines without the file's last newline), so its
 * hash cannot stand in for ours: it is checked against the commit, and our own hash of the same lines
 * is what the anchor keeps.
 */
import { createHash } from 'node:crypto';
import type { RefLocation } from './ref-location';

/** The fields of a reference's note that say where another system verified it. */
export interface SourceVerifiedRef {
  verifiedAtCommit: string | null;
  /** sha256 hex, first 16 digits, of what was verified (Alexandria's `hashContent`), when it kept one. */
  contentHash: string | null;
}

export interface SourceVerification {
  commit: string;
  contentHash: string | null;
}

const COMMIT = /^[0-9a-f]{7,64}$/;
const CONTENT_HASH = /^[0-9a-f]{16}$/;

/** Where the note says the reference was verified, or null (no note, not JSON, no commit). */
export function sourceVerificationOf(note: string | null): SourceVerification | null {
  if (note === null || !note.startsWith('{')) return null;
  let detail: Partial<Record<keyof SourceVerifiedRef, unknown>>;
  try {
    detail = JSON.parse(note) as typeof detail;
  } catch {
    return null;
  }
  const commit = detail.verifiedAtCommit;
  if (typeof commit !== 'string' || !COMMIT.test(commit)) return null;
  const hash = detail.contentHash;
  return { commit, contentHash: typeof hash === 'string' && CONTENT_HASH.test(hash) ? hash : null };
}

/** True when the file's text at the commit is what the source hashed (or it kept no hash to compare). */
export function matchesSourceHash(verification: SourceVerification, content: string, location: RefLocation): boolean {
  if (verification.contentHash === null) return true;
  const text = location.lines === null ? content : content.split('\n').slice(location.lines.start - 1, location.lines.end).join('\n');
  return createHash('sha256').update(text).digest('hex').slice(0, 16) === verification.contentHash;
}
