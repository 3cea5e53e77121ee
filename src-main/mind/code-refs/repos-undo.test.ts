/**
 * Naming and unnaming a repository are actions like any other: journaled, and Undo takes them back
 * (the repository with its own seq, every reference's anchor and state, each memory's tier), and an
 * undo of the undo redoes them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRefAnchor } from '../../store/code-refs-repo';
import { findMemoryById } from '../../store/memories-repo';
import { createMemory } from '../create';
import { getMemoryView } from '../memory-view';
import type { Mind } from '../mind';
import { expectMindError, freshMind, USER } from '../test-support';
import { lastUndoable, undoAction } from '../undo';
import { verifyMemory } from '../confidence-ops';
import { checkRefs } from './check-refs';
import { sourceLines, tempRepo, type TempRepo } from './code-refs-test-support';
import { addRepo, listRepos, removeRepo } from './repos';

let mind: Mind;
let repo: TempRepo;
let first: string;

beforeEach(() => {
  mind = freshMind().mind;
  repo = tempRepo();
  repo.write('src/pool.ts', sourceLines('pool', 20).join('\n') + '\n');
  first = repo.commit('first');
});
afterEach(() => {
  mind.close();
  repo.remove();
});

/** A verified note grounded in one code reference (no review needed: tiers.ts). */
function grounded(ref: string) {
  const created = createMemory(mind, { type: 'note', content: `about ${ref}`, evidenceRefs: [{ kind: 'code', ref }] }, USER);
  return verifyMemory(mind, created.id, {}, USER);
}
const tierOf = (id: string) => findMemoryById(mind.store.db, id)?.tier;
const refSeqOf = (id: string) => getMemoryView(mind, id).evidenceRefs[0]?.seq as number;

describe('repo add and remove are undoable', () => {
  it('Undo of an add unnames the repository and unanchors what it anchored; redo anchors them again', () => {
    const memory = grounded('src/pool.ts:3');
    const added = addRepo(mind, repo.dir, 'user');
    expect(added.anchored).toBe(1);
    expect(lastUndoable(mind, 'user')).toBe(added.action);
    expect(readRefAnchor(mind.store.db, refSeqOf(memory.id))).toMatchObject({ verifiedCommit: first, state: 'current' });

    const undone = undoAction(mind, null, { actor: 'user' });
    expect(undone).toMatchObject({ undone: added.action, redo: false, summary: `code repo add of ${memory.id}` });
    expect(listRepos(mind)).toEqual([]);
    expect(readRefAnchor(mind.store.db, refSeqOf(memory.id))).toMatchObject({ repoSeq: null, verifiedCommit: null, linesHash: null, state: null });
    expect(tierOf(memory.id)).toBe('grounded');

    undoAction(mind, undone.action, { actor: 'user' });
    expect(listRepos(mind).map((r) => r.path)).toEqual([added.repo.path]);
    expect(readRefAnchor(mind.store.db, refSeqOf(memory.id))).toMatchObject({ verifiedCommit: first, state: 'current' });
  });

  it('Undo of a remove names the repository again under its own seq, with every anchor, state and tier it had', () => {
    const kept = grounded('src/pool.ts:1-2');
    const stale = grounded('src/pool.ts:10');
    const { repo: added } = addRepo(mind, repo.dir, 'user');
    const lines = sourceLines('pool', 20);
    lines[9] = '// pool line 10, edited';
    repo.write('src/pool.ts', lines.join('\n') + '\n');
    repo.commit('edit line 10');
    checkRefs(mind, { actor: 'user' });
    expect([tierOf(kept.id), tierOf(stale.id)]).toEqual(['grounded', 'hypothesis']);
    const anchorsBefore = [kept, stale].map((m) => readRefAnchor(mind.store.db, refSeqOf(m.id)));
    const reposBefore = listRepos(mind);

    const removed = removeRepo(mind, repo.dir, 'user');
    expect(removed.unanchored).toBe(2);
    expect(listRepos(mind)).toEqual([]);
    // Nothing checks the stale reference now: it grounds its memory again.
    expect(tierOf(stale.id)).toBe('grounded');

    const undone = undoAction(mind, removed.action, { actor: 'user' });
    expect(undone.memories.sort()).toEqual([kept.id, stale.id].sort());
    expect(listRepos(mind).map((r) => ({ path: r.path, addedAt: r.addedAt, refs: r.refs }))).toEqual(reposBefore.map((r) => ({ path: r.path, addedAt: r.addedAt, refs: r.refs })));
    expect([kept, stale].map((m) => readRefAnchor(mind.store.db, refSeqOf(m.id)))).toEqual(anchorsBefore);
    expect(anchorsBefore[0]?.repoSeq).not.toBeNull();
    expect([tierOf(kept.id), tierOf(stale.id)]).toEqual(['grounded', 'hypothesis']);
    // The repository works as before: a check finds nothing new.
    expect(checkRefs(mind, { actor: 'user' }).changes).toEqual([]);
    expect(added.path).toBe(listRepos(mind)[0]?.path);
  });

  it('an undo of a remove is refused, changing nothing, once the same folder was added again', () => {
    // Its reference anchored again by the new add: that anchor moved on.
    const memory = grounded('src/pool.ts:3');
    addRepo(mind, repo.dir, 'user');
    const removed = removeRepo(mind, repo.dir, 'user');
    const again = addRepo(mind, repo.dir, 'user');
    expectMindError(() => undoAction(mind, removed.action, { actor: 'user' }), 'version_conflict');
    // Nothing anchored by either: the folder itself is taken again.
    removeRepo(mind, repo.dir, 'user');
    const bare = tempRepo();
    try {
      bare.write('README', 'nothing referenced\n');
      bare.commit('first');
      addRepo(mind, bare.dir, 'user');
      const removedBare = removeRepo(mind, bare.dir, 'user');
      const bareAgain = addRepo(mind, bare.dir, 'user');
      expectMindError(() => undoAction(mind, removedBare.action, { actor: 'user' }), 'invalid_state');
      expect(listRepos(mind).map((r) => r.path)).toEqual([bareAgain.repo.path]);
    } finally {
      bare.remove();
    }
    expect(again.repo.path).not.toBe('');
    expect(tierOf(memory.id)).toBe('grounded');
  });
});
