/**
 * Code-grounded memories against a real git repository made in a temp folder: a referenced line
 * changed, a referenced file deleted, one renamed (followed), lines that only moved; each memory's
 * tier as the rule says, the reasons journaled, and Undo and Re-verify.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRefAnchor } from '../../store/code-refs-repo';
import { findMemoryById } from '../../store/memories-repo';
import { verifyMemory } from '../confidence-ops';
import { createMemory } from '../create';
import { addEvidenceRef } from '../evidence-refs';
import { getHistory } from '../history';
import { getMemoryView } from '../memory-view';
import type { Mind } from '../mind';
import { approveMemory } from '../review';
import { expectMindError, freshMind, USER } from '../test-support';
import { undoAction } from '../undo';
import { checkRefs } from './check-refs';
import { tempRepo, sourceLines, type TempRepo } from './code-refs-test-support';
import { addRepo, listRepos, removeRepo } from './repos';
import { reverifyRef } from './reverify';

let mind: Mind;
let repo: TempRepo;
let firstCommit: string;

beforeEach(() => {
  mind = freshMind().mind;
  repo = tempRepo();
  repo.write('src/db/pool.ts', sourceLines('pool', 30).join('\n') + '\n');
  repo.write('src/old-name.ts', sourceLines('renamed', 10).join('\n') + '\n');
  repo.write('src/doomed.ts', sourceLines('doomed', 10).join('\n') + '\n');
  repo.write('src/shifting.ts', sourceLines('shifting', 10).join('\n') + '\n');
  firstCommit = repo.commit('first');
});
afterEach(() => {
  mind.close();
  repo.remove();
});

/** An approved, verified belief grounded in one code reference: the grounded tier. */
function grounded(content: string, ref: string) {
  const created = createMemory(mind, { type: 'belief', content, evidenceRefs: [{ kind: 'code', ref }] }, USER);
  approveMemory(mind, created.id, USER);
  return verifyMemory(mind, created.id, {}, USER);
}

const tierOf = (id: string) => findMemoryById(mind.store.db, id)?.tier;
const refOf = (id: string) => getMemoryView(mind, id).evidenceRefs[0] as NonNullable<ReturnType<typeof getMemoryView>['evidenceRefs'][0]>;

