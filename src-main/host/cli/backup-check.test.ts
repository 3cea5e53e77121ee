/** `mindloom backup`, `restore BACKUP --to MIND` (beside `restore ID`), and `check [--repair]`. */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMind } from '../../mind/mind';
import { skewTallies } from '../../store/damage-test-support';
import { freshMind, ok, runCli, tempDir } from './cli-test-kit';

describe('mindloom backup and restore', () => {
  it('backs up with progress, refuses to overwrite without --force, and restores keeping the old file beside', async () => {
    const { path, cli } = await freshMind();
    await ok(cli('add', 'belief', 'Backups are only real once restored'));
    const out = join(tempDir(), 'copy.mind');

    const backup = await cli('backup', '--out', out);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(new RegExp(`^Backed up 1 memories to ${out} \\(\\d+\\.\\d MB, \\d+\\.\\d s\\); SQLite's quick check finds the copy sound\\.\\n`));
    expect(backup.stdout).toContain('memories forgotten later included');
    expect(backup.stderr).toMatch(/^backup: copying 0% \(0\/\d+ pages\)\n(backup: copying \d+% .*\n)*backup: copying 100% .*\nbackup: checking the copy…\n$/);

    const again = await cli('backup', '--out', out);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^mindloom: invalid_state: .*copy\.mind already exists/);
    expect((await cli('backup', '--out', out, '--force')).code).toBe(0);

    await ok(cli('add', 'note', 'Written after the backup'));
    const refused = await runCli(['restore', out, '--to', path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^mindloom: invalid_state: .* already exists\. Restoring replaces it: add --force/);

    const restored = await runCli(['restore', out, '--to', path, '--force']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored 1 memories into .*\nThe file that was there is kept beside it: .*test\.mind\.before-restore-/);
    expect(JSON.parse(await ok(cli('stats', '--json'))).total).toBe(1);
    expect(readdirSync(dirname(path)).some((name) => name.startsWith('test.mind.before-restore-'))).toBe(true);
  });

  it('restore ID still restores an archived memory; --force belongs to --to', async () => {
    const { cli } = await freshMind();
    const id = await ok(cli('add', 'note', 'Archived, then back'));
    await ok(cli('archive', id));
    expect(await ok(cli('restore', id))).toBe(`Restored ${id} (now active).`);
    const misuse = await cli('restore', id, '--force');
    expect(misuse).toMatchObject({ code: 2, stderr: 'mindloom: --force goes with --to (restoring a backup).\n' });
  });
});

describe('mindloom check', () => {
  it('prints a JSON report; a damaged mind exits 1 and says what to do; --repair heals what is derivable', async () => {
    const { path, cli } = await freshMind();
    await ok(cli('add', 'note', 'Tallied once'));
    const healthy = await cli('check');
    expect(healthy.code).toBe(0);
    expect(JSON.parse(healthy.stdout)).toMatchObject({ ok: true, opened: true, repaired: false });

    const mind = openMind(path, { mustExist: true });
    skewTallies(mind.store.db);
    mind.close();

    const damaged = await cli('check');
    expect(damaged.code).toBe(1);
    expect(JSON.parse(damaged.stdout)).toMatchObject({ ok: false, checks: expect.arrayContaining([expect.objectContaining({ name: 'tallies', ok: false, problems: 2 })]) });
    expect(damaged.stderr).toBe(
      'mindloom: corrupt_file: tally rows that disagree with the memories: 2 (repairable). Run mindloom check --repair to fix what can be derived.\n',
    );

    const repaired = await cli('check', '--repair');
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(JSON.parse(repaired.stdout)).toMatchObject({ ok: true, repaired: true, checks: expect.arrayContaining([expect.objectContaining({ name: 'tallies', ok: true, repaired: true })]) });
    expect(JSON.parse(await ok(cli('stats', '--json')))).toMatchObject({ total: 1 });
    expect(existsSync(path)).toBe(true);
  });
});
