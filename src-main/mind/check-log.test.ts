/**
 * `check` looks at what a mind's connections do not: its write-ahead log, as it lies beside the
 * file while another process holds the mind open with writes still in it, and who that process is.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckName, CheckReport } from '../../shared/contract/trust';
import { checkMindFile } from './check';
import { openMind } from './mind';
import { startTestProcess, type TestProcess } from './process-test-support';

const holders: TestProcess[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const holder of holders.splice(0)) await holder.stop();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A mind another process holds open, with `notes` writes of its own still in the log. */
async function heldMind(notes: number): Promise<{ path: string; holder: TestProcess }> {
  const folder = mkdtempSync(join(tmpdir(), 'mindloom-check-log-'));
  folders.push(folder);
  const path = join(folder, 'held.mindloom');
  openMind(path).close();
  const holder = startTestProcess('holder-process', [path, String(notes)]);
  holders.push(holder);
  await holder.printed('holding');
  return { path, holder };
}

const checkOf = (report: CheckReport, name: CheckName) => report.checks.find((check) => check.name === name);

describe('check and the write-ahead log', () => {
  it('finds a sound log with its frames, and names the other process holding the mind', async () => {
    const { path, holder } = await heldMind(20);
    const report = checkMindFile(path);
    expect(checkOf(report, 'write_ahead_log')).toMatchObject({ ok: true, problems: 0 });
    expect(checkOf(report, 'write_ahead_log')?.summary).toMatch(/sound \([1-9]\d* committed frames\)/);
    const others = checkOf(report, 'other_processes');
    expect(others?.ok).toBe(true);
    expect(others?.samples).toContainEqual(expect.objectContaining({ pid: holder.child.pid }));
    expect(others?.summary).toContain(`pid ${holder.child.pid}`);
    expect(report.ok).toBe(true);
  });

  it('reports a log something else was written over (an export, as in issue 27): its writes are lost', async () => {
    const { path } = await heldMind(20);
    writeFileSync(`${path}-wal`, `${JSON.stringify({ format: 'mindloom-json', table: 'memories' })}\n`.repeat(400));
    const report = checkMindFile(path);
    expect(report.ok).toBe(false);
    expect(checkOf(report, 'write_ahead_log')).toMatchObject({ ok: false, problems: 1, repairable: false });
    expect(checkOf(report, 'write_ahead_log')?.samples[0]?.message).toContain('does not begin as one');
  });

  it('reports a frame damaged in the middle of the log, with commits after it', async () => {
    const { path } = await heldMind(40);
    const log = readFileSync(`${path}-wal`);
    const pageSize = log.readUInt32BE(8);
    // The third frame's page: its checksum no longer holds, and frames of the same generation follow it.
    const third = 32 + 2 * (24 + pageSize) + 24 + 100;
    log[third] = (log[third] as number) ^ 0xff;
    writeFileSync(`${path}-wal`, log);
    const report = checkMindFile(path);
    expect(checkOf(report, 'write_ahead_log')).toMatchObject({ ok: false, problems: 1 });
    expect(checkOf(report, 'write_ahead_log')?.samples[0]?.message).toMatch(/damaged at frame 3 of \d+/);
  });

  it('without another process, says no one else has it open', () => {
    const folder = mkdtempSync(join(tmpdir(), 'mindloom-check-log-'));
    folders.push(folder);
    const path = join(folder, 'alone.mindloom');
    openMind(path).close();
    expect(checkOf(checkMindFile(path), 'other_processes')?.summary).toBe('no other process has the mind open');
  });
});
