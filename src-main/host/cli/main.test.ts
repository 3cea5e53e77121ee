import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshMind, ok, runCli, tempDir } from './cli-test-kit';
import { COMMANDS } from './commands/registry';

describe('mindloom usage', () => {
  it('--help and no command list every command on stdout', async () => {
    for (const argv of [['--help'], [], ['help'], ['-h']]) {
      const run = await runCli(argv);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      for (const command of COMMANDS) expect(run.stdout).toContain(`  ${command.name}`);
      expect(run.stdout).toContain('MINDLOOM_MIND');
    }
  });

  it('a command --help prints that command usage', async () => {
    const run = await runCli(['show', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('mindloom show ID [--as-of ISO]');
  });

  it('unknown commands and options are usage errors (exit 2, one line, nothing on stdout)', async () => {
    for (const argv of [['frobnicate'], ['stats', '--bogus', '--mind', 'x.mind'], ['show']]) {
      const run = await runCli(argv);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^mindloom: [^\n]+\n$/);
    }
  });

  it('needs a mind: --mind or MINDLOOM_MIND', async () => {
    const run = await runCli(['stats']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('mindloom: No mind given: pass --mind FILE or set MINDLOOM_MIND.\n');
  });

  it('finds the command wherever it sits among the options', async () => {
    const { path } = await freshMind();
    const stats = JSON.parse(await ok(runCli(['--mind', path, 'stats']))) as { total: number };
    expect(stats.total).toBe(0);
  });
});

describe('mindloom init', () => {
  it('creates the mind, prints its path, then opens it and says so', async () => {
    const path = join(tempDir(), 'new.mind');
    const first = await runCli(['init', '--mind', path]);
    expect(first).toEqual({ code: 0, stdout: `${path}\n`, stderr: '' });
    expect(existsSync(path)).toBe(true);
    const second = await runCli(['init', '--mind', path]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Opened existing mind .*new\.mind \(schema v\d+, up to date\)\.\n$/);
  });

  it('--json gives path and schema version; MINDLOOM_MIND names the file', async () => {
    const path = join(tempDir(), 'env.mind');
    const run = await runCli(['init', '--json'], { MINDLOOM_MIND: path });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { path: string; schemaVersion: number; created: boolean };
    expect(out).toMatchObject({ path, created: true });
    expect(out.schemaVersion).toBeGreaterThan(0);
    const stats = await runCli(['stats'], { MINDLOOM_MIND: path });
    expect(JSON.parse(stats.stdout)).toMatchObject({ total: 0 });
  });

  it('--mind wins over MINDLOOM_MIND', async () => {
    const { path } = await freshMind();
    const run = await runCli(['stats', '--mind', path], { MINDLOOM_MIND: join(tempDir(), 'absent.mind') });
    expect(run.code).toBe(0);
  });

  it('refuses a file that is not a mind and leaves it untouched', async () => {
    const dir = tempDir();
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'just some notes\n');
    const run = await runCli(['init', '--mind', path]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^mindloom: not_a_mind: .*notes\.txt is not a SQLite file/);
  });

  it('commands other than init refuse a missing mind and create nothing', async () => {
    const path = join(tempDir(), 'absent.mind');
    const run = await runCli(['stats', '--mind', path]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^mindloom: not_found: No mind file at /);
    expect(existsSync(path)).toBe(false);
  });
});
