/** Runs as changesets: dry runs write nothing yet list what a real run does; reverts undo a run. */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../mind/create';
import { verifyMemory } from '../mind/confidence-ops';
import { DAY_MS, freshMind, snapshot, USER } from '../mind/test-support';
import type { Mind } from '../mind/mind';
import { findRun } from '../store/consolidation-runs-repo';
import { findMemoryById } from '../store/memories-repo';
import { allMemoryRows, allRows, countRows, metaEntries } from '../store/store-test-support';
import { AGENT, backupEpisodes, consolidate, episode, fridayEpisodes } from './consolidation-test-support';
import { getProposals } from './proposals';
import { revertRun } from './revert';
import type { PlannedAction } from './run-types';

/** Every table a run can write, counted, plus the meta values (checkpoint, embedder). */
function fullSnapshot(mind: Mind) {
  const db = mind.store.db;
  return {
    ...snapshot(mind),
    proposals: countRows(db, 'proposals'),
    runs: countRows(db, 'consolidation_runs'),
    marks: countRows(db, 'consolidation_marks'),
    vectors: countRows(db, 'memory_vectors'),
    meta: metaEntries(db),
    rows: allMemoryRows(db),
  };
}

/** A mind with something for every stage: a known lesson, a new one, a contradiction, a capture, a stale belief. */
function busyMind() {
  const fresh = freshMind();
  const { mind, clock } = fresh;
  createMemory(mind, { type: 'belief', content: 'Nobody reads the changelog', sourceType: 'inference' }, USER);
  clock.advance(91 * DAY_MS);
  const known = createMemory(mind, { type: 'belief', content: 'Friday deploys break the build', evidence: [] }, USER);
  fridayEpisodes(mind);
  backupEpisodes(mind);
  createMemory(mind, { type: 'belief', content: 'Code review should always block a merge' }, USER);
  createMemory(mind, { type: 'raw', content: 'Deploy search 4.2.0 finished; cache error rate 0.3%' }, AGENT);
  return { ...fresh, known };
}

/** Ids of memories a dry run cannot know (they do not exist yet) read as null. */
const comparable = (actions: readonly PlannedAction[], existing: Set<string>) =>
  actions.map((a) => ({ ...a, memoryId: a.memoryId !== null && existing.has(a.memoryId) ? a.memoryId : null }));

describe('dry run', () => {
  it('writes nothing, yet returns the actions the real run then takes', async () => {
    const { mind } = busyMind();
    const before = fullSnapshot(mind);
    const dry = await consolidate(mind, { dryRun: true });
    expect(dry.status).toBe('dry_run');
    expect(fullSnapshot(mind)).toEqual(before);
    expect(findRun(mind.store.db, dry.runId)).toBeNull();

    const real = await consolidate(mind);
    expect(real.status).toBe('completed');
    const existing = new Set(before.rows.map((r) => r.id as string));
    expect(comparable(dry.actions, existing)).toEqual(comparable(real.actions, existing));
    expect(new Set(real.actions.map((a) => a.op))).toEqual(
      new Set(['reinforce', 'create_belief', 'suggest_episode', 'propose_archive']),
    );
    expect({ ...dry, runId: '', status: '', durationMs: 0, actions: [] }).toEqual({ ...real, runId: '', status: '', durationMs: 0, actions: [] });
  });

  it('predicts the contradictions its new beliefs bring', async () => {
    const { mind } = freshMind();
    createMemory(mind, { type: 'belief', content: 'Schema migrations should never run at night' }, USER);
    const lesson = 'Always pair with the owner before schema migrations go out on a quiet evening';
    for (const objective of ['Ran the billing schema migration', 'Ran the search schema migration', 'Ran the users schema migration']) {
      episode(mind, objective, 'it went out fine', [lesson]);
    }
    const dry = await consolidate(mind, { dryRun: true });
    const real = await consolidate(mind);
    const scans = (actions: readonly PlannedAction[]) => actions.filter((a) => a.op === 'contradiction_detected');
    expect(scans(real.actions)).toHaveLength(1);
    expect(scans(dry.actions)).toEqual(scans(real.actions));
  });
});

