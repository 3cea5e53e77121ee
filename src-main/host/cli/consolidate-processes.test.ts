/**
 * Runs across processes: a `mindloom consolidate` killed with SIGKILL mid-run is found
 * `interrupted` by whoever opens the mind next, can be reverted, and the next run resumes from
 * the checkpoint; two processes starting a run on one file at once: one runs, the other is refused.
 * Every process here is a real `mindloom` (its consolidation in its worker thread).
 */
import { describe, expect, it } from 'vitest';
import { openMind } from '../../mind/mind';
import { findMemoryById } from '../../store/memories-repo';
import { findRun, journalOfRun, listRuns } from '../../store/consolidation-runs-repo';
import { startCli } from './cli-process-support';
import { runCli } from './cli-test-kit';
import { episodesSinceCheckpoint } from '../../consolidation/checkpoint';
import { revertRun } from '../../consolidation/revert';
import { tempMind, withMind } from '../../consolidation/scheduler-test-support';
import { startWorkerRun } from '../../consolidation/worker-run';
import { readSettings } from '../../consolidation/settings-store';

const BIG_BUDGET = { budget: { maxClustersPerCycle: 100_000, maxCycleMs: 3_600_000 } };
const integrity = (path: string) => withMind(path, (mind) => mind.store.db.pragma('integrity_check', { simple: true }));

describe('a run whose process is killed', () => {
  it('is found interrupted on the next open, reverts like a finished run, and the next run resumes from the checkpoint', async () => {
    const path = tempMind(1_500, BIG_BUDGET);
    const cli = startCli(['consolidate', '--json', '--mind', path]);
    // The CLI reports each tenth of the match stage: at 10% a tenth of the clusters are committed.
    const line = await cli.waitForStderr(/consolidate: match [1-9]0% \(\d+\/\d+\)/);
    cli.child.kill('SIGKILL');
    expect(await cli.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const [, committedClusters, totalClusters] = /\((\d+)\/(\d+)\)/.exec(line)?.map(Number) ?? [];

    // The next command to open the mind finds the run its dead process left `running`, and says so.
    const stats = await runCli(['stats', '--mind', path]);
    expect(stats.code).toBe(0);
    const note = /^mindloom: note: consolidation run (run_\w+) was interrupted \(its process \(pid (\d+)\) has ended\) after committing (\d+) changes; .* `mindloom consolidate --revert \1` undoes what it did\.$/m.exec(
      stats.stderr,
    );
    expect(note, stats.stderr).not.toBeNull();
    const [, runId = '', pid, committed] = note ?? [];
    expect(Number(pid)).toBe(cli.child.pid);
    expect(Number(committed)).toBeGreaterThan(0);

    const mind = openMind(path, { mustExist: true });
    try {
      expect(mind.interruptedOnOpen).toEqual([]);
      const run = findRun(mind.store.db, runId);
      expect(run).toMatchObject({ status: 'interrupted', revertedAt: null, error: expect.stringMatching(/^Interrupted: its process/) });
      expect(run?.finishedAt).not.toBeNull();
      const journal = journalOfRun(mind.store.db, runId);
      expect(journal.at(-1)).toMatchObject({
        op: 'run_interrupted',
        actor: `scheduler:${runId}`,
        memoryId: null,
        after: { status: 'interrupted', committed: Number(committed) },
      });
      expect(mind.store.db.pragma('integrity_check', { simple: true })).toBe('ok');

      // Put back: every belief it created is archived again, journaled as a revert.
      const created = journal.filter((row) => row.op === 'create' && row.memoryId?.startsWith('bl_')).map((row) => row.memoryId as string);
      expect(created.length).toBeGreaterThan(0);
      const reverted = revertRun(mind, runId, { actor: 'user' });
      expect(reverted).toMatchObject({ runId, conflicts: [] });
      expect(reverted.reverted).toBeGreaterThan(0);
      for (const id of created) expect(findMemoryById(mind.store.db, id)?.status).toBe('archived');
      expect(findRun(mind.store.db, runId)?.revertedAt).not.toBeNull();
    } finally {
      mind.close();
    }

    // The next run picks up where the killed one stopped: the clusters it committed are not done again.
    const rerun = await startWorkerRun({ mindPath: path, trigger: 'manual', dryRun: false, settings: withMind(path, readSettings), secrets: {} })
      .result;
    expect(rerun.status).toBe('completed');
    expect(committedClusters).toBeGreaterThan(0);
    expect(rerun.clustersFound).toBeLessThanOrEqual((totalClusters as number) - (committedClusters as number));
    expect(withMind(path, episodesSinceCheckpoint)).toBe(0);
    expect(integrity(path)).toBe('ok');
  });
});

describe('two processes starting a run on one mind at once', () => {
  it('one runs it; the other is refused, and nothing is left running', async () => {
    const path = tempMind(1_500, BIG_BUDGET);
    const racers = [startCli(['consolidate', '--json', '--mind', path]), startCli(['consolidate', '--json', '--mind', path])];
    const ends = await Promise.all(racers.map((racer) => racer.exited));
    const winners = racers.filter((_, i) => ends[i]?.code === 0);
    const losers = racers.filter((_, i) => ends[i]?.code === 1);
    expect(winners, racers.map((r) => r.stderr()).join('\n---\n')).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(JSON.parse((winners[0] as (typeof racers)[number]).stdout())).toMatchObject({ status: 'completed' });
    expect(losers[0]?.stdout()).toBe('');
    expect(losers[0]?.stderr()).toMatch(/mindloom: invalid_state: A consolidation run is already running on this mind \(run_\w+, process \d+/);

    const runs = withMind(path, (mind) => listRuns(mind.store.db, 10));
    expect(runs.map((run) => run.status)).toEqual(['completed']);
    expect(integrity(path)).toBe('ok');
  });
});
