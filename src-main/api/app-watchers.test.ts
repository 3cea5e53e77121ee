/**
 * What the app does on its own while a mind is open: follows the sources linked to it, and checks
 * the code references when a repository's HEAD moves (real files, a real git repository; the test
 * waits for each, asserting nothing about how fast).
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyKernleDatabase, kernleNote, writeKernleNotes } from '../interop/follow/follow-test-support';
import { linkSource } from '../interop/follow/linked-sync';
import { sourceLines, tempRepo, type TempRepo } from '../mind/code-refs/code-refs-test-support';
import { verifyMemory } from '../mind/confidence-ops';
import { createMemory } from '../mind/create';
import { openMind } from '../mind/mind';
import { approveMemory } from '../mind/review';
import { type ApiFixture, apiFixture, callOk } from './api-test-support';

let f: ApiFixture;
let repo: TempRepo | null = null;
beforeEach(() => {
  f = apiFixture();
});
afterEach(async () => {
  await f.dispose();
  repo?.remove();
});

describe('the app while a mind is open', () => {
  it('follows the sources linked to the mind: what the agent writes arrives', async () => {
    const kernlePath = join(f.dir, 'memories.db');
    emptyKernleDatabase(kernlePath);
    const mind = openMind(f.mindPath);
    linkSource(mind, 'kernle', kernlePath, null);
    mind.close();
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const note = kernleNote('The agent noticed the build is slow');
    writeKernleNotes(kernlePath, [note]);
    let arrived = false;
    for (let i = 0; i < 600 && !arrived; i++) {
      const found = await f.api.dispatch('memories.get', { id: `kernle:${note.id}` });
      arrived = found.ok;
      if (!arrived) await new Promise((r) => setTimeout(r, 50));
    }
    expect(arrived).toBe(true);
    const [source] = (await callOk(f.api, 'sources.list')).sources;
    expect(source).toMatchObject({ system: 'kernle', totals: { added: 1 } });
  });

  it('checks the code references when a repository HEAD moves', async () => {
    repo = tempRepo();
    repo.write('src/db/pool.ts', sourceLines('pool', 30).join('\n') + '\n');
    repo.commit('first');
    const mind = openMind(f.mindPath);
    const belief = createMemory(mind, { type: 'belief', content: 'The pool caps at 10', evidenceRefs: [{ kind: 'code', ref: 'src/db/pool.ts:18' }] }, { actor: 'user' });
    approveMemory(mind, belief.id, { actor: 'user' });
    verifyMemory(mind, belief.id, {}, { actor: 'user' });
    mind.close();
    await callOk(f.api, 'session.open', { path: f.mindPath });
    await callOk(f.api, 'codeRefs.addRepo', { path: repo.dir });
    const pool = sourceLines('pool', 30);
    pool[17] = '// pool line 18: cap 20';
    repo.write('src/db/pool.ts', pool.join('\n') + '\n');
    repo.commit('raise the cap');
    let tier = 'grounded';
    for (let i = 0; i < 600 && tier === 'grounded'; i++) {
      tier = (await callOk(f.api, 'memories.get', { id: belief.id })).tier;
      if (tier === 'grounded') await new Promise((r) => setTimeout(r, 50));
    }
    expect(tier).toBe('observed');
  });
});
