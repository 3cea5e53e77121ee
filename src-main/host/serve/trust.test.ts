/** The trust calls over the host: an interrupted run and its revert, backups with their events, and check. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MindEvent } from '../../../shared/contract';
import { backupEpisodes, consolidate, fridayEpisodes } from '../../consolidation/consolidation-test-support';
import { openMind } from '../../mind/mind';
import { thisProcess } from '../../mind/run-owner';
import { reopenRun, skewTallies } from '../../store/damage-test-support';
import { waitFor } from '../../api/api-test-support';
import { readEvents, startTestHost, type TestHost } from './host-test-support';

let host: TestHost | null = null;
let dir = '';
afterEach(async () => {
  await host?.dispose();
  host = null;
  rmSync(dir, { recursive: true, force: true });
});

/** A consolidated mind whose run's process died after its last commit, before writing its end. */
async function mindWithInterruptedRun(): Promise<{ path: string; runId: string; created: number }> {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-trust-'));
  const path = join(dir, 'agent.mindloom');
  const mind = openMind(path);
  try {
    fridayEpisodes(mind);
    backupEpisodes(mind);
    const run = await consolidate(mind);
    reopenRun(mind.store.db, run.runId, spawnSync(process.execPath, ['-e', '']).pid as number, thisProcess().host);
    return { path, runId: run.runId, created: run.created };
  } finally {
    mind.close();
  }
}

describe('an interrupted run through the host', () => {
  it('shows as the last run, interrupted, and reverts once', async () => {
    const { path, runId, created } = await mindWithInterruptedRun();
    expect(created).toBeGreaterThan(0);
    host = await startTestHost({ mindPath: path });

    const overview = await host.call('mind.overview', {});
    expect(overview.body).toMatchObject({
      ok: true,
      value: { lastRun: { id: runId, status: 'interrupted', revertedAt: null, error: expect.stringMatching(/^Interrupted: its process \(pid \d+\) has ended/) } },
    });
    const reverted = await host.call('consolidation.revert', { runId });
    expect(reverted.body).toMatchObject({ ok: true, value: { runId, conflicts: [] } });
    expect((reverted.body as { value: { reverted: number } }).value.reverted).toBeGreaterThanOrEqual(created);
    const status = await host.call('consolidation.status', {});
    expect(status.body).toMatchObject({ ok: true, value: { lastRun: { id: runId, status: 'interrupted', revertedAt: expect.any(String) } } });
    const again = await host.call('consolidation.revert', { runId });
    expect(again.body).toMatchObject({ ok: false, error: { code: 'invalid_state', message: `Run ${runId} was already reverted.` } });
  });
});

describe('backups and check through the host', () => {
  it('backs up into the mind’s backup folder with progress events, lists it, and checks minds', async () => {
    dir = mkdtempSync(join(tmpdir(), 'mindloom-trust-'));
    const path = join(dir, 'agent.mindloom');
    const mind = openMind(path);
    fridayEpisodes(mind);
    mind.close();
    host = await startTestHost({ mindPath: path });
    const events: MindEvent[] = [];
    const stream = await readEvents(`${host.base}/api/events`, host.host.token, events);
    try {
      const backup = await host.call('mind.backup', {});
      expect(backup.body).toMatchObject({ ok: true, value: { memories: 3, path: expect.stringMatching(/agent-backups\/agent-\d{4}-\d{2}-\d{2}-\d{6}\.mindloom$/) } });
      const backupPath = (backup.body as { value: { path: string } }).value.path;
      await waitFor(() => events.some((e) => e.type === 'backup.progress' && e.payload.stage === 'done'), 'the backup’s end as an event');
      const stages = events.flatMap((e) => (e.type === 'backup.progress' ? [e.payload.stage] : []));
      expect(stages[0]).toBe('copy');
      expect(stages.slice(-3)).toEqual(['verify', 'verify', 'done']);

      const listed = await host.call('mind.backups', {});
      expect(listed.body).toMatchObject({
        ok: true,
        value: { folder: join(dir, 'agent-backups'), backups: [{ path: backupPath, automatic: false, bytes: expect.any(Number) }] },
      });

      const failing = await host.call('mind.backup', { path: backupPath });
      expect(failing.body).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
      await waitFor(() => events.some((e) => e.type === 'backup.progress' && e.payload.stage === 'failed'), 'the failure as an event');

      expect((await host.call('mind.check', {})).body).toMatchObject({ ok: true, value: { ok: true, path } });
      const copy = openMind(backupPath, { mustExist: true });
      skewTallies(copy.store.db);
      copy.close();
      expect((await host.call('mind.check', { path: backupPath })).body).toMatchObject({ ok: true, value: { ok: false, path: backupPath } });
      expect((await host.call('mind.check', { path: backupPath, repair: true })).body).toMatchObject({ ok: true, value: { ok: true, repaired: true } });
    } finally {
      stream.stop();
    }
  });
});
