import { describe, expect, it } from 'vitest';
import { addEpisodes, tempMind, withMind } from '../../../consolidation/scheduler-test-support';
import { journalOfRun } from '../../../store/consolidation-runs-repo';
import { ok, runCli } from '../cli-test-kit';

interface SummaryJson {
  runId: string;
  status: string;
  clustersFound: number;
  created: number;
  reinforced: number;
  contradicted: number;
  proposals: number;
  droppedByRejection: number;
  durationMs: number;
  skipped: unknown[];
  actions?: { op: string; memoryId: string | null; summary: string }[];
}

const stats = async (path: string) =>
  JSON.parse(await ok(runCli(['stats', '--json', '--mind', path]))) as { journalEntries: number; byType: Record<string, number> };

describe('mindloom consolidate', () => {
  it('--json runs one consolidation in the worker and prints its summary; progress goes to stderr', async () => {
    const path = tempMind(25);
    const before = await stats(path);
    const run = await runCli(['consolidate', '--json', '--mind', path]);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as SummaryJson;
    expect(Object.keys(summary)).toEqual([
      'runId', 'status', 'clustersFound', 'created', 'reinforced', 'contradicted', 'proposals', 'droppedByRejection', 'durationMs', 'skipped',
    ]);
    expect(summary.runId).toMatch(/^run_[0-9a-f]{12}$/);
    expect(summary.status).toBe('completed');
    expect(summary.clustersFound).toBeGreaterThan(0);
    expect(summary.created).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/^(consolidate: [a-z]+( \d+% \(\d+\/\d+\)|…)\n)+$/);
    expect(run.stderr).toContain('consolidate: checkpoint 100% (1/1)');

    const after = await stats(path);
    expect(after.byType.belief ?? 0).toBe((before.byType.belief ?? 0) + summary.created);
    expect(after.journalEntries).toBeGreaterThan(before.journalEntries);

    // Nothing new waits: a second run finds no clusters.
    const again = JSON.parse(await ok(runCli(['consolidate', '--json', '--mind', path]))) as SummaryJson;
    expect(again).toMatchObject({ status: 'completed', clustersFound: 0, created: 0 });
  });

  it('prints a readable summary without --json', async () => {
    const path = tempMind(10);
    const out = await ok(runCli(['consolidate', '--mind', path]));
    expect(out).toMatch(/^Run run_[0-9a-f]{12}: completed in [\d.]+ s\n/);
    expect(out).toMatch(/\n {2}clusters found +\d+\n/);
    expect(out).toMatch(/\n {2}beliefs created +[1-9]\d*\n/);
  });

  it('--dry-run lists what it would do and writes nothing', async () => {
    const path = tempMind(25);
    const before = await stats(path);
    const summary = JSON.parse(await ok(runCli(['consolidate', '--dry-run', '--json', '--mind', path]))) as SummaryJson;
    expect(summary.status).toBe('dry_run');
    expect(summary.created).toBeGreaterThan(0);
    expect(summary.actions?.filter((a) => a.op === 'create_belief')).toHaveLength(summary.created);
    expect(await stats(path)).toEqual(before);

    const text = await ok(runCli(['consolidate', '--dry-run', '--mind', path]));
    expect(text).toMatch(/^Dry run run_[0-9a-f]{12} \(nothing written\)/);
    expect(text).toMatch(/\nOP +MEMORY +WHAT\n/);
    expect(await stats(path)).toEqual(before);
  });

  it('--revert undoes a run, and names what changed since instead of overwriting it', async () => {
    const path = tempMind(25);
    const before = await stats(path);
    const first = JSON.parse(await ok(runCli(['consolidate', '--json', '--mind', path]))) as SummaryJson;
    expect(first.created).toBeGreaterThan(0);

    const reverted = JSON.parse(await ok(runCli(['consolidate', '--revert', first.runId, '--json', '--mind', path]))) as {
      runId: string;
      reverted: number;
      conflicts: unknown[];
    };
    expect(reverted).toMatchObject({ runId: first.runId, conflicts: [] });
    expect(reverted.reverted).toBeGreaterThan(0);
    // The beliefs the run created are archived (the journal only grows; nothing is deleted).
    const firstBeliefs = beliefsOfRun(path, first.runId);
    expect(firstBeliefs).toHaveLength(first.created);
    for (const id of firstBeliefs) {
      expect(JSON.parse(await ok(runCli(['show', id, '--json', '--mind', path])))).toMatchObject({ id, status: 'archived' });
    }
    expect((await stats(path)).journalEntries).toBeGreaterThan(before.journalEntries);

    // A run whose belief a person verified afterwards: the revert leaves that belief alone.
    addEpisodes(path, 25, 100);
    const second = JSON.parse(await ok(runCli(['consolidate', '--dry-run', '--json', '--mind', path]))) as SummaryJson;
    expect(second.created).toBeGreaterThan(0);
    const real = JSON.parse(await ok(runCli(['consolidate', '--json', '--mind', path]))) as SummaryJson;
    const created = beliefsOfRun(path, real.runId);
    const touched = created[0] as string;
    await ok(runCli(['verify', touched, '--mind', path]));
    const text = await ok(runCli(['consolidate', '--revert', real.runId, '--mind', path]));
    expect(text).toMatch(new RegExp(`^Reverted \\d+ changes? of ${real.runId}\\.\\nLeft as they are`));
    expect(text).toContain(touched);
    expect(JSON.parse(await ok(runCli(['show', touched, '--json', '--mind', path])))).toMatchObject({ id: touched, status: 'active' });
  });

  it('refuses bad usage with exit 2, and reports a failing run as the others report errors', async () => {
    const path = tempMind(3);
    const bad = await runCli(['consolidate', '--provider', 'gpt', '--mind', path]);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toMatch(/^mindloom: --provider must be one of offline, openai, agent, not "gpt"\.\n$/);

    const mixed = await runCli(['consolidate', '--revert', 'run_000000000000', '--dry-run', '--mind', path]);
    expect(mixed).toMatchObject({ code: 2, stdout: '' });

    const unknown = await runCli(['consolidate', '--revert', 'run_000000000000', '--mind', path]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^mindloom: not_found: [^\n]+\n$/);

    const before = await stats(path);
    const noKey = await runCli(['consolidate', '--provider', 'openai', '--mind', path], {});
    expect(noKey).toMatchObject({ code: 1, stdout: '' });
    expect(noKey.stderr).toMatch(/^mindloom: invalid_input: The openai provider needs an API key[^\n]*\n$/);
    expect((await stats(path)).journalEntries).toBe(before.journalEntries);
  });
});

/** The beliefs a run created, from its journal rows. */
function beliefsOfRun(path: string, runId: string): string[] {
  return withMind(path, (mind) =>
    journalOfRun(mind.store.db, runId)
      .filter((entry) => entry.op === 'create' && entry.memoryId?.startsWith('bl_'))
      .map((entry) => entry.memoryId as string),
  );
}