describe('revert', () => {
  it('restores the prior state exactly, as new journal entries, and archives what the run created', async () => {
    const { mind, known } = busyMind();
    const before = allMemoryRows(mind.store.db);
    const links = countRows(mind.store.db, 'links');
    const run = await consolidate(mind);
    const createdIds = run.actions.filter((a) => a.op === 'create_belief' || a.op.startsWith('suggest_')).map((a) => a.memoryId as string);
    expect(findMemoryById(mind.store.db, known.id)?.alpha).toBe(4);
    const journalBefore = snapshot(mind).journal;

    const result = revertRun(mind, run.runId, USER);
    expect(result).toMatchObject({ runId: run.runId, conflicts: [] });
    expect(result.reverted).toBeGreaterThan(0);
    expect(snapshot(mind).journal).toBeGreaterThan(journalBefore);
    const ignoreBookkeeping = (row: Record<string, unknown>) => ({ ...row, version: 0, updated_at: 0 });
    const after = allMemoryRows(mind.store.db);
    expect(after.slice(0, before.length).map(ignoreBookkeeping)).toEqual(before.map(ignoreBookkeeping));
    for (const id of createdIds) expect(findMemoryById(mind.store.db, id)?.status).toBe('archived');
    // The evidence links the run added are gone; the lineage of what it created stays.
    const createdLinks = createdIds.length === 0 ? 0 : countRows(mind.store.db, 'links') - links;
    expect(createdLinks).toBe(3 + 3 + 1);
    expect(getProposals(mind, { status: null }).every((p) => p.status === 'withdrawn')).toBe(true);
    expect(findRun(mind.store.db, run.runId)?.revertedAt).toBe(mind.now());
    expect(() => revertRun(mind, run.runId, USER)).toThrow(/already reverted/);
  });

  it('restores counter-evidence exactly: whole rows, every link, and no contradiction left open', async () => {
    const { mind } = freshMind();
    const belief = createMemory(mind, { type: 'belief', content: 'Friday deploys always break the build' }, USER);
    createMemory(mind, { type: 'belief', content: 'Code review should always block a merge' }, USER);
    createMemory(mind, { type: 'belief', content: 'Code review should never block a merge' }, USER);
    for (const objective of ['Deployed payments on Friday', 'Deployed search on a Friday', 'Friday deploy of billing']) {
      episode(mind, objective, 'nothing broke', ['Friday deploys never break the build']);
    }
    const db = mind.store.db;
    const before = { rows: allMemoryRows(db), links: allRows(db, 'links'), contradictions: allRows(db, 'contradictions') };
    const run = await consolidate(mind);
    expect(run).toMatchObject({ contradicted: 1, created: 0 });
    expect(findMemoryById(db, belief.id)).toMatchObject({ beta: 4 });
    expect(allRows(db, 'contradictions')).toHaveLength(1);

    expect(revertRun(mind, run.runId, USER).conflicts).toEqual([]);
    const ignoreBookkeeping = (row: Record<string, unknown>) => ({ ...row, version: 0, updated_at: 0 });
    expect(allMemoryRows(db).map(ignoreBookkeeping)).toEqual(before.rows.map(ignoreBookkeeping));
    expect(allRows(db, 'links')).toEqual(before.links);
    expect(allRows(db, 'contradictions').filter((c) => c.status === 'open')).toEqual(before.contradictions);
  });

  it('reports a memory changed after the run as a conflict and leaves it alone', async () => {
    const { mind, known } = busyMind();
    const run = await consolidate(mind);
    const verified = verifyMemory(mind, known.id, {}, USER);
    const result = revertRun(mind, run.runId, USER);
    expect(result.conflicts).toEqual([{ memoryId: known.id, laterChange: expect.objectContaining({ actor: 'user', op: 'verify' }) }]);
    expect(findMemoryById(mind.store.db, known.id)).toEqual(verified);
    const created = run.actions.find((a) => a.op === 'create_belief')?.memoryId as string;
    expect(findMemoryById(mind.store.db, created)?.status).toBe('archived');
  });

  it('refuses an unknown run', () => {
    const { mind } = freshMind();
    expect(() => revertRun(mind, 'run_nope', USER)).toThrow(/No consolidation run/);
  });
});
