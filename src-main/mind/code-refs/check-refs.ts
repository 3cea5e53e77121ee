/**
 * `mindloom check-refs` (and the app when a repository's HEAD moves): every anchored code or file
 * reference compared with its repository's HEAD. The lines it was verified against are followed
 * through the commits since (renames found by `git diff --find-renames`, lines that only moved
 * found again in the file): still there, moved, changed, or the file gone. A reference whose lines
 * changed or whose file is gone stops grounding its memory (its tier drops), with the reason
 * journaled ("src/db/pool.ts:18 changed since it was verified at 3f2a1c0"); one that matches again
 * grounds it again. All of a check's changes are one action, which Undo takes back.
 *
 * git is asked outside the transaction (a check over a large repository must not hold the mind's
 * write lock); the transaction writes a verdict only if the reference is still anchored as read.
 */
import {
  type AnchoredRefRow,
  groundingRefs,
  markRepoChecked,
  readRefAnchor,
  type RefAnchor,
  type RefState,
} from '../../store/code-refs-repo';
import { currentActionId } from '../../store/actions';
import { findMemoryBySeq } from '../../store/memories-repo';
import { applyChange } from '../change';
import { evidenceCounts } from '../evidence-refs';
import type { Mind } from '../mind';
import { changeRecord } from '../records';
import { checkActor } from '../write-options';
import { type RepoAtHead, reposAtHead } from './anchor';
import { changedFiles, type FileChange, filesAt } from './git';
import { findBlock, formatLocation, hashLines, linesAt, locateRef, type RefLocation, shortCommit, splitLines } from './ref-location';

export interface RefVerdict {
  refSeq: number;
  memoryId: string;
  ref: string;
  from: RefState | null;
  to: RefState;
  reason: string;
}

export interface CheckRefsResult {
  repos: { path: string; head: string }[];
  /** Anchored references compared. */
  checked: number;
  /** References found in each state now. */
  states: Record<RefState, number>;
  /** References whose state changed with this check. */
  changes: RefVerdict[];
  /** Memories whose tier this check changed (their grounding references came or went). */
  memories: string[];
  /** The check's action (Undo takes it back), or null when nothing changed. */
  action: number | null;
}

interface Finding {
  ref: AnchoredRefRow;
  next: RefAnchor;
  reason: string;
}

export function checkRefs(mind: Mind, options: { actor: string; reason?: string }): CheckRefsResult {
  checkActor(options.actor);
  const repos = reposAtHead(mind);
  const states: Record<RefState, number> = { current: 0, moved: 0, changed: 0, gone: 0 };
  const findings: Finding[] = [];
  let checked = 0;
  for (const repo of repos) {
    const refs = groundingRefs(mind.store.db, { anchored: true, repoSeq: repo.seq });
    checked += refs.length;
    for (const finding of judgeRepo(repo, refs)) {
      states[finding.next.state as RefState]++;
      if (finding.next.state !== finding.ref.state || finding.next.currentPath !== finding.ref.currentPath || finding.next.stateReason !== finding.ref.stateReason) {
        findings.push(finding);
      }
    }
  }
  const write = () => applyFindings(mind, repos, findings, options);
  const written = findings.length > 0 || repos.some((r) => r.head !== r.checkedHead) ? mind.store.transaction(write) : { changes: [], memories: [], action: null };
  return { repos: repos.map((r) => ({ path: r.path, head: r.head })), checked, states, ...written };
}

function applyFindings(mind: Mind, repos: readonly RepoAtHead[], findings: readonly Finding[], options: { actor: string; reason?: string }) {
  const db = mind.store.db;
  const changes: RefVerdict[] = [];
  const byMemory = new Map<number, Finding[]>();
  for (const finding of findings) {
    const now = readRefAnchor(db, finding.ref.seq);
    // Re-verified, removed or re-anchored since git was asked: that newer anchor stands.
    if (now === null || now.verifiedCommit !== finding.ref.verifiedCommit || now.linesHash !== finding.ref.linesHash || now.ref !== finding.ref.ref) continue;
    const list = byMemory.get(finding.ref.memorySeq);
    if (list) list.push(finding);
    else byMemory.set(finding.ref.memorySeq, [finding]);
  }
  const memories: string[] = [];
  for (const [memorySeq, list] of byMemory) {
    const memory = findMemoryBySeq(db, memorySeq);
    if (!memory || memory.status === 'forgotten') continue;
    const reason = list.map((f) => f.reason).join('; ');
    for (const { ref, next, reason: why } of list) {
      const before = readRefAnchor(db, ref.seq) as RefAnchor;
      changeRecord(mind, { kind: 'codeRef', id: ref.seq, before: { ...before }, after: { ...next }, op: 'check_refs', actor: options.actor, memoryId: memory.id, reason: why });
      changes.push({ refSeq: ref.seq, memoryId: memory.id, ref: ref.ref, from: ref.state, to: next.state as RefState, reason: why });
    }
    const counts = evidenceCounts(mind, memorySeq);
    if (counts.codeRefCount !== memory.codeRefCount) {
      applyChange(mind, memory, { codeRefCount: counts.codeRefCount }, { op: 'check_refs', options: { actor: options.actor, reason: options.reason ? `${reason} (${options.reason})` : reason } });
      memories.push(memory.id);
    }
  }
  for (const repo of repos) markRepoChecked(db, repo.seq, repo.head, mind.now());
  return { changes, memories, action: changes.length > 0 ? currentActionId(db, false) : null };
}

