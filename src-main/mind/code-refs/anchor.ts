/**
 * Anchoring code and file references: the commit a repository's HEAD names and a hash of the lines
 * the reference points at there. The first named repository that holds the file (with those lines)
 * anchors it; a reference no repository holds stays unanchored and counts as it always did.
 */
import { existsSync } from 'node:fs';
import { type CodeRepoRow, groundingRefs, listCodeRepos, type RefAnchor, writeRefAnchor } from '../../store/code-refs-repo';
import type { Mind } from '../mind';
import { filesAt, headCommit } from './git';
import { hashLines, linesAt, locateRef, type RefLocation, splitLines } from './ref-location';

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
}

/** Anchors for the references some repository holds at its HEAD, by reference seq. */
export function anchorsAtHead(repos: readonly RepoAtHead[], refs: readonly RefToAnchor[]): Map<number, RefAnchor> {
  const anchors = new Map<number, RefAnchor>();
  for (const repo of repos) {
    const wanted = refs.flatMap((r) => {
      if (anchors.has(r.seq)) return [];
      const location = locateRef(r.ref, repo.path);
      return location ? [{ ref: r, location }] : [];
    });
    if (wanted.length === 0) continue;
    const files = filesAt(repo.path, repo.head, wanted.map((w) => w.location.path));
    for (const { ref, location } of wanted) {
      const content = files.get(location.path);
      if (content === null || content === undefined) continue;
      const anchor = anchorOf(repo, ref.ref, location, content);
      if (anchor) anchors.set(ref.seq, anchor);
    }
  }
  return anchors;
}

function anchorOf(repo: RepoAtHead, ref: string, location: RefLocation, content: string): RefAnchor | null {
  const lines = linesAt(splitLines(content), location);
  if (lines === null) return null;
  return {
    ref,
    repoSeq: repo.seq,
    verifiedCommit: repo.head,
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
  const db = mind.store.db;
  if (listCodeRepos(db).length === 0) return;
  const refs = groundingRefs(db, { anchored: false, memorySeq });
  if (refs.length === 0) return;
  for (const [refSeq, anchor] of anchorsAtHead(reposAtHead(mind), refs)) writeRefAnchor(db, refSeq, anchor);
}
