/** The code reference calls over the real API, against a real git repository in a temp folder: Settings → Code, the check, the diff, Re-verify, Undo, the Overview's count. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourceLines, tempRepo, type TempRepo } from '../mind/code-refs/code-refs-test-support';
import { verifyMemory } from '../mind/confidence-ops';
import { createMemory } from '../mind/create';
import { openMind } from '../mind/mind';
import { approveMemory } from '../mind/review';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';

let f: ApiFixture;
let repo: TempRepo;
beforeEach(() => {
  f = apiFixture();
  repo = tempRepo();
  repo.write('src/db/pool.ts', sourceLines('pool', 30).join('\n') + '\n');
  repo.commit('first');
});
afterEach(async () => {
  await f.dispose();
  repo.remove();
});

function addGroundedBelief(path: string): string {
  const mind = openMind(path);
  try {
    const belief = createMemory(mind, { type: 'belief', content: 'The pool caps at 10', evidenceRefs: [{ kind: 'code', ref: 'src/db/pool.ts:18' }] }, { actor: 'user' });
    approveMemory(mind, belief.id, { actor: 'user' });
    verifyMemory(mind, belief.id, {}, { actor: 'user' });
    return belief.id;
  } finally {
    mind.close();
  }
}

describe('the code reference calls', () => {
  it('name a repository, check it after a commit, show the diff, re-verify, undo, and count "code changed"', async () => {
    const id = addGroundedBelief(f.mindPath);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const added = await callOk(f.api, 'codeRefs.addRepo', { path: repo.dir });
    expect(added.anchored).toBe(1);
    expect((await callOk(f.api, 'codeRefs.repos')).repos).toMatchObject([{ refs: 1, checkedHead: null }]);
    await callFails(f.api, 'codeRefs.addRepo', { path: repo.dir }, 'invalid_input');

    const pool = sourceLines('pool', 30);
    pool[17] = '// pool line 18: cap 20';
    repo.write('src/db/pool.ts', pool.join('\n') + '\n');
    repo.commit('raise the cap');

    const check = await callOk(f.api, 'codeRefs.check');
    expect(check.changes).toMatchObject([{ memoryId: id, from: 'current', to: 'changed' }]);
    expect((await callOk(f.api, 'mind.overview')).codeChanged).toBe(1);
    expect((await callOk(f.api, 'codeRefs.stale')).refs).toMatchObject([{ memoryId: id, ref: 'src/db/pool.ts:18', state: 'changed' }]);
    const memory = await callOk(f.api, 'memories.get', { id });
    expect(memory.tier).toBe('observed');
    const ref = memory.evidenceRefs[0] as (typeof memory.evidenceRefs)[0];
    expect(ref.state).toBe('changed');

    const diff = await callOk(f.api, 'codeRefs.diff', { id, refSeq: ref.seq });
    expect(diff.parts).toEqual([
      { kind: 'removed', lines: ['// pool line 18'] },
      { kind: 'added', lines: ['// pool line 18: cap 20'] },
    ]);

    await callOk(f.api, 'undo.apply', { entry: check.action as number });
    expect((await callOk(f.api, 'memories.get', { id })).tier).toBe('grounded');
    await callOk(f.api, 'codeRefs.check');

    await callFails(f.api, 'codeRefs.reverify', { id, refSeq: ref.seq, expectedVersion: 1 }, 'version_conflict');
    const reverified = await callOk(f.api, 'codeRefs.reverify', { id, refSeq: ref.seq });
    expect(reverified.memory.tier).toBe('grounded');
    expect((await callOk(f.api, 'mind.overview')).codeChanged).toBe(0);
    await callOk(f.api, 'undo.apply', { entry: reverified.action });
    expect((await callOk(f.api, 'memories.get', { id })).tier).toBe('observed');

    const removed = await callOk(f.api, 'codeRefs.removeRepo', { path: repo.dir });
    expect(removed).toMatchObject({ unanchored: 1 });
    expect((await callOk(f.api, 'memories.get', { id })).tier).toBe('grounded');
    await callFails(f.api, 'codeRefs.diff', { id, refSeq: ref.seq }, 'invalid_state');
    // Undo names it again, with the reference's stale state and the tier it had.
    await callOk(f.api, 'undo.apply', { entry: removed.action });
    expect((await callOk(f.api, 'codeRefs.repos')).repos.map((r) => r.refs)).toEqual([1]);
    expect((await callOk(f.api, 'memories.get', { id })).tier).toBe('observed');
    await callOk(f.api, 'codeRefs.diff', { id, refSeq: ref.seq });
  });
});
