/**
 * The code repositories a mind speaks about (`mindloom repo add|list|remove`, Settings → Code).
 * Naming one anchors every code and file reference it holds that was not anchored yet, at its HEAD:
 * from then on `check-refs` tells when their lines change. One journaled action each, which Undo takes back.
 */
import { realpathSync } from 'node:fs';
import { MindError } from '../../../shared/errors';
import { currentActionId } from '../../store/actions';
import {
  countRefsOfRepo,
  findCodeRepo,
  groundingRefs,
  insertCodeRepo,
  listCodeRepos,
  readCodeRepoState,
  readRefAnchor,
  type RefAnchor,
} from '../../store/code-refs-repo';
import { findMemoryBySeq } from '../../store/memories-repo';
import { applyChange } from '../change';
import { evidenceCounts } from '../evidence-refs';
import type { Mind } from '../mind';
import { changeRecord, journalRecord } from '../records';
import { checkActor } from '../write-options';
import { findAnchors, reposAtHead } from './anchor';
import { headCommit, repositoryTop } from './git';

export interface CodeRepoView {
  path: string;
  addedAt: number;
  /** HEAD now, or null when the folder is gone or has no commit. */
  head: string | null;
  checkedHead: string | null;
  checkedAt: number | null;
  /** References anchored in it. */
  refs: number;
}

export function listRepos(mind: Mind): CodeRepoView[] {
  return listCodeRepos(mind.store.db).map((repo) => ({
    path: repo.path,
    addedAt: repo.addedAt,
    head: headOrNull(repo.path),
    checkedHead: repo.checkedHead,
    checkedAt: repo.checkedAt,
    refs: countRefsOfRepo(mind.store.db, repo.seq),
  }));
}

function headOrNull(path: string): string | null {
  try {
    return headCommit(path);
  } catch {
    return null;
  }
}

/**
 * Names the repository holding `dir` and anchors the references it holds; returns it with how many
 * it anchored and the action (Undo unnames it and unanchors them).
 */
export function addRepo(mind: Mind, dir: string, actor: string): { repo: CodeRepoView; anchored: number; action: number } {
  checkActor(actor);
  let top: string;
  try {
    top = realpathSync(repositoryTop(realpathSync(dir)));
  } catch (error) {
    if (error instanceof MindError) throw error;
    throw new MindError('not_found', `${dir}: no such folder.`, { dir });
  }
  const head = headCommit(top);
  if (head === null) throw new MindError('invalid_state', `${top} has no commit yet: commit first, then add it.`, { path: top });
  if (findCodeRepo(mind.store.db, top)) throw new MindError('invalid_input', `${top} is already one of this mind's repositories.`, { path: top });
  const { anchored, action } = mind.store.transaction(() => {
    const db = mind.store.db;
    const seq = insertCodeRepo(db, top, mind.now()) as number;
    const refs = groundingRefs(db, { anchored: false });
    const anchors = findAnchors(reposAtHead(mind).filter((r) => r.seq === seq), refs);
    journalRecord(mind, { kind: 'codeRepo', id: seq, before: null, after: { ...readCodeRepoState(db, seq) }, op: 'code_repo_add', actor, memoryId: null, note: { head, anchored: anchors.size } });
    const memoryOf = new Map(refs.map((r) => [r.seq, r.memoryId]));
    for (const [refSeq, anchor] of anchors) {
      const before = readRefAnchor(db, refSeq) as RefAnchor;
      changeRecord(mind, { kind: 'codeRef', id: refSeq, before: { ...before }, after: { ...anchor }, op: 'code_repo_add', actor, memoryId: memoryOf.get(refSeq) ?? null, reason: `anchored in ${top}` });
    }
    return { anchored: anchors.size, action: currentActionId(db, false) as number };
  });
  const repo = listRepos(mind).find((r) => r.path === top) as CodeRepoView;
  return { repo, anchored, action };
}

/**
 * Stops speaking about a repository: its references are unanchored (they count as plain references
 * again) and the repository is unnamed, each change journaled as one action that Undo takes back.
 */
export function removeRepo(mind: Mind, dir: string, actor: string): { path: string; unanchored: number; action: number } {
  checkActor(actor);
  const repo = findCodeRepo(mind.store.db, dir) ?? findCodeRepo(mind.store.db, safeRealpath(dir));
  if (!repo) throw new MindError('not_found', `${dir} is not one of this mind's repositories (mindloom repo list).`, { dir });
  return mind.store.transaction(() => {
    const db = mind.store.db;
    const refs = groundingRefs(db, { anchored: true, repoSeq: repo.seq });
    const reason = `${repo.path} is no longer one of this mind's repositories`;
    for (const ref of refs) {
      const before = readRefAnchor(db, ref.seq) as RefAnchor;
      const after: RefAnchor = { ref: ref.ref, repoSeq: null, verifiedCommit: null, linesHash: null, state: null, currentPath: null, stateReason: null };
      changeRecord(mind, { kind: 'codeRef', id: ref.seq, before: { ...before }, after: { ...after }, op: 'code_repo_remove', actor, memoryId: ref.memoryId, reason });
    }
    // A reference that had gone stale grounds its memory again once nothing checks it.
    for (const memorySeq of new Set(refs.filter((r) => r.state === 'changed' || r.state === 'gone').map((r) => r.memorySeq))) {
      const memory = findMemoryBySeq(db, memorySeq);
      if (memory) applyChange(mind, memory, evidenceCounts(mind, memorySeq), { op: 'code_repo_remove', options: { actor, reason } });
    }
    const before = readCodeRepoState(db, repo.seq);
    changeRecord(mind, {
      kind: 'codeRepo',
      id: repo.seq,
      before: { ...before },
      after: { present: false, path: null, addedAt: null },
      op: 'code_repo_remove',
      actor,
      memoryId: null,
      note: { repo: repo.path, unanchored: refs.length },
    });
    return { path: repo.path, unanchored: refs.length, action: currentActionId(db, false) as number };
  });
}

function safeRealpath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
