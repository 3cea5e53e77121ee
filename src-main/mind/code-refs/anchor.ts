/**
 * Anchoring code and file references: the commit a reference was verified at and a hash of the
 * lines it points at there. A reference verified here is anchored at its repository's HEAD; one an
 * import says another system verified at a commit is anchored at that commit (source-verification.ts).
 * The first named repository that holds the file (with those lines) anchors it; a reference no
 * repository holds stays unanchored and counts as it always did.
 */
import { existsSync } from 'node:fs';
import { type AnchoredRefRow, type CodeRepoRow, groundingRefs, listCodeRepos, type RefAnchor, writeRefAnchor } from '../../store/code-refs-repo';
import type { Db } from '../../store/connection';
import type { Mind } from '../mind';
import { filesAt, headCommit } from './git';
import { hashLines, linesAt, locateRef, type RefLocation, splitLines } from './ref-location';
import { matchesSourceHash, type SourceVerification, sourceVerificationOf } from './source-verification';

export interface RepoAtHead extends CodeRepoRow {
  head: string;
}

/** The mind's repositories that can be read now, each with its HEAD (a missing folder or an empty repository is left out). */
export function reposAtHead(mind: Mind): RepoAtHead[] {
  return listCodeRepos(mind.store.db).flatMap((repo) => {
    const head = existsSync(repo.path) ? headCommit(repo.path) : null;
    return head === null ? [] : [{ ...repo, head }];
  });
}

export interface RefToAnchor {
  seq: number;
  ref: string;
  /** Its note: an imported reference's says where its source verified it. Absent: verified now, at HEAD. */
  note?: string | null;
}

interface Wanted {
  ref: RefToAnchor;
  location: RefLocation;
  source: SourceVerification | null;
}

/**
 * Anchors for the references some repository holds, by reference seq: at HEAD, or at the commit its
 * source verified it at. A source-verified reference whose commit the repository lacks, or whose
 * lines there are not what the source hashed (it verified uncommitted text), stays unanchored: what
 * was verified cannot be told, so nothing claims it.
 */
export function findAnchors(repos: readonly RepoAtHead[], refs: readonly RefToAnchor[]): Map<number, RefAnchor> {
  const anchors = new Map<number, RefAnchor>();
  for (const repo of repos) {
    const byCommit = new Map<string, Wanted[]>();
    for (const ref of refs) {
      if (anchors.has(ref.seq)) continue;
      const location = locateRef(ref.ref, repo.path);
      if (!location) continue;
      const source = sourceVerificationOf(ref.note ?? null);
      const commit = source?.commit ?? repo.head;
      const list = byCommit.get(commit);
      if (list) list.push({ ref, location, source });
      else byCommit.set(commit, [{ ref, location, source }]);
    }
    for (const [commit, wanted] of byCommit) {
      const files = filesAt(repo.path, commit, wanted.map((w) => w.location.path));
      for (const { ref, location, source } of wanted) {
        const content = files.get(location.path);
        if (content === null || content === undefined) continue;
        if (source && !matchesSourceHash(source, content, location)) continue;
        const anchor = anchorOf(repo, commit, ref.ref, location, content);
        if (anchor) anchors.set(ref.seq, anchor);
      }
    }
  }
  return anchors;
}

function anchorOf(repo: RepoAtHead, commit: string, ref: string, location: RefLocation, content: string): RefAnchor | null {
  const lines = linesAt(splitLines(content), location);
  if (lines === null) return null;
  return {
    ref,
    repoSeq: repo.seq,
    verifiedCommit: commit,
    linesHash: hashLines(lines),
    state: 'current',
    currentPath: null,
    stateReason: null,
  };
}

/**
 * Anchors a memory's code and file references that are not anchored yet (just attached, or
 * attached before their repository was named): part of the transaction that attached them.
 */
export function anchorRefsOfMemory(mind: Mind, memorySeq: number): void {
  anchorUnanchored(mind, (db) => groundingRefs(db, { anchored: false, memorySeq }));
}

/** The same for many memories at once (an import): one git read per repository and commit. */
export function anchorRefsOfMemories(mind: Mind, memorySeqs: ReadonlySet<number>): number {
  if (memorySeqs.size === 0) return 0;
  return anchorUnanchored(mind, (db) => groundingRefs(db, { anchored: false }).filter((r) => memorySeqs.has(r.memorySeq)));
}

function anchorUnanchored(mind: Mind, unanchored: (db: Db) => AnchoredRefRow[]): number {
  const db = mind.store.db;
  if (listCodeRepos(db).length === 0) return 0;
  const refs = unanchored(db);
  if (refs.length === 0) return 0;
  const anchors = findAnchors(reposAtHead(mind), refs);
  for (const [refSeq, anchor] of anchors) writeRefAnchor(db, refSeq, anchor);
  return anchors.size;
}
