/**
 * The code repositories a mind speaks about (`mindloom repo add|list|remove`, Settings → Code).
 * Naming one anchors every code and file reference it holds that was not anchored yet, at its HEAD:
 * from then on `check-refs` tells when their lines change. One journaled transaction each.
 */
import { realpathSync } from 'node:fs';
import { MindError } from '../../../shared/errors';
import {
  countRefsOfRepo,
  deleteCodeRepo,
  findCodeRepo,
  groundingRefs,
  insertCodeRepo,
  listCodeRepos,
  writeRefAnchor,
} from '../../store/code-refs-repo';
import { appendJournal } from '../../store/journal-repo';
import { findMemoryBySeq } from '../../store/memories-repo';
import { applyChange } from '../change';
import { evidenceCounts } from '../evidence-refs';
import type { Mind } from '../mind';
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

/** Names the repository holding `dir` and anchors the references it holds; returns it with how many it anchored. */
export function addRepo(mind: Mind, dir: string, actor: string): { repo: CodeRepoView; anchored: number } {
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
  const anchored = mind.store.transaction(() => {
    const db = mind.store.db;
    const seq = insertCodeRepo(db, top, mind.now()) as number;
    const repo = reposAtHead(mind).filter((r) => r.seq === seq);
    const anchors = findAnchors(repo, groundingRefs(db, { anchored: false }));
    for (const [refSeq, anchor] of anchors) writeRefAnchor(db, refSeq, anchor);
    appendJournal(db, { at: mind.now(), actor, op: 'code_repo_add', memoryId: null, after: { repo: top, head, anchored: anchors.size } });
    return anchors.size;
  });
  const repo = listRepos(mind).find((r) => r.path === top) as CodeRepoView;
  return { repo, anchored };
}

/** Stops speaking about a repository: its references are unanchored (they count as plain references again). */
export function removeRepo(mind: Mind, dir: string, actor: string): { path: string; unanchored: number } {
  checkActor(actor);
  const repo = findCodeRepo(mind.store.db, dir) ?? findCodeRepo(mind.store.db, safeRealpath(dir));
  if (!repo) throw new MindError('not_found', `${dir} is not one of this mind's repositories (mindloom repo list).`, { dir });
  return mind.store.transaction(() => {
    const db = mind.store.db;
    const refs = groundingRefs(db, { anchored: true, repoSeq: repo.seq });
    for (const ref of refs) {
      writeRefAnchor(db, ref.seq, { ref: ref.ref, repoSeq: null, verifiedCommit: null, linesHash: null, state: null, currentPath: null, stateReason: null });
    }
    // A reference that had gone stale grounds its memory again once nothing checks it.
    const reason = `${repo.path} is no longer one of this mind's repositories`;
    for (const memorySeq of new Set(refs.filter((r) => r.state === 'changed' || r.state === 'gone').map((r) => r.memorySeq))) {
      const memory = findMemoryBySeq(db, memorySeq);
      if (memory) applyChange(mind, memory, evidenceCounts(mind, memorySeq), { op: 'code_repo_remove', options: { actor, reason } });
    }
    deleteCodeRepo(db, repo.seq);
    appendJournal(db, { at: mind.now(), actor, op: 'code_repo_remove', memoryId: null, before: { repo: repo.path }, after: { unanchored: refs.length } });
    return { path: repo.path, unanchored: refs.length };
  });
}

function safeRealpath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
