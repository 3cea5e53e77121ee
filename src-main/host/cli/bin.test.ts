/**
 * The packaged path end to end: the esbuild bundle behind bin/mindloom.js, run as a real process
 * (migrations found beside the package, native modules loaded from node_modules).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempMind } from '../../consolidation/scheduler-test-support';
import { tempDir } from './cli-test-kit';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin', 'mindloom.js');

function mindloom(...args: string[]) {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: tempDir(), encoding: 'utf8', env: { ...process.env, MINDLOOM_MIND: '' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('bin/mindloom.js', () => {
  beforeAll(() => {
    // Always rebuild: a stale bundle would test old code.
    execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'pipe' });
  }, 120_000);

  it('prints usage', () => {
    const run = mindloom('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: mindloom COMMAND');
  });

  it('init, add, show, and bad input writing nothing', () => {
    const path = join(tempDir(), 'packaged.mind');
    const init = mindloom('init', '--mind', path);
    expect(init).toMatchObject({ code: 0, stdout: `${path}\n`, stderr: '' });

    const add = mindloom('add', 'belief', 'Packaged CLIs work', '--mind', path, '--field', 'subject=cli');
    expect(add.code, add.stderr).toBe(0);
    const id = add.stdout.trim();
    expect(id).toMatch(/^bl_[0-9a-f]{12}$/);

    const show = mindloom('show', id, '--mind', path);
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ id, type: 'belief', content: 'Packaged CLIs work', fields: { subject: 'cli' } });

    const journal = () => (JSON.parse(mindloom('stats', '--json', '--mind', path).stdout) as { journalEntries: number }).journalEntries;
    const before = journal();
    const bad = mindloom('add', 'note', 'x', '--confidence', '1.5', '--mind', path);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^mindloom: invalid_input: [^\n]*\n$/);
    expect(journal()).toBe(before);
  });

  it('consolidate starts its worker from the bundle beside the CLI', () => {
    const path = tempMind(12);
    const run = mindloom('consolidate', '--json', '--mind', path);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed' });
    expect(run.stderr).toContain('consolidate: checkpoint 100%');
  });

  it('Ctrl-C during consolidate cancels the run cleanly: it ends cancelled and prints its summary', async () => {
    const path = tempMind(1_500, { budget: { maxClustersPerCycle: 100_000 } });
    const child = spawn(process.execPath, [bin, 'consolidate', '--json', '--mind', path], { cwd: tempDir() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('consolidate: match') && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('consolidate: cancelling…');
    expect(JSON.parse(stdout)).toMatchObject({ status: 'cancelled' });
  });
});
