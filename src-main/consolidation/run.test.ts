/** The pipeline end to end on real minds, through the seed's checklist and edge cases. */
import { describe, expect, it } from 'vitest';
import { EPISODE_COUNT_CAP } from '../../shared/consolidation-runs';
import { SettingsPatchSchema } from '../../shared/settings';
import { createMemory } from '../mind/create';
import { rejectMemory } from '../mind/review';
import { DAY_MS, freshMind, USER } from '../mind/test-support';
import { journalOfRun, findRun } from '../store/consolidation-runs-repo';
import { findMemoryById } from '../store/memories-repo';
import { linksFrom } from '../store/links-repo';
import { countRows } from '../store/store-test-support';
import { episodesSinceCheckpoint } from './checkpoint';
import { AGENT, backupEpisodes, consolidate, episode, fridayEpisodes, settingsWith } from './consolidation-test-support';
import { getProposals } from './proposals';
import type { RunProgress } from './run-types';

const beliefs = (mind: ReturnType<typeof freshMind>['mind'], statement: string) =>
  createMemory(mind, { type: 'belief', content: statement }, USER);

describe('consolidation run', () => {
  it('on an empty mind is a no-op that still records a completed run', async () => {
    const { mind } = freshMind();
    const summary = await consolidate(mind);
    expect(summary).toMatchObject({ status: 'completed', clustersFound: 0, created: 0, actions: [] });
    expect(findRun(mind.store.db, summary.runId)?.status).toBe('completed');
    expect(countRows(mind.store.db, 'memory_vectors')).toBe(0);
  });

  it('counts waiting episodes up to the cap, and the every-N setting stays within it', () => {
    const { mind } = freshMind();
    for (let i = 0; i <= EPISODE_COUNT_CAP; i++) episode(mind, `Checked the nightly export ${i}`, 'it ran');
    expect(episodesSinceCheckpoint(mind)).toBe(EPISODE_COUNT_CAP);
    expect(SettingsPatchSchema.safeParse({ scheduler: { everyEpisodes: EPISODE_COUNT_CAP } }).success).toBe(true);
    expect(SettingsPatchSchema.safeParse({ scheduler: { everyEpisodes: EPISODE_COUNT_CAP + 1 } }).success).toBe(false);
  });

  it('first consolidation ever: a cluster of 3 becomes a pending belief with α = 1 + N, derived from and supported by them', async () => {
    const { mind } = freshMind();
    const eps = fridayEpisodes(mind);
    expect(episodesSinceCheckpoint(mind)).toBe(3);
    const summary = await consolidate(mind);
    expect(summary).toMatchObject({ status: 'completed', clustersFound: 1, created: 1 });
    const [action] = summary.actions;
    const belief = findMemoryById(mind.store.db, action?.memoryId ?? '');
    expect(belief).toMatchObject({
      type: 'belief',
      content: 'Friday deploys break the build.',
      alpha: 4,
      beta: 1,
      confidence: 0.8,
      sourceType: 'consolidation',
      reviewStatus: 'pending',
      fields: { subject: 'friday', predicate: 'deploys break the build', context: 'general', timeframe: 'current' },
    });
    const linked = (kind: 'evidence' | 'derived_from') =>
      linksFrom(mind.store.db, belief?.seq ?? 0, [kind]).map((l) => l.toSeq).sort();
    expect(linked('evidence')).toEqual(eps.map((e) => e.seq));
    expect(linked('derived_from')).toEqual(eps.map((e) => e.seq));
    expect(episodesSinceCheckpoint(mind)).toBe(0);
    // Every row the run wrote carries its id and its actor.
    const rows = journalOfRun(mind.store.db, summary.runId);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.actor))).toEqual(new Set([`scheduler:${summary.runId}`]));
  });

  it('a singleton episode (or a pair) creates no belief, and counts as handled (lookback.test.ts: later runs may still cluster it)', async () => {
    const { mind } = freshMind();
    episode(mind, 'Reviewed the onboarding docs', 'found typos', ['docs need a spell check']);
    episode(mind, 'Rotated the staging certificates', 'done', ['certificates expire quietly']);
    const summary = await consolidate(mind);
    expect(summary).toMatchObject({ status: 'completed', clustersFound: 0, created: 0 });
    expect(episodesSinceCheckpoint(mind)).toBe(0);
  });

  it('new episodes of a known lesson reinforce the belief (α+1 each, evidence linked)', async () => {
    const { mind } = freshMind();
    fridayEpisodes(mind);
    const first = await consolidate(mind);
    const beliefId = first.actions[0]?.memoryId ?? '';
    const more = fridayEpisodes(mind);
    const second = await consolidate(mind);
    expect(second).toMatchObject({ created: 0, reinforced: 1 });
    expect(second.actions[0]).toMatchObject({ op: 'reinforce', memoryId: beliefId });
    const belief = findMemoryById(mind.store.db, beliefId);
    expect(belief).toMatchObject({ alpha: 7, beta: 1, timesReinforced: 3 });
    expect(belief?.lastReinforcedAt).toBe(mind.now());
    const evidence = linksFrom(mind.store.db, belief?.seq ?? 0, ['evidence']).map((l) => l.toSeq);
    for (const e of more) expect(evidence).toContain(e.seq);
  });

  it('a negated lesson close in wording is classified as a contradiction, not reinforcement', async () => {
    const { mind } = freshMind();
    const belief = beliefs(mind, 'Friday deploys always break the build');
    const against = [
      episode(mind, 'Deployed payments on Friday', 'nothing broke', ['Friday deploys never break the build']),
      episode(mind, 'Deployed search on a Friday', 'all green', ['Friday deploys never break the build']),
      episode(mind, 'Friday deploy of billing', 'fine', ['Friday deploys never break the build']),
    ];
    const summary = await consolidate(mind);
    expect(summary).toMatchObject({ contradicted: 1, reinforced: 0, created: 0 });
    const after = findMemoryById(mind.store.db, belief.id);
    expect(after).toMatchObject({ alpha: 1, beta: 4, confidence: 0.2 });
    expect(linksFrom(mind.store.db, belief.seq, ['counter_evidence']).map((l) => l.toSeq).sort((x, y) => x - y)).toEqual(against.map((e) => e.seq));
  });

  it('a contradiction storm of 10 does not over-revise: one revision proposal at most, nothing applied', async () => {
    const { mind, clock } = freshMind();
    for (let i = 0; i < 2; i += 1) {
      episode(mind, `Deployed payments on Friday ${i}`, 'the build broke', ['Friday deploys always break the build']);
      episode(mind, `Deployed search on a Friday ${i}`, 'build broke', ['Friday deploys always break the build']);
      episode(mind, `Friday deploy of billing ${i}`, 'the build broke', ['Friday deploys always break the build']);
    }
    const first = await consolidate(mind);
    const beliefId = first.actions.find((a) => a.op === 'create_belief')?.memoryId ?? '';
    expect(findMemoryById(mind.store.db, beliefId)).toMatchObject({ alpha: 7, beta: 1 });
    const stormRuns = [];
    for (let round = 0; round < 4; round += 1) {
      clock.advance(DAY_MS);
      const size = round < 3 ? 3 : 1;
      for (let i = 0; i < size; i += 1) {
        episode(mind, `Deployed service ${round}-${i} on Friday`, 'nothing broke', ['Friday deploys never break the build']);
      }
      if (size === 1) {
        episode(mind, 'Deployed the docs site on Friday', 'nothing broke', ['Friday deploys never break the build']);
        episode(mind, 'Deployed the status page on Friday', 'nothing broke', ['Friday deploys never break the build']);
      }
      stormRuns.push(await consolidate(mind));
    }
    const belief = findMemoryById(mind.store.db, beliefId);
    expect(belief).toMatchObject({ status: 'active', content: 'Friday deploys always break the build.', alpha: 7, beta: 13 });
    const proposals = getProposals(mind, { status: null });
    expect(proposals.filter((p) => p.kind === 'revise')).toHaveLength(1);
    expect(proposals.every((p) => p.status === 'pending')).toBe(true);
    const revise = proposals.find((p) => p.kind === 'revise');
    expect(revise?.payload).toMatchObject({ kind: 'revise', statement: 'Friday deploys never break the build.' });
    expect(stormRuns.map((r) => r.proposals).reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('treats a belief about itself (a meta-belief) like any other', async () => {
    const { mind } = freshMind();
    const lesson = 'My beliefs about deploy risk are often overconfident';
    episode(mind, 'Predicted the Friday deploy would fail', 'it went fine', [lesson]);
    episode(mind, 'Predicted the migration would fail', 'it went fine', [lesson]);
    episode(mind, 'Predicted the search release would fail', 'it went fine', [lesson]);
    const first = await consolidate(mind);
    expect(first.created).toBe(1);
    const id = first.actions[0]?.memoryId ?? '';
    expect(findMemoryById(mind.store.db, id)).toMatchObject({ content: `${lesson}.`, reviewStatus: 'pending', alpha: 4 });
    episode(mind, 'Predicted the config change would fail', 'it went fine', [lesson]);
    episode(mind, 'Predicted the index rebuild would fail', 'it went fine', [lesson]);
    episode(mind, 'Predicted the upgrade would fail', 'it went fine', [lesson]);
    const second = await consolidate(mind);
    expect(second.actions[0]).toMatchObject({ op: 'reinforce', memoryId: id });
  });

  it('keeps a project-scoped cluster in its project', async () => {
    const { mind } = freshMind();
    for (const objective of ['Deployed payments on Friday', 'Deployed search on a Friday', 'Friday deploy of billing']) {
      episode(mind, objective, 'the build broke', ['Friday deploys break the build'], { project: 'shop' });
    }
    const summary = await consolidate(mind);
    expect(findMemoryById(mind.store.db, summary.actions[0]?.memoryId ?? '')).toMatchObject({ scope: 'project', project: 'shop' });
  });

  it('respects rejections: same normalized text (fingerprint) or a close rewording (cosine) is dropped and counted', async () => {
    const { mind } = freshMind();
    fridayEpisodes(mind);
    const first = await consolidate(mind);
    rejectMemory(mind, first.actions[0]?.memoryId ?? '', { ...USER, reason: 'superstition' });
    fridayEpisodes(mind);
    const byFingerprint = await consolidate(mind);
    expect(byFingerprint).toMatchObject({ created: 0, reinforced: 0, droppedByRejection: 1 });
    expect(byFingerprint.actions[0]?.summary).toMatch(/same text as a rejected statement/);

    const other = freshMind().mind;
    const rejected = createMemory(other, { type: 'belief', content: 'Friday deploys break the builds', sourceType: 'consolidation' }, USER);
    rejectMemory(other, rejected.id, { ...USER, reason: 'not true' });
    fridayEpisodes(other);
    const byCosine = await consolidate(other);
    expect(byCosine).toMatchObject({ created: 0, droppedByRejection: 1 });
    expect(byCosine.actions[0]?.summary).toMatch(/close to the rejected "Friday deploys break the builds"/);
  });

  it('stops on its cluster budget, saves progress, and the next run finishes the rest', async () => {
    const { mind } = freshMind();
    fridayEpisodes(mind);
    backupEpisodes(mind);
    const first = await consolidate(mind, { settings: settingsWith({ budget: { maxClustersPerCycle: 1 } }) });
    expect(first).toMatchObject({ status: 'aborted_budget', clustersFound: 2, created: 1 });
    expect(findRun(mind.store.db, first.runId)?.status).toBe('aborted_budget');
    expect(episodesSinceCheckpoint(mind)).toBe(3);
    const second = await consolidate(mind);
    expect(second).toMatchObject({ status: 'completed', clustersFound: 1, created: 1 });
    expect(second.actions[0]?.summary).toMatch(/Backups fill the disk/);
    expect(episodesSinceCheckpoint(mind)).toBe(0);
  });

  it('a cancel ends the run cancelled between clusters, keeping what it committed', async () => {
    const { mind } = freshMind();
    fridayEpisodes(mind);
    backupEpisodes(mind);
    const controller = new AbortController();
    const stages: RunProgress[] = [];
    const summary = await consolidate(mind, {
      signal: controller.signal,
      onProgress: (p) => {
        stages.push(p);
        if (p.stage === 'match') controller.abort();
      },
    });
    expect(summary).toMatchObject({ status: 'cancelled', created: 1 });
    expect(episodesSinceCheckpoint(mind)).toBe(3);
    expect(new Set(stages.map((s) => s.runId))).toEqual(new Set([summary.runId]));
    expect(stages.map((s) => s.stage)).toContain('checkpoint');
  });

  it('triages unprocessed captures into pending suggestions derived from them', async () => {
    const { mind } = freshMind();
    const event = createMemory(mind, { type: 'raw', content: 'Deploy search 4.2.0 finished; cache error rate 0.3%' }, AGENT);
    const remark = createMemory(mind, { type: 'raw', content: 'Can we drop the cache workaround from search soon?' }, AGENT);
    const chatter = createMemory(mind, { type: 'raw', content: 'ok thanks' }, AGENT);
    const summary = await consolidate(mind);
    const suggested = summary.actions.filter((a) => a.op.startsWith('suggest_'));
    expect(suggested.map((a) => a.op)).toEqual(['suggest_episode', 'suggest_note']);
    const episodeSuggestion = findMemoryById(mind.store.db, suggested[0]?.memoryId ?? '');
    expect(episodeSuggestion).toMatchObject({ type: 'episode', content: event.content, sourceType: 'consolidation', reviewStatus: 'pending' });
    expect(linksFrom(mind.store.db, episodeSuggestion?.seq ?? 0, ['derived_from']).map((l) => l.toSeq)).toEqual([event.seq]);
    expect(findMemoryById(mind.store.db, remark.id)?.status).toBe('processed');
    expect(findMemoryById(mind.store.db, chatter.id)?.status).toBe('active');
    const again = await consolidate(mind);
    expect(again.actions.filter((a) => a.op.startsWith('suggest_') || a.op === 'triage_skip')).toEqual([]);
  });

  it('ends with the store-wide rule contradiction scan, recorded under the run', async () => {
    const { mind } = freshMind();
    beliefs(mind, 'Code review should always block a merge');
    beliefs(mind, 'Code review should never block a merge');
    const summary = await consolidate(mind);
    expect(summary.actions).toEqual([
      {
        op: 'contradiction_detected',
        memoryId: null,
        summary: 'negation contradiction between "Code review should always block a merge" and "Code review should never block a merge"',
      },
    ]);
    expect(journalOfRun(mind.store.db, summary.runId).map((r) => r.op)).toEqual(['contradiction_detected']);
  });
});
