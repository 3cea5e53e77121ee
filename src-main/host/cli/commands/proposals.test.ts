import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../../mind/create';
import { openMind } from '../../../mind/mind';
import { ok, runCli } from '../cli-test-kit';

const DAY_MS = 86_400_000;

/** Two beliefs nobody has reinforced for 100 days: the archive gate proposes both. */
function mindWithStaleBeliefs(): { path: string; ids: string[] } {
  const path = join(mkdtempSync(join(tmpdir(), 'mindloom-proposals-')), 'test.mind');
  const longAgo = Date.now() - 100 * DAY_MS;
  const mind = openMind(path, { clock: () => longAgo });
  try {
    const ids = ['Nobody reads the changelog', 'The staging database is reset on Mondays'].map(
      (content) => createMemory(mind, { type: 'belief', content }, { actor: 'user' }).id,
    );
    return { path, ids };
  } finally {
    mind.close();
  }
}

interface ProposalJson {
  id: string;
  kind: string;
  status: string;
  targets: { id: string }[];
}

describe('mindloom proposals, approve pr_…, reject pr_…', () => {
  it('lists what consolidation proposes; approving applies it, rejecting leaves the mind as it was', async () => {
    const { path, ids } = mindWithStaleBeliefs();
    const summary = JSON.parse(await ok(runCli(['consolidate', '--json', '--mind', path]))) as { proposals: number };
    expect(summary.proposals).toBe(2);

    const pending = JSON.parse(await ok(runCli(['proposals', '--json', '--mind', path]))) as ProposalJson[];
    expect(pending.map((p) => [p.kind, p.status, p.targets[0]?.id]).sort()).toEqual(ids.map((id) => ['archive', 'pending', id]).sort());
    const table = await ok(runCli(['proposals', '--mind', path]));
    expect(table).toContain('archive the target');

    const [first, second] = pending as [ProposalJson, ProposalJson];
    expect(await ok(runCli(['approve', first.id, '--mind', path]))).toBe(`Approved ${first.id}.`);
    expect(await ok(runCli(['reject', second.id, '--reason', 'still true', '--mind', path]))).toBe(`Rejected ${second.id}; nothing changed.`);

    const shown = async (id: string) => (JSON.parse(await ok(runCli(['show', id, '--json', '--mind', path]))) as { status: string }).status;
    expect(await shown(first.targets[0]?.id ?? '')).toBe('archived');
    expect(await shown(second.targets[0]?.id ?? '')).toBe('active');
    expect(await ok(runCli(['proposals', '--mind', path]))).toBe('No pending proposals.');
    const rejected = JSON.parse(await ok(runCli(['proposals', '--status', 'rejected', '--json', '--mind', path]))) as ProposalJson[];
    expect(rejected.map((p) => p.id)).toEqual([second.id]);
  });

  it('refuses an unknown status, a decided proposal and a rejection without reason', async () => {
    const { path } = mindWithStaleBeliefs();
    await ok(runCli(['consolidate', '--json', '--mind', path]));
    const [proposal] = JSON.parse(await ok(runCli(['proposals', '--json', '--mind', path]))) as ProposalJson[];
    expect((await runCli(['proposals', '--status', 'maybe', '--mind', path])).code).toBe(2);
    expect((await runCli(['reject', proposal?.id ?? '', '--mind', path])).code).toBe(2);
    await ok(runCli(['approve', proposal?.id ?? '', '--mind', path]));
    const again = await runCli(['approve', proposal?.id ?? '', '--mind', path]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^mindloom: invalid_state: /);
  });
});
