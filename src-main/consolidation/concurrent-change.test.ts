/**
 * The worker plans on its own picture of the mind while the main process keeps writing. A belief
 * archived (or forgotten) between a plan and its commit must not fail the whole run: the step is
 * skipped with its reason, and its episodes wait for the next run.
 */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../mind/create';
import { archiveMemory } from '../mind/lifecycle';
import { freshMind, USER } from '../mind/test-support';
import { findRun } from '../store/consolidation-runs-repo';
import { findMemoryById } from '../store/memories-repo';
import { episodesSinceCheckpoint } from './checkpoint';
import { consolidate, fridayEpisodes, settingsWith } from './consolidation-test-support';
import { getProposals } from './proposals';
import type { RunProgress, RunStage } from './run-types';

/** Another writer's change, landing between a step's plan and its commit (the progress report sits just there). */
function changeOnce(stage: RunStage, change: () => void): (progress: RunProgress) => void {
  let changed = false;
  return (progress) => {
    if (changed || progress.stage !== stage) return;
    changed = true;
    change();
  };
}

describe('a belief changed by another writer while the run plans', () => {
  it('archived before a reinforcement commits: the cluster is skipped, the run completes, the next run takes the episodes', async () => {
    const { mind } = freshMind();
    const known = createMemory(mind, { type: 'belief', content: 'Friday deploys break the build' }, USER);
    fridayEpisodes(mind);
    const summary = await consolidate(mind, { onProgress: changeOnce('match', () => archiveMemory(mind, known.id, USER)) });
    expect(summary.status).toBe('completed');
    expect(summary.reinforced).toBe(0);
    expect(summary.skipped).toEqual([expect.objectContaining({ reason: expect.stringMatching(new RegExp(`${known.id} is archived`)) })]);
    expect(findRun(mind.store.db, summary.runId)?.status).toBe('completed');
    expect(findMemoryById(mind.store.db, known.id)).toMatchObject({ status: 'archived', alpha: 1 });
    expect(episodesSinceCheckpoint(mind)).toBe(3);

    const next = await consolidate(mind);
    expect(next).toMatchObject({ status: 'completed', created: 1 });
    expect(episodesSinceCheckpoint(mind)).toBe(0);
  });

  it('archived before an auto-applied proposal commits: the proposal is skipped, not the run', async () => {
    const { mind, clock } = freshMind();
    const weak = createMemory(mind, { type: 'belief', content: 'Nobody reads the changelog' }, USER);
    clock.advance(91 * 86_400_000);
    fridayEpisodes(mind);
    const summary = await consolidate(mind, {
      settings: settingsWith({ autoApplyProposals: true }),
      onProgress: changeOnce('gates', () => archiveMemory(mind, weak.id, USER)),
    });
    expect(summary.status).toBe('completed');
    expect(summary.proposals).toBe(0);
    expect(summary.actions.map((a) => a.op)).toEqual(['create_belief']);
    expect(summary.skipped).toEqual([expect.objectContaining({ reason: expect.stringMatching(new RegExp(`${weak.id} is archived`)) })]);
    expect(getProposals(mind, { status: null })).toEqual([]);
  });
});
