import { afterEach, describe, expect, it } from 'vitest';
import { detectContradictionsFor, getContradictions, scanContradictions } from './contradictions';
import { archiveMemory } from './lifecycle';
import type { Mind } from './mind';
import { getStats } from './stats';
import { supersedeBelief } from './supersede';
import { T0, USER, add, expectMindError, expectRefusedWithoutWrites, freshMind, journalCount, snapshot } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('detectContradictionsFor', () => {
  it('finds negation, comparative and preference contradictions against active beliefs', () => {
    ({ mind } = freshMind());
    const negation = add(mind, { type: 'belief', content: 'Claire always reviews the deploy scripts' });
    const comparative = add(mind, { type: 'belief', content: 'Rust builds are faster than Go builds on this machine' });
    const preference = add(mind, { type: 'belief', content: 'Claire prefers tabs for indentation in Python files' });
    const before = snapshot(mind);

    expect(detectContradictionsFor(mind, 'Claire never reviews the deploy scripts')).toEqual([
      { belief: { id: negation.id, content: negation.content }, kind: 'negation', terms: ['never', 'always'], sharedTerms: ['clair', 'review', 'deploy', 'script'] },
    ]);
    expect(detectContradictionsFor(mind, 'Rust builds are slower than Go builds on this machine')).toMatchObject([
      { belief: { id: comparative.id }, kind: 'comparative', terms: ['slower', 'faster'] },
    ]);
    expect(detectContradictionsFor(mind, 'Claire avoids tabs for indentation in Python files')).toMatchObject([
      { belief: { id: preference.id }, kind: 'preference', terms: ['avoids', 'prefers'] },
    ]);
    // Agreeing, or on another topic: nothing.
    expect(detectContradictionsFor(mind, 'Claire always reviews the deploy scripts')).toEqual([]);
    expect(detectContradictionsFor(mind, 'The cat never sleeps on the sofa')).toEqual([]);
    // Reads only.
    expect(snapshot(mind)).toEqual(before);
  });

  it('ignores beliefs that are not active and memories that are not beliefs', () => {
    ({ mind } = freshMind());
    const superseded = add(mind, { type: 'belief', content: 'Deploys always need a manual approval step' });
    supersedeBelief(mind, superseded.id, { content: 'Deploy approvals are automated by the pipeline' }, USER);
    const archived = add(mind, { type: 'belief', content: 'Staging databases always mirror production data' });
    archiveMemory(mind, archived.id, USER);
    add(mind, { type: 'note', content: 'Code reviews always need two approvers' });
    add(mind, { type: 'goal', content: 'Code reviews always need two approvers' });
    expect(detectContradictionsFor(mind, 'Deploys never need a manual approval step')).toEqual([]);
    expect(detectContradictionsFor(mind, 'Staging databases never mirror production data')).toEqual([]);
    expect(detectContradictionsFor(mind, 'Code reviews never need two approvers')).toEqual([]);
    const active = add(mind, { type: 'belief', content: 'Code reviews always need two approvers' });
    expect(detectContradictionsFor(mind, 'Code reviews never need two approvers').map((c) => c.belief.id)).toEqual([active.id]);
  });

  it('finds denials and turned sides through the full-text index, from either side, among many neighbours', () => {
    ({ mind } = freshMind());
    const safe = add(mind, { type: 'belief', content: 'Deploys on Friday are safe' });
    const better = add(mind, { type: 'belief', content: 'Tabs are better than spaces' });
    // Neighbours that share words but say something else (and outrank nothing by accident).
    for (let i = 0; i < 30; i += 1) add(mind, { type: 'belief', content: `Deploys on Friday need review number ${i}` });
    const ids = (statement: string) => detectContradictionsFor(mind, statement).map((m) => [m.belief.id, m.kind, ...m.terms]);
    expect(ids('Deploys on Friday are never safe')).toEqual([[safe.id, 'negation', 'never safe', 'safe']]);
    expect(ids("Friday deploys aren't safe")).toEqual([[safe.id, 'negation', "aren't safe", 'safe']]);
    expect(ids('Tabs are not better than spaces')).toEqual([[better.id, 'comparative', 'not better', 'better']]);
    expect(ids('Tabs are worse than spaces')).toEqual([[better.id, 'comparative', 'worse', 'better']]);
    expect(ids('Spaces are better than tabs')).toEqual([[better.id, 'comparative', 'better than tabs', 'better than spaces']]);

    const never = add(mind, { type: 'belief', content: 'Rollbacks on Monday are never quick' });
    const notWorse = add(mind, { type: 'belief', content: 'Spaces are not worse than tabs' });
    expect(ids('Rollbacks on Monday are quick')).toEqual([[never.id, 'negation', 'quick', 'never quick']]);
    expect(ids('Spaces are worse than tabs')).toEqual([[notWorse.id, 'comparative', 'worse', 'not worse']]);
    // Agreeing statements: nothing.
    expect(ids('Tabs are not worse than spaces')).toEqual([]);
    expect(ids('Rollbacks on Monday are not quick')).toEqual([]);
  });

  it('refuses an empty statement', () => {
    ({ mind } = freshMind());
    expectMindError(() => detectContradictionsFor(mind, '  '), 'invalid_input');
  });
});

