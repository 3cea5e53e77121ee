import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findRun, insertRun } from '../store/consolidation-runs-repo';
import { knownSchemaVersion } from '../store/connection';
import { allMemoryRows, writeOlderMind } from '../store/store-test-support';
import { backupMind, restoreMind } from './backup';
import { checkMindFile } from './check';
import { createMemory } from './create';
import { type Mind, openMind } from './mind';
import { thisProcess } from './run-owner';

const WRITER = fileURLToPath(new URL('./numbered-writer-process.ts', import.meta.url));
const open: Mind[] = [];
afterEach(() => open.splice(0).forEach((mind) => mind.close()));

function tempFolder(): string {
  return mkdtempSync(join(tmpdir(), 'mindloom-backup-'));
}

/** A mind file with `count` notes of some length (a few megabytes: the copy takes many steps). */
function mindWithNotes(dir: string, count: number): string {
  const path = join(dir, 'agent.mindloom');
  const mind = openMind(path);
  mind.store.transaction(() => {
    for (let i = 0; i < count; i++) {
      createMemory(mind, { type: 'note', content: `Seed note ${i}: ${'the retro covered deploys, flaky tests and on-call handover. '.repeat(20)}` }, { actor: 'user' });
    }
  });
  mind.close();
  return path;
}

function numberedNotes(path: string): number[] {
  const mind = openMind(path, { mustExist: true });
  try {
    return allMemoryRows(mind.store.db)
      .map((row) => /^numbered note (\d+)$/.exec(row.content as string)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
  } finally {
    mind.close();
  }
}

describe('backup', () => {
  it('copies a mind another process is writing 1,000 memories into: the copy passes check and holds a consistent prefix', async () => {
    const dir = tempFolder();
    const path = mindWithNotes(dir, 3_000);
    const writer = spawn(process.execPath, ['--import', 'tsx', WRITER, path, '1000'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const writerDone = new Promise<number | null>((resolve) => writer.once('close', resolve));
    let output = '';
    await new Promise<void>((resolve) =>
      writer.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('started')) resolve();
      }),
    );

    const mind = openMind(path, { mustExist: true });
    open.push(mind);
    const progress: { stage: string; done: number; total: number }[] = [];
    const copy = join(dir, 'copy.mindloom');
    const result = await backupMind(mind, copy, { onProgress: (p) => progress.push(p) });
    expect(await writerDone).toBe(0);

    // A sound mind, holding notes 1..k of the writer and none after: a moment of the original.
    const report = checkMindFile(copy);
    expect(report.ok, JSON.stringify(report.checks.filter((c) => !c.ok))).toBe(true);
    const copied = numberedNotes(copy).sort((a, b) => a - b);
    expect(copied).toEqual(Array.from({ length: copied.length }, (_, i) => i + 1));
    expect(result.memories).toBe(3_000 + copied.length);
    expect(numberedNotes(path)).toHaveLength(1_000);
    // The copy was taken while the writer wrote (neither before its first note nor after its last).
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.length).toBeLessThan(1_000);

    // Progress: pages copied, then the copy's own check; nothing but the backup is left in the folder.
    expect(progress.some((p) => p.stage === 'copy' && p.total > 100)).toBe(true);
    expect(progress.at(-1)).toEqual({ stage: 'verify', done: 1, total: 1 });
    expect(readdirSync(dir).sort()).toEqual(['agent.mindloom', 'agent.mindloom-shm', 'agent.mindloom-wal', 'copy.mindloom']);
  }, 120_000);

  it('refuses to overwrite a file (unless told), or to write over the mind itself, leaving nothing behind', async () => {
    const dir = tempFolder();
    const path = mindWithNotes(dir, 5);
    const mind = openMind(path, { mustExist: true });
    open.push(mind);
    const existing = join(dir, 'existing.mindloom');
    writeFileSync(existing, 'keep me');
    await expect(backupMind(mind, existing)).rejects.toMatchObject({ code: 'invalid_state' });
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    await expect(backupMind(mind, path)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(backupMind(mind, join(dir, 'no-such-folder', 'copy.mindloom'))).rejects.toMatchObject({ code: 'not_found' });
    await backupMind(mind, existing, { overwrite: true });
    expect(checkMindFile(existing).ok).toBe(true);
    expect(readdirSync(dir).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('a run going when the copy is taken is interrupted in the copy, and still running in the original', async () => {
    const dir = tempFolder();
    const path = mindWithNotes(dir, 5);
    const mind = openMind(path, { mustExist: true });
    open.push(mind);
    const owner = thisProcess();
    mind.store.transaction(() =>
      insertRun(mind.store.db, {
        id: 'run_0000000000ee',
        trigger: 'manual',
        provider: 'offline',
        status: 'running',
        startedAt: mind.now(),
        ownerHost: owner.host,
        ownerPid: owner.pid,
        ownerStart: owner.start,
      }),
    );
    const copy = join(dir, 'copy.mindloom');
    expect((await backupMind(mind, copy)).interruptedRuns).toEqual(['run_0000000000ee']);
    expect(findRun(mind.store.db, 'run_0000000000ee')?.status).toBe('running');
    const copied = openMind(copy, { mustExist: true });
    open.push(copied);
    expect(findRun(copied.store.db, 'run_0000000000ee')).toMatchObject({ status: 'interrupted', error: expect.stringMatching(/when this backup was taken/) });
  });
});

describe('restore', () => {
  it('refuses to replace a mind without force; with it, keeps the old file beside the restored one', async () => {
    const dir = tempFolder();
    const path = mindWithNotes(dir, 5);
    const mind = openMind(path, { mustExist: true });
    const backup = join(dir, 'backup.mindloom');
    await backupMind(mind, backup);
    createMemory(mind, { type: 'note', content: 'written after the backup' }, { actor: 'user' });
    mind.close();

    expect(() => restoreMind(backup, path)).toThrow(expect.objectContaining({ code: 'invalid_state' }));
    const result = restoreMind(backup, path, { force: true });
    expect(result).toMatchObject({ path, memories: 5, schemaVersion: knownSchemaVersion(), interruptedRuns: [] });
    expect(result.previous).toMatch(/agent\.mindloom\.before-restore-/);
    expect(numberedOrNote(result.previous as string)).toContain('written after the backup');
    expect(numberedOrNote(path)).not.toContain('written after the backup');
    expect(checkMindFile(path).ok).toBe(true);
    expect(existsSync(backup)).toBe(true);
  });

  it('never replaces a mind another program has open', async () => {
    const dir = tempFolder();
    const path = mindWithNotes(dir, 5);
    const backup = join(dir, 'backup.mindloom');
    const mind = openMind(path, { mustExist: true });
    open.push(mind);
    await backupMind(mind, backup);
    expect(() => restoreMind(backup, path, { force: true })).toThrow(expect.objectContaining({ code: 'store_busy' }));
    expect(readdirSync(dir).filter((name) => name.includes('before-restore') || name.includes('restoring'))).toEqual([]);
  });

  it('restores a backup of an older schema into a new file, upgrading it on its first open', () => {
    const dir = tempFolder();
    const backup = join(dir, 'old-backup.mindloom');
    writeOlderMind(dir, backup, knownSchemaVersion() - 1);
    const target = join(dir, 'restored.mindloom');
    expect(restoreMind(backup, target)).toMatchObject({ path: target, previous: null, memories: 0, schemaVersion: knownSchemaVersion() });
    expect(checkMindFile(target).ok).toBe(true);
  });

  it('refuses what is no sound mind', () => {
    const dir = tempFolder();
    const junk = join(dir, 'junk.mindloom');
    writeFileSync(junk, 'not a database');
    expect(() => restoreMind(junk, join(dir, 'target.mindloom'))).toThrow(expect.objectContaining({ code: 'corrupt_file' }));
    expect(() => restoreMind(join(dir, 'missing.mindloom'), join(dir, 'target.mindloom'))).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(existsSync(join(dir, 'target.mindloom'))).toBe(false);
  });
});

function numberedOrNote(path: string): string[] {
  const mind = openMind(path, { mustExist: true });
  try {
    return allMemoryRows(mind.store.db).map((row) => row.content as string);
  } finally {
    mind.close();
  }
}
