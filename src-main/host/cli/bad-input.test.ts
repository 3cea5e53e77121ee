import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliRun, freshMind, ok, runCli, tempDir } from './cli-test-kit';

interface Counts {
  total: number;
  journalEntries: number;
}

/** Runs a failing command and proves it failed cleanly: one stderr line, no stdout, nothing written. */
async function refused(cli: (...argv: string[]) => Promise<CliRun>, argv: string[], code: number, stderr: RegExp): Promise<void> {
  const before = JSON.parse(await ok(cli('stats', '--json'))) as Counts;
  const run = await cli(...argv);
  expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^mindloom: [^\n]*\n$/);
  expect(run.stderr).toMatch(stderr);
  const after = JSON.parse(await ok(cli('stats', '--json'))) as Counts;
  expect({ total: after.total, journalEntries: after.journalEntries }).toEqual({
    total: before.total,
    journalEntries: before.journalEntries,
  });
}

describe('bad input: a typed error, and nothing written', () => {
  it('unknown id', async () => {
    const { cli } = await freshMind();
    await ok(cli('add', 'note', 'something'));
    await refused(cli, ['show', 'bl_nope'], 1, /^mindloom: not_found: No memory with id bl_nope\.$/m);
    for (const command of ['verify', 'reinforce', 'archive', 'restore', 'approve', 'history', 'lineage']) {
      await refused(cli, [command, 'nt_missing'], 1, /^mindloom: not_found: /);
    }
    await refused(cli, ['reject', 'nt_missing', '--reason', 'no'], 1, /^mindloom: not_found: /);
    await refused(cli, ['supersede', 'bl_missing', 'new text'], 1, /^mindloom: not_found: /);
    await refused(cli, ['add', 'belief', 'x', '--evidence', 'ep_missing'], 1, /^mindloom: not_found: /);
  });

  it('unknown type', async () => {
    const { cli } = await freshMind();
    await refused(cli, ['add', 'feeling', 'x'], 1, /^mindloom: invalid_input: Unknown memory type "feeling"/);
    const raw = await ok(cli('add', 'raw', 'x'));
    await refused(cli, ['promote', raw, '--to', 'feeling'], 1, /^mindloom: invalid_input: Unknown memory type/);
  });

  it('bad --field: fields that fail validation, and malformed pairs', async () => {
    const { cli } = await freshMind();
    await refused(cli, ['add', 'episode', 'x', '--field', 'outcomeType=bogus'], 1, /^mindloom: invalid_fields: Invalid episode fields: outcomeType/);
    await refused(cli, ['add', 'note', 'x', '--field', 'colour=red'], 1, /^mindloom: invalid_fields: /);
    await refused(cli, ['add', 'episode', 'x', '--field', 'emotionalValence=7'], 1, /^mindloom: invalid_fields: /);
    await refused(cli, ['add', 'note', 'x', '--field', 'noequals'], 2, /^mindloom: --field expects key=value/);
    await refused(cli, ['add', 'note', 'x', '--field', '=value'], 2, /^mindloom: --field expects key=value/);
    await refused(cli, ['add', 'note', 'x', '--ref', 'smell:roses'], 2, /^mindloom: --ref expects kind:value/);
  });

  it('forbidden promotion', async () => {
    const { cli } = await freshMind();
    const raw = await ok(cli('add', 'raw', 'a capture'));
    await refused(cli, ['promote', raw, '--to', 'value'], 1, /^mindloom: forbidden_promotion: A raw cannot be promoted to a value/);
    const value = await ok(cli('add', 'value', 'Honesty'));
    await refused(cli, ['promote', value, '--to', 'belief'], 1, /^mindloom: forbidden_promotion: /);
    expect(JSON.parse(await ok(cli('show', raw)))).toMatchObject({ status: 'active' });
    await refused(cli, ['promote', raw], 2, /^mindloom: --to is required\.$/m);
  });

  it('supersede of a non-belief', async () => {
    const { cli } = await freshMind();
    const note = await ok(cli('add', 'note', 'a note'));
    await refused(cli, ['supersede', note, 'new text'], 1, /^mindloom: not_a_belief: /);
  });

  it('confidence outside [0, 1], or not a number', async () => {
    const { cli } = await freshMind();
    await refused(cli, ['add', 'note', 'x', '--confidence', '1.5'], 1, /^mindloom: invalid_input: .*confidence/);
    await refused(cli, ['add', 'belief', 'x', '--confidence=-0.1'], 1, /^mindloom: invalid_input: .*confidence/);
    await refused(cli, ['add', 'note', 'x', '--confidence', 'high'], 2, /^mindloom: --confidence must be a number/);
  });

  it('invalid state and missing arguments', async () => {
    const { cli } = await freshMind();
    const note = await ok(cli('add', 'note', 'x'));
    await refused(cli, ['restore', note], 1, /^mindloom: invalid_state: /);
    await refused(cli, ['reject', note], 2, /^mindloom: reject needs --reason/);
    await refused(cli, ['add', 'note'], 2, /^mindloom: add needs TEXT/);
    await refused(cli, ['add', 'note', 'two', 'words'], 2, /^mindloom: Unexpected argument "words"/);
    await refused(cli, ['add', 'note', '   '], 1, /^mindloom: invalid_input: .*content/);
    await refused(cli, ['search', 'x', '--limit', '0'], 1, /^mindloom: invalid_input: limit/);
    await refused(cli, ['uncertain', '--threshold', '2'], 1, /^mindloom: invalid_input: threshold/);
  });

  it('a file that is not SQLite: typed error and the file untouched', async () => {
    const dir = tempDir();
    const path = join(dir, 'notes.mind');
    const content = 'this is not a database\n'.repeat(10);
    writeFileSync(path, content);
    for (const argv of [['stats'], ['add', 'note', 'x'], ['show', 'nt_x'], ['init']]) {
      const run = await runCli([...argv, '--mind', path]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^mindloom: not_a_mind: .*notes\.mind is not a SQLite file[^\n]*\n$/);
    }
    expect(readFileSync(path, 'utf8')).toBe(content);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });
});

describe('generate refuses to overwrite', () => {
  it('an existing --out without --force is refused and left as it was', async () => {
    const path = join(tempDir(), 'taken.mind');
    writeFileSync(path, 'precious');
    const run = await runCli(['generate', '--memories', '10', '--out', path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^mindloom: invalid_input: .*taken\.mind already exists; .*--force/);
    expect(readFileSync(path, 'utf8')).toBe('precious');
  });

  it('needs --memories and --out', async () => {
    expect((await runCli(['generate', '--out', join(tempDir(), 'x.mind')])).code).toBe(2);
    expect((await runCli(['generate', '--memories', '10'])).code).toBe(2);
    expect((await runCli(['generate', '--memories', 'ten', '--out', 'x.mind'])).code).toBe(2);
  });
});