describe('scanContradictions', () => {
  it('records each contradicting pair once, journals it, and a second scan records nothing new', () => {
    ({ mind } = freshMind());
    const a = add(mind, { type: 'belief', content: 'Claire always reviews the deploy scripts' });
    const b = add(mind, { type: 'belief', content: 'Claire never reviews the deploy scripts' });
    const c = add(mind, { type: 'belief', content: 'Larger batches make training faster on the cluster' });
    const d = add(mind, { type: 'belief', content: 'Larger batches make training slower on the cluster' });
    add(mind, { type: 'belief', content: 'Unrelated belief without polarity' });
    add(mind, { type: 'note', content: 'Claire sometimes reviews the deploy scripts and always smiles' });
    const journalBefore = journalCount(mind);

    const progress: number[] = [];
    const first = scanContradictions(mind, { actor: 'scheduler:nightly', runId: 'run_1', onProgress: (n) => progress.push(n) });
    expect(first).toEqual({ scanned: 4, found: 2, recorded: 2 });
    expect(progress).toEqual([4]);
    expect(journalCount(mind)).toBe(journalBefore + 2);

    const open = getContradictions(mind);
    expect(open).toHaveLength(2);
    const pairs = open.map((x) => [x.a.id, x.b.id, x.kind, x.status, x.detector]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        [a.id, b.id, 'negation', 'open', 'rules'],
        [c.id, d.id, 'comparative', 'open', 'rules'],
      ]),
    );
    expect(open[0]?.detectedAt).toBe(new Date(T0).toISOString());
    expect(open[0]?.id).toMatch(/^ct_[0-9a-f]{12}$/);
    expect(getStats(mind).openContradictions).toBe(2);

    const rows = mind.store.db
      .prepare(`SELECT actor, op, memory_id AS memoryId, run_id AS runId, after FROM journal WHERE op = 'contradiction_detected' ORDER BY seq`)
      .all() as { actor: string; op: string; memoryId: string; runId: string; after: string }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ actor: 'scheduler:nightly', memoryId: a.id, runId: 'run_1' });
    expect(JSON.parse(rows[0]?.after as string)).toMatchObject({ with: b.id, kind: 'negation', terms: ['always', 'never'] });

    const before = snapshot(mind);
    expect(scanContradictions(mind, USER)).toEqual({ scanned: 4, found: 2, recorded: 0 });
    expect(snapshot(mind)).toEqual(before);

    // A new contradicting belief is recorded by the next scan, against both sides it meets.
    const e = add(mind, { type: 'belief', content: 'Claire always reviews the deploy scripts carefully' });
    const third = scanContradictions(mind, USER);
    expect(third.recorded).toBe(1);
    expect(getContradictions(mind).map((x) => [x.a.id, x.b.id])).toContainEqual([b.id, e.id]);
  });

  it('lists by status; null lists every status', () => {
    ({ mind } = freshMind());
    add(mind, { type: 'belief', content: 'Claire always reviews the deploy scripts' });
    add(mind, { type: 'belief', content: 'Claire never reviews the deploy scripts' });
    scanContradictions(mind, USER);
    expect(getContradictions(mind, { status: 'resolved' })).toEqual([]);
    expect(getContradictions(mind, { status: null })).toHaveLength(1);
    expect(getContradictions(mind, { status: 'open', limit: 1 })).toHaveLength(1);
  });

  it('refuses a bad actor, writing nothing', () => {
    ({ mind } = freshMind());
    add(mind, { type: 'belief', content: 'Claire always reviews the deploy scripts' });
    add(mind, { type: 'belief', content: 'Claire never reviews the deploy scripts' });
    expectRefusedWithoutWrites(mind, () => scanContradictions(mind, { actor: 'root' }), 'invalid_input');
  });
});