describe('code references against a real repository', () => {
  it('a named repository anchors the references it holds at HEAD; one it does not hold stays unanchored and still grounds', () => {
    const early = grounded('the pool caps at 10', 'src/db/pool.ts:18');
    const elsewhere = grounded('the other service retries', 'elsewhere/retry.ts:3');
    expect(refOf(early.id).verifiedCommit).toBeNull();

    const { repo: added, anchored } = addRepo(mind, `${repo.dir}/src`, 'user');
    expect(anchored).toBe(1);
    expect(added.head).toBe(firstCommit);
    expect(refOf(early.id)).toMatchObject({ verifiedCommit: firstCommit, state: 'current' });
    expect(refOf(elsewhere.id)).toMatchObject({ verifiedCommit: null, state: null });
    expect(tierOf(elsewhere.id)).toBe('grounded');
    // A reference attached after the repository is named is anchored as it is attached.
    const later = grounded('doomed holds ten lines', 'src/doomed.ts:1-10');
    expect(refOf(later.id)).toMatchObject({ verifiedCommit: firstCommit, state: 'current' });
    expectMindError(() => addRepo(mind, repo.dir, 'user'), 'invalid_input');
  });

  it('a changed line, a deleted file, a rename and lines that moved: tiers drop only where the code changed, with the reason, and Undo restores them', () => {
    addRepo(mind, repo.dir, 'user');
    const changed = grounded('the pool caps at 10 connections', 'src/db/pool.ts:18');
    const untouched = grounded('the pool starts with line 1', 'src/db/pool.ts:1-2');
    const deleted = grounded('doomed exists', 'src/doomed.ts:3');
    const renamed = grounded('the renamed file says line 4', 'src/old-name.ts:4');
    const shifted = grounded('shifting says line 5', 'src/shifting.ts:5-6');
    for (const m of [changed, untouched, deleted, renamed, shifted]) expect(tierOf(m.id)).toBe('grounded');

    const pool = sourceLines('pool', 30);
    pool[17] = '// pool line 18, now with a cap of 20';
    repo.write('src/db/pool.ts', pool.join('\n') + '\n');
    repo.git('rm', '--quiet', 'src/doomed.ts');
    repo.git('mv', 'src/old-name.ts', 'src/new-name.ts');
    repo.write('src/shifting.ts', ['// a header', '// another', ...sourceLines('shifting', 10)].join('\n') + '\n');
    const second = repo.commit('second');

    const result = checkRefs(mind, { actor: 'user' });
    expect(result.checked).toBe(5);
    expect(result.states).toEqual({ current: 1, moved: 2, changed: 1, gone: 1 });
    expect(result.memories.sort()).toEqual([changed.id, deleted.id].sort());
    expect(result.action).not.toBeNull();

    const short = firstCommit.slice(0, 7);
    expect(tierOf(changed.id)).toBe('observed');
    expect(refOf(changed.id)).toMatchObject({ state: 'changed', stateReason: `src/db/pool.ts:18 changed since it was verified at ${short}` });
    expect(getMemoryView(mind, changed.id).tierWhy).toContain('src/db/pool.ts:18 changed');
    expect(tierOf(deleted.id)).toBe('observed');
    expect(refOf(deleted.id)).toMatchObject({ state: 'gone', stateReason: `src/doomed.ts is gone since it was verified at ${short}` });
    expect(tierOf(renamed.id)).toBe('grounded');
    expect(refOf(renamed.id)).toMatchObject({ state: 'moved', currentPath: 'src/new-name.ts:4' });
    expect(tierOf(shifted.id)).toBe('grounded');
    expect(refOf(shifted.id)).toMatchObject({ state: 'moved', currentPath: 'src/shifting.ts:7-8' });
    expect(tierOf(untouched.id)).toBe('grounded');
    expect(refOf(untouched.id).state).toBe('current');

    const history = getHistory(mind, changed.id);
    expect(history.some((h) => h.op === 'check_refs' && h.reason === `src/db/pool.ts:18 changed since it was verified at ${short}`)).toBe(true);
    expect(listRepos(mind)[0]).toMatchObject({ head: second, checkedHead: second, refs: 5 });

    // Checking again finds nothing new.
    expect(checkRefs(mind, { actor: 'user' }).changes).toEqual([]);

    const undone = undoAction(mind, result.action, { actor: 'user' });
    expect(undone.memories.sort()).toEqual([changed.id, deleted.id, renamed.id, shifted.id].sort());
    for (const m of [changed, deleted, renamed, shifted]) {
      expect(tierOf(m.id)).toBe('grounded');
      expect(refOf(m.id)).toMatchObject({ state: 'current', currentPath: null, stateReason: null });
    }
    // Redo (undo of the undo) puts the findings back.
    undoAction(mind, undone.action, { actor: 'user' });
    expect(tierOf(changed.id)).toBe('observed');
    expect(refOf(renamed.id).state).toBe('moved');
  });

  it('a renamed file whose referenced line also changed is changed, named at its new path', () => {
    addRepo(mind, repo.dir, 'user');
    const memory = grounded('renamed line 4', 'src/old-name.ts:4');
    const lines = sourceLines('renamed', 10);
    lines[3] = '// renamed line 4, edited';
    repo.git('mv', 'src/old-name.ts', 'src/new-name.ts');
    repo.write('src/new-name.ts', lines.join('\n') + '\n');
    repo.commit('rename and edit');
    checkRefs(mind, { actor: 'user' });
    expect(tierOf(memory.id)).toBe('observed');
    expect(refOf(memory.id)).toMatchObject({ state: 'changed', currentPath: 'src/new-name.ts' });
    expect(refOf(memory.id).stateReason).toBe(`src/old-name.ts:4 (now src/new-name.ts) changed since it was verified at ${firstCommit.slice(0, 7)}`);
  });

  it('code changed back to what was verified grounds the memory again', () => {
    addRepo(mind, repo.dir, 'user');
    const memory = grounded('the pool caps at 10', 'src/db/pool.ts:18');
    const pool = sourceLines('pool', 30);
    pool[17] = '// changed';
    repo.write('src/db/pool.ts', pool.join('\n') + '\n');
    repo.commit('change');
    checkRefs(mind, { actor: 'user' });
    expect(tierOf(memory.id)).toBe('observed');
    repo.write('src/db/pool.ts', sourceLines('pool', 30).join('\n') + '\n');
    repo.commit('change back');
    const again = checkRefs(mind, { actor: 'user' });
    expect(again.changes).toMatchObject([{ memoryId: memory.id, from: 'changed', to: 'current' }]);
    expect(tierOf(memory.id)).toBe('grounded');
  });

  it('Re-verify anchors a changed reference at HEAD (a moved one where it now is) and grounds it again; Undo takes it back', () => {
    addRepo(mind, repo.dir, 'user');
    const memory = grounded('the pool caps at 10', 'src/db/pool.ts:18');
    const moved = grounded('renamed line 4', 'src/old-name.ts:4');
    const pool = sourceLines('pool', 30);
    pool[17] = '// pool line 18, cap 20';
    repo.write('src/db/pool.ts', pool.join('\n') + '\n');
    repo.git('mv', 'src/old-name.ts', 'src/new-name.ts');
    const head = repo.commit('change');
    checkRefs(mind, { actor: 'user' });

    const ref = refOf(memory.id);
    const reverified = reverifyRef(mind, memory.id, ref.seq, USER);
    expect(reverified.tier).toBe('grounded');
    expect(readRefAnchor(mind.store.db, ref.seq)).toMatchObject({ verifiedCommit: head, state: 'current', stateReason: null });
    const last = getHistory(mind, memory.id).at(-1);
    expect(last).toMatchObject({ op: 'reverify_ref', reason: `src/db/pool.ts:18 re-verified at ${head.slice(0, 7)}` });

    const movedRef = refOf(moved.id);
    reverifyRef(mind, moved.id, movedRef.seq, USER);
    expect(refOf(moved.id)).toMatchObject({ ref: 'src/new-name.ts:4', state: 'current', verifiedCommit: head });

    undoAction(mind, null, { actor: 'user' });
    expect(refOf(moved.id)).toMatchObject({ ref: 'src/old-name.ts:4', state: 'moved' });
    undoAction(mind, null, { actor: 'user' });
    expect(tierOf(memory.id)).toBe('observed');
    expect(refOf(memory.id).state).toBe('changed');
  });

  it('Re-verify of a file that is gone is refused by name, writing nothing', () => {
    addRepo(mind, repo.dir, 'user');
    const memory = grounded('doomed exists', 'src/doomed.ts:3');
    repo.git('rm', '--quiet', 'src/doomed.ts');
    repo.commit('delete');
    checkRefs(mind, { actor: 'user' });
    const before = getHistory(mind, memory.id).length;
    expectMindError(() => reverifyRef(mind, memory.id, refOf(memory.id).seq, USER), 'invalid_state');
    expect(getHistory(mind, memory.id).length).toBe(before);
  });

  it('removing a repository unanchors its references, and one that had gone stale grounds again', () => {
    addRepo(mind, repo.dir, 'user');
    const memory = grounded('doomed exists', 'src/doomed.ts:3');
    repo.git('rm', '--quiet', 'src/doomed.ts');
    repo.commit('delete');
    checkRefs(mind, { actor: 'user' });
    expect(tierOf(memory.id)).toBe('observed');
    expect(removeRepo(mind, repo.dir, 'user')).toMatchObject({ unanchored: 1 });
    expect(tierOf(memory.id)).toBe('grounded');
    expect(refOf(memory.id)).toMatchObject({ state: null, verifiedCommit: null });
    expect(listRepos(mind)).toEqual([]);
  });

  it('a folder that is not a git repository is refused by name', () => {
    expectMindError(() => addRepo(mind, '/', 'user'), 'invalid_input');
    expect(listRepos(mind)).toEqual([]);
  });

  it('attaching a code reference by hand anchors it too', () => {
    addRepo(mind, repo.dir, 'user');
    const memory = createMemory(mind, { type: 'note', content: 'pool line 2' }, USER);
    addEvidenceRef(mind, memory.id, { kind: 'file', ref: 'src/db/pool.ts' }, USER);
    expect(refOf(memory.id)).toMatchObject({ verifiedCommit: firstCommit, state: 'current' });
  });
});