/** Each reference of one repository judged against its HEAD: one `git diff` per commit they were verified at, two batches of file reads. */
function judgeRepo(repo: RepoAtHead, refs: readonly AnchoredRefRow[]): Finding[] {
  const findings: Finding[] = [];
  const byCommit = new Map<string, AnchoredRefRow[]>();
  for (const ref of refs) {
    const list = byCommit.get(ref.verifiedCommit as string);
    if (list) list.push(ref);
    else byCommit.set(ref.verifiedCommit as string, [ref]);
  }
  for (const [commit, list] of byCommit) {
    const diff = commit === repo.head ? new Map<string, FileChange>() : safeDiff(repo, commit);
    const toRead: { ref: AnchoredRefRow; location: RefLocation; change: Exclude<FileChange, { status: 'deleted' }> }[] = [];
    for (const ref of list) {
      const location = locateRef(ref.ref, repo.path);
      const since = `since it was verified at ${shortCommit(commit)}`;
      if (diff === null) {
        findings.push(finding(ref, 'gone', null, `the commit ${shortCommit(commit)} it was verified at is no longer in ${repo.path}`));
        continue;
      }
      if (location === null) {
        findings.push(finding(ref, 'gone', null, `${ref.ref} no longer names a file in ${repo.path}`));
        continue;
      }
      const change = diff.get(location.path);
      if (change === undefined) findings.push(finding(ref, 'current', null, null));
      else if (change.status === 'deleted') findings.push(finding(ref, 'gone', null, `${location.path} is gone ${since}`));
      else if (change.status === 'renamed' && change.identical) {
        const moved = formatLocation({ ...location, path: change.to });
        findings.push(finding(ref, 'moved', moved, `${ref.ref} moved to ${moved} ${since}`));
      } else toRead.push({ ref, location, change });
    }
    if (toRead.length === 0) continue;
    const before = filesAt(repo.path, commit, toRead.map((r) => r.location.path));
    const after = filesAt(repo.path, repo.head, toRead.map((r) => (r.change.status === 'renamed' ? r.change.to : r.location.path)));
    for (const { ref, location, change } of toRead) {
      const path = change.status === 'renamed' ? change.to : location.path;
      findings.push(judgeLines(ref, location, path, before.get(location.path) ?? null, after.get(path) ?? null, commit));
    }
  }
  return findings;
}

function safeDiff(repo: RepoAtHead, commit: string): Map<string, FileChange> | null {
  try {
    return changedFiles(repo.path, commit, repo.head);
  } catch {
    // The commit is not in the repository any more (history rewritten, a shallow clone).
    return null;
  }
}

/** A changed (or renamed and edited) file: are the verified lines still where they were, elsewhere in it, or changed? */
function judgeLines(ref: AnchoredRefRow, location: RefLocation, path: string, before: string | null, after: string | null, commit: string): Finding {
  const since = `since it was verified at ${shortCommit(commit)}`;
  if (after === null) return finding(ref, 'gone', null, `${location.path} is gone ${since}`);
  const nowLines = splitLines(after);
  const atSamePlace = linesAt(nowLines, { path, lines: location.lines });
  if (atSamePlace !== null && hashLines(atSamePlace) === ref.linesHash) {
    if (path === location.path) return finding(ref, 'current', null, null);
    const moved = formatLocation({ path, lines: location.lines });
    return finding(ref, 'moved', moved, `${ref.ref} moved to ${moved} ${since}`);
  }
  const verifiedLines = before === null || location.lines === null ? null : linesAt(splitLines(before), location);
  const found = verifiedLines && hashLines(verifiedLines) === ref.linesHash ? findBlock(nowLines, verifiedLines, location.lines?.start ?? 1) : null;
  if (found !== null && location.lines !== null) {
    const moved = formatLocation({ path, lines: { start: found, end: found + location.lines.end - location.lines.start } });
    return finding(ref, 'moved', moved, `${ref.ref} moved to ${moved} ${since}`);
  }
  const where = path === location.path ? formatLocation(location) : `${formatLocation(location)} (now ${path})`;
  return finding(ref, 'changed', path === location.path ? null : path, `${where} changed ${since}`);
}

function finding(ref: AnchoredRefRow, state: RefState, currentPath: string | null, reason: string | null): Finding {
  return {
    ref,
    next: { ref: ref.ref, repoSeq: ref.repoSeq, verifiedCommit: ref.verifiedCommit, linesHash: ref.linesHash, state, currentPath, stateReason: reason },
    reason: reason ?? `${ref.ref} matches again the lines verified at ${shortCommit(ref.verifiedCommit as string)}`,
  };
}
