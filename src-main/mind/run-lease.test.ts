import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRun, journalOfRun } from '../store/consolidation-runs-repo';
import { appendJournal } from '../store/journal-repo';
import { type Mind, openMind } from './mind';
import { claimRun, liveRun, orphanedRuns } from './run-lease';
import { HEARTBEAT_STALE_MS, thisProcess } from './run-owner';

let mind: Mind | null = null;
afterEach(() => mind?.close());

/** A pid that named a process a moment ago and names none now. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid as number;
}

interface StoredOwner {
  host: string | null;
  pid: number | null;
  start: string | null;
}

/** A mind file holding one `running` run with this owner (this process, unless told otherwise) and a change it committed. */
function runLeftBy(owner: Partial<StoredOwner>, heartbeatAt = Date.now() - 30_000): { path: string; runId: string } {
  const path = join(mkdtempSync(join(tmpdir(), 'mindloom-lease-')), 'lease.mind');
  const writer = openMind(path);
  const runId = 'run_0000000000aa';
  const now = Date.now();
  const { host, pid, start } = { ...thisProcess(), ...owner };
  writer.store.transaction(() => {
    writer.store.db
      .prepare(
        `INSERT INTO consolidation_runs (id, trigger, provider, status, started_at, owner_host, owner_pid, owner_start, heartbeat_at)
         VALUES (?, 'manual', 'offline', 'running', ?, ?, ?, ?, ?)`,
      )
      .run(runId, now - 60_000, host, pid, start, heartbeatAt);
    appendJournal(writer.store.db, { at: now - 40_000, actor: `scheduler:${runId}`, op: 'create', memoryId: 'bl_000000000001', runId });
  });
  writer.close();
  return { path, runId };
}

describe('runs left running', () => {
  it('a run whose process ended is marked interrupted on open, journaled with what it committed', () => {
    const pid = endedPid();
    const { path, runId } = runLeftBy({ pid });
    mind = openMind(path, { mustExist: true });
    expect(mind.interruptedOnOpen).toEqual([{ runId, why: `its process (pid ${pid}) has ended`, committed: 1, byOp: { create: 1 } }]);
    const run = findRun(mind.store.db, runId);
    expect(run?.status).toBe('interrupted');
    expect(run?.stats).toMatchObject({ actions: 1, committed: { create: 1 } });
    // Its end is its last sign of life (the heartbeat, here), not the moment someone noticed.
    expect(run?.finishedAt).toBe(run?.heartbeatAt);
    expect(journalOfRun(mind.store.db, runId).at(-1)).toMatchObject({
      op: 'run_interrupted',
      before: { status: 'running', owner: { pid } },
      after: { status: 'interrupted', committed: 1, byOp: { create: 1 } },
      reason: `its process (pid ${pid}) has ended`,
    });
  });

  it('a run of a live process stays running, and a second run is refused while it holds the mind', () => {
    const { path, runId } = runLeftBy({});
    mind = openMind(path, { mustExist: true });
    expect(mind.interruptedOnOpen).toEqual([]);
    expect(liveRun(mind)?.id).toBe(runId);
    expect(() => claimRun(mind as Mind, { id: 'run_0000000000bb', trigger: 'manual', provider: 'offline' })).toThrow(
      expect.objectContaining({ code: 'invalid_state', details: { runId, ownerPid: process.pid, ownerHost: thisProcess().host } }),
    );
    expect(findRun(mind.store.db, 'run_0000000000bb')).toBeNull();
  });

  it('a live pid that started after the run began is another process: the pid was reused', () => {
    const { path, runId } = runLeftBy({ start: 'another-boot:12345' });
    mind = openMind(path, { mustExist: true });
    expect(mind.interruptedOnOpen.map((i) => [i.runId, i.why])).toEqual([
      [runId, `its process (pid ${process.pid}) has ended; the pid now belongs to another process`],
    ]);
  });

  it('a run without an owner (recorded by an older Mindloom) is held by nobody', () => {
    const { path } = runLeftBy({ host: null, pid: null, start: null });
    mind = openMind(path, { mustExist: true });
    expect(mind.interruptedOnOpen[0]?.why).toMatch(/^no process holds it/);
  });

  it('an owner on another host is judged by its heartbeat', () => {
    const fresh = runLeftBy({ host: 'elsewhere.example' });
    mind = openMind(fresh.path, { mustExist: true });
    expect(mind.interruptedOnOpen).toEqual([]);
    mind.close();

    const silent = runLeftBy({ host: 'elsewhere.example' }, Date.now() - HEARTBEAT_STALE_MS - 60_000);
    mind = openMind(silent.path, { mustExist: true });
    expect(mind.interruptedOnOpen[0]?.why).toMatch(/^its owner \(pid \d+ on elsewhere\.example\) has not been heard from for 6 minutes$/);
  });

  it('a read-only open, or one asked to, leaves the runs as found (check reports them)', () => {
    const pid = endedPid();
    const { path, runId } = runLeftBy({ pid });
    mind = openMind(path, { mustExist: true, leaveRunsAsFound: true });
    expect(mind.interruptedOnOpen).toEqual([]);
    expect(orphanedRuns(mind).map((o) => [o.run.id, o.why])).toEqual([[runId, `its process (pid ${pid}) has ended`]]);
    expect(findRun(mind.store.db, runId)?.status).toBe('running');
    mind.close();
    mind = openMind(path, { readonly: true });
    expect(findRun(mind.store.db, runId)?.status).toBe('running');
  });
});
