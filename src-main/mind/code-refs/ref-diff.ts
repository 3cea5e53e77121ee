/**
 * What became of a reference's lines since it was verified: the lines at the verified commit and
 * the lines at HEAD where they stand now (the same range, at the new path for a renamed file, at
 * the new place for moved lines), as a line diff.
 */
import { diffLines } from 'diff';
import { MindError } from '../../../shared/errors';
import { readRefAnchor, type RefState } from '../../store/code-refs-repo';
import { findEvidenceRef } from '../../store/evidence-refs-repo';
import { loadMemory } from '../change';
import type { Mind } from '../mind';
import { reposAtHead } from './anchor';
import { filesAt } from './git';
import { linesAt, locateRef, splitLines } from './ref-location';

export interface RefDiffPart {
  kind: 'same' | 'added' | 'removed';
  lines: string[];
}

export interface RefDiff {
  refSeq: number;
  ref: string;
  state: RefState | null;
  verifiedCommit: string;
  head: string;
  /** Where the lines are compared at HEAD (null when the file is gone). */
  pathNow: string | null;
  parts: RefDiffPart[];
}

export function refDiff(mind: Mind, id: string, refSeq: number): RefDiff {
  const memory = loadMemory(mind, id);
  const ref = findEvidenceRef(mind.store.db, refSeq);
  const anchor = readRefAnchor(mind.store.db, refSeq);
  if (!ref || !anchor || ref.memorySeq !== memory.seq) throw new MindError('not_found', `${id} has no evidence reference ${refSeq}.`, { id, refSeq });
  const repo = reposAtHead(mind).find((r) => r.seq === anchor.repoSeq);
  if (!repo || anchor.verifiedCommit === null) {
    throw new MindError('invalid_state', `${ref.ref} is not anchored in one of this mind's repositories (mindloom repo add DIR anchors it).`, { id, refSeq });
  }
  const location = locateRef(ref.ref, repo.path);
  if (!location) throw new MindError('invalid_state', `${ref.ref} does not name a file in ${repo.path}.`, { id, refSeq });
  // Moved lines are compared where they went; a renamed, edited file at its new path, same lines.
  const now = anchor.state === 'moved' && anchor.currentPath ? locateRef(anchor.currentPath, repo.path) : anchor.currentPath ? { ...location, path: anchor.currentPath } : location;
  const pathNow = anchor.state === 'gone' || now === null ? null : now.path;
  const before = filesAt(repo.path, anchor.verifiedCommit, [location.path]).get(location.path) ?? null;
  const after = pathNow === null ? null : (filesAt(repo.path, repo.head, [pathNow]).get(pathNow) ?? null);
  const oldLines = before === null ? [] : (linesAt(splitLines(before), location) ?? []);
  const newLines = after === null || now === null ? [] : (linesAt(splitLines(after), now) ?? splitLines(after).slice((now.lines?.start ?? 1) - 1));
  const parts = diffLines(joined(oldLines), joined(newLines)).map(
    (change): RefDiffPart => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', lines: splitLines(change.value) }),
  );
  return { refSeq, ref: ref.ref, state: anchor.state, verifiedCommit: anchor.verifiedCommit, head: repo.head, pathNow: after === null ? null : pathNow, parts };
}

const joined = (lines: readonly string[]) => (lines.length === 0 ? '' : `${lines.join('\n')}\n`);
