/** `repo`, `check-refs`, `reverify` and `ref-diff` on a mind file, against a real git repository in a temp folder. */
import { afterEach, describe, expect, it } from 'vitest';
import { sourceLines, tempRepo, type TempRepo } from '../../mind/code-refs/code-refs-test-support';
import { freshMind, ok } from './cli-test-kit';

let repo: TempRepo | undefined;
afterEach(() => repo?.remove());

describe('mindloom repo / check-refs / reverify / ref-diff', () => {
  it('names a repository, drops the tier of a memory whose line changed with the reason, undoes it, and re-verifies', async () => {
    repo = tempRepo();
    repo.write('src/db/pool.ts', sourceLines('pool', 30).join('\n') + '\n');
    const first = repo.commit('first');
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'belief', 'The pool caps at 10 connections', '--ref', 'code:src/db/pool.ts:18'));
    await ok(cli('approve', id));
    await ok(cli('verify', id));
    const added = await ok(cli('repo', 'add', repo.dir));
    expect(added).toMatch(/^Added .* at [0-9a-f]{7}; anchored 1 code\/file reference\.\nUndo with: mindloom undo \d+$/);
    // Undo unnames it; the redo names it again, anchored as before.
    const unadded = await ok(cli('undo', /mindloom undo (\d+)/.exec(added)?.[1] as string));
    expect(unadded).toMatch(/^Undid code repo add of /);
    expect(await ok(cli('repo', 'list'))).toBe('No repositories yet: mindloom repo add DIR.');
    await ok(cli('undo', /undo entry (\d+)/.exec(unadded)?.[1] as string));
    expect(await ok(cli('repo', 'list'))).toContain(first.slice(0, 7));
    expect(JSON.parse(await ok(cli('show', id))).evidenceRefs[0]).toMatchObject({ verifiedCommit: first, state: 'current' });

    const pool = sourceLines('pool', 30);
    pool[17] = '// pool line 18: cap 20';
    repo.write('src/db/pool.ts', pool.join('\n') + '\n');
    repo.commit('raise the cap');

    const report = await ok(cli('check-refs'));
    expect(report).toContain('1 changed');
    expect(report).toContain(`src/db/pool.ts:18 changed since it was verified at ${first.slice(0, 7)}`);
    const shown = JSON.parse(await ok(cli('show', id)));
    expect(shown.tier).toBe('observed');
    const ref = shown.evidenceRefs[0];
    expect(ref).toMatchObject({ state: 'changed', verifiedCommit: first });

    const diff = await ok(cli('ref-diff', id, String(ref.seq)));
    expect(diff.split('\n').slice(1)).toEqual(['- // pool line 18', '+ // pool line 18: cap 20']);

    const action = /mindloom undo (\d+)/.exec(report)?.[1] as string;
    const undone = await ok(cli('undo', action));
    expect(undone).toMatch(/^Undid check refs of /);
    expect(JSON.parse(await ok(cli('show', id))).tier).toBe('grounded');
    await ok(cli('undo', /undo entry (\d+)/.exec(undone)?.[1] as string));
    expect(JSON.parse(await ok(cli('show', id))).tier).toBe('observed');

    expect(await ok(cli('reverify', id, String(ref.seq)))).toBe(`Re-verified reference ${ref.seq} of ${id}; tier grounded.`);
    expect(await ok(cli('check-refs'))).toContain('Nothing changed since the last check.');

    const removed = await ok(cli('repo', 'remove', repo.dir));
    expect(removed).toMatch(/^Removed .*; 1 reference no longer anchored\.\nUndo with: mindloom undo \d+$/);
    await ok(cli('undo'));
    expect(await ok(cli('repo', 'list'))).toContain(repo.dir.split('/').at(-1) as string);
    expect(JSON.parse(await ok(cli('show', id))).evidenceRefs[0]).toMatchObject({ state: 'current' });
  });

  it('refuses a folder outside git and an unknown action by name', async () => {
    const { cli } = await freshMind();
    const notRepo = await cli('repo', 'add', '/');
    expect(notRepo.code).not.toBe(0);
    expect(notRepo.stderr).toContain('is not inside a git repository');
    const bad = await cli('repo', 'frobnicate');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('repo takes add, list or remove');
  });
});
