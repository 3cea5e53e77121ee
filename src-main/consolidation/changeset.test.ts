/** Runs as changesets: dry runs write nothing yet list what a real run does; reverts undo a run, and an undo takes a revert back. */
import { describe, expect, it } from 'vitest';
import { recordAccesses } from '../mind/access';
import { createMemory } from '../mind/create';
import { verifyMemory } from '../mind/confidence-ops';
import { getLineage } from '../mind/lineage';
import { getRunChangeset } from '../mind/run-history';
import { DAY_MS, expectMindError, freshMind, journalCount, snapshot, USER } from '../mind/test-support';
import type { Mind } from '../mind/mind';
import { undoAction } from '../mind/undo';
import type { Db } from '../store/connection';
import { beliefEvidence } from '../store/consolidation-repo';
import { findRun } from '../store/consolidation-runs-repo';
import { journalOfAction } from '../store/journal-repo';
import { linksFrom } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import { allMemoryRows, allRows, countRows, metaEntries, wholeMindAsStored } from '../store/store-test-support';
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

/** The links that stand: an undo or a revert voids a link, and its row stays. */
const standingLinks = (db: Db) => allRows(db, 'links').filter((link) => link.voided_at === null);

/** A memory row less what every write changes (its version and time). */
const ignoreBookkeeping = (row: Record<string, unknown>) => ({ ...row, version: 0, updated_at: 0 });

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
    const links = standingLinks(mind.store.db).length;
    const run = await consolidate(mind);
    const createdIds = run.actions.filter((a) => a.op === 'create_belief' || a.op.startsWith('suggest_')).map((a) => a.memoryId as string);
    expect(findMemoryById(mind.store.db, known.id)?.alpha).toBe(4);
    const journalBefore = snapshot(mind).journal;

    const result = revertRun(mind, run.runId, USER);
    expect(result).toMatchObject({ runId: run.runId, conflicts: [] });
    expect(result.reverted).toBeGreaterThan(0);
    expect(snapshot(mind).journal).toBeGreaterThan(journalBefore);
    const after = allMemoryRows(mind.store.db);
    expect(after.slice(0, before.length).map(ignoreBookkeeping)).toEqual(before.map(ignoreBookkeeping));
    for (const id of createdIds) expect(findMemoryById(mind.store.db, id)?.status).toBe('archived');
    // The evidence links the run added no longer stand (voided, their rows kept); the lineage of what it created stays.
    expect(standingLinks(mind.store.db).length - links).toBe(3 + 3 + 1);
    expect(linksFrom(mind.store.db, known.seq, ['evidence'])).toEqual([]);
    expect(countRows(mind.store.db, 'links') - links).toBe(3 + 3 + 1 + 3);
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
    const before = { rows: allMemoryRows(db), links: standingLinks(db), contradictions: allRows(db, 'contradictions') };
    const run = await consolidate(mind);
    expect(run).toMatchObject({ contradicted: 1, created: 0 });
    expect(findMemoryById(db, belief.id)).toMatchObject({ beta: 4 });
    expect(allRows(db, 'contradictions')).toHaveLength(1);

    expect(revertRun(mind, run.runId, USER).conflicts).toEqual([]);
    expect(allMemoryRows(db).map(ignoreBookkeeping)).toEqual(before.rows.map(ignoreBookkeeping));
    expect(standingLinks(db)).toEqual(before.links);
    expect(allRows(db, 'links')).toHaveLength(3);
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

  it('does not count a recall of a memory since the run as a change: an access leaves the words and confidence alone', async () => {
    const { mind, known } = busyMind();
    const run = await consolidate(mind);
    const created = run.actions.find((a) => a.op === 'create_belief')?.memoryId as string;
    recordAccesses(mind, [known.id, created], AGENT);
    const result = revertRun(mind, run.runId, USER);
    expect(result.conflicts).toEqual([]);
    expect(result.memoryIds).toEqual(expect.arrayContaining([known.id, created]));
    expect(findMemoryById(mind.store.db, created)?.status).toBe('archived');
  });

  it('refuses an unknown run', () => {
    const { mind } = freshMind();
    expect(() => revertRun(mind, 'run_nope', USER)).toThrow(/No consolidation run/);
  });
});

/**
 * A run that does everything a revert takes back: it reinforces a belief (evidence links), counts
 * episodes against another (counter-evidence links and verdicts), drafts a belief, turns a capture
 * into a suggested episode, proposes archiving, and its scan records a contradiction.
 */
async function runOverEverything() {
  const fresh = freshMind();
  const { mind, clock } = fresh;
  createMemory(mind, { type: 'belief', content: 'Nobody reads the changelog', sourceType: 'inference' }, USER);
  clock.advance(91 * DAY_MS);
  const reinforced = createMemory(mind, { type: 'belief', content: 'Friday deploys break the build', evidence: [] }, USER);
  const countered = createMemory(mind, { type: 'belief', content: 'Schema migrations should never run at night' }, USER);
  createMemory(mind, { type: 'belief', content: 'Code review should always block a merge' }, USER);
  createMemory(mind, { type: 'belief', content: 'Code review should never block a merge' }, USER);
  fridayEpisodes(mind);
  backupEpisodes(mind);
  const lesson = 'Always pair with the owner before schema migrations go out on a quiet evening';
  for (const objective of ['Ran the billing schema migration', 'Ran the search schema migration', 'Ran the users schema migration']) {
    episode(mind, objective, 'it went out fine', [lesson]);
  }
  createMemory(mind, { type: 'raw', content: 'Deploy search 4.2.0 finished; cache error rate 0.3%' }, AGENT);
  const run = await consolidate(mind);
  expect(run).toMatchObject({ created: 1, reinforced: 1, contradicted: 1, proposals: 2 });
  expect(run.actions.map((a) => a.op)).toContain('contradiction_detected');
  return { ...fresh, run, reinforced, countered };
}

/** What a revert changes and its undo puts back: memories, standing links, contradictions, proposals, the run's mark. */
function mindState(mind: Mind, runId: string) {
  const db = mind.store.db;
  return {
    memories: allMemoryRows(db).map(ignoreBookkeeping),
    links: standingLinks(db),
    contradictions: allRows(db, 'contradictions'),
    proposals: getProposals(mind, { status: null }).map(({ id, status, decidedAt, decidedBy, decisionNote }) => ({ id, status, decidedAt, decidedBy, decisionNote })),
    revertedAt: findRun(db, runId)?.revertedAt,
  };
}

describe('undoing a revert', () => {
  it('puts back what the run left, links included, as one action; the run may then be reverted again', async () => {
    const { mind, run, reinforced, countered } = await runOverEverything();
    const db = mind.store.db;
    const asRunLeftIt = mindState(mind, run.runId);
    const verdicts = beliefEvidence(db, countered.seq, countered.id, 10);
    expect(verdicts.recentAgainst).toEqual(['counter_evidence', 'counter_evidence', 'counter_evidence']);
    const counterLinks = () => getLineage(mind, countered.id, { direction: 'up' }).edges.filter((e) => e.kind === 'counter_evidence');
    expect(counterLinks()).toHaveLength(3);

    const rows = journalCount(mind);
    const reverted = revertRun(mind, run.runId, USER);
    expect(reverted.conflicts).toEqual([]);
    // Every row the revert wrote belongs to its one action.
    expect(journalOfAction(db, reverted.action)).toHaveLength(journalCount(mind) - rows);
    const asRevertLeftIt = mindState(mind, run.runId);
    expect(asRevertLeftIt.revertedAt).toBe(mind.now());
    expect(asRevertLeftIt.proposals.map((p) => p.status)).toEqual(['withdrawn', 'withdrawn']);
    expect(asRevertLeftIt.contradictions).toEqual([expect.objectContaining({ status: 'resolved', resolution: 'reverted', resolved_by: USER.actor })]);
    expect(linksFrom(db, reinforced.seq, ['evidence'])).toEqual([]);
    expect(counterLinks()).toEqual([]);
    expect(beliefEvidence(db, countered.seq, countered.id, 10).recentAgainst).toEqual([]);
    // Voided, not deleted.
    expect(allRows(db, 'links')).toHaveLength(asRunLeftIt.links.length);

    // `u` undoes the person's last action: the revert.
    const undone = undoAction(mind, null, USER);
    expect(undone).toMatchObject({ undone: reverted.action, redo: false, summary: `revert of ${run.runId} (${reverted.reverted} memories)` });
    expect(mindState(mind, run.runId)).toEqual(asRunLeftIt);
    expect(linksFrom(db, reinforced.seq, ['evidence'])).toHaveLength(3);
    expect(counterLinks()).toHaveLength(3);
    expect(beliefEvidence(db, countered.seq, countered.id, 10)).toEqual(verdicts);

    // The first revert and its undo are no change since the run: it reverts exactly as the first time.
    const again = revertRun(mind, run.runId, USER);
    expect(again).toMatchObject({ conflicts: [], reverted: reverted.reverted });
    expect(mindState(mind, run.runId)).toEqual(asRevertLeftIt);
  });

  it('is redone by undoing the undo: the run is reverted again, and the redo is undone like any action', async () => {
    const { mind, run, reinforced } = await runOverEverything();
    const asRunLeftIt = mindState(mind, run.runId);
    revertRun(mind, run.runId, USER);
    const asRevertLeftIt = mindState(mind, run.runId);
    const undone = undoAction(mind, null, USER);

    const redone = undoAction(mind, undone.action, USER);
    expect(redone.redo).toBe(true);
    expect(mindState(mind, run.runId)).toEqual(asRevertLeftIt);
    expect(linksFrom(mind.store.db, reinforced.seq, ['evidence'])).toEqual([]);
    expect(() => revertRun(mind, run.runId, USER)).toThrow(/already reverted/);

    undoAction(mind, redone.action, USER);
    expect(mindState(mind, run.runId)).toEqual(asRunLeftIt);
  });

  it('is refused, changing nothing, once a memory the revert put back changed since', async () => {
    const { mind, run, reinforced } = await runOverEverything();
    const reverted = revertRun(mind, run.runId, USER);
    verifyMemory(mind, reinforced.id, {}, AGENT);
    const whole = wholeMindAsStored(mind.store.db);
    const refusal = expectMindError(() => undoAction(mind, reverted.action, USER), 'version_conflict');
    expect(refusal.message).toContain(`${reinforced.id} changed after this action (verify by ${AGENT.actor}`);
    expect(wholeMindAsStored(mind.store.db)).toEqual(whole);
    expect(findRun(mind.store.db, run.runId)?.revertedAt).not.toBeNull();
  });

  it('leaves a memory changed after the undo to whoever changed it when the run is reverted again', async () => {
    const { mind, run, reinforced } = await runOverEverything();
    revertRun(mind, run.runId, USER);
    undoAction(mind, null, USER);
    const verified = verifyMemory(mind, reinforced.id, {}, AGENT);
    const again = revertRun(mind, run.runId, USER);
    expect(again.conflicts).toEqual([{ memoryId: reinforced.id, laterChange: expect.objectContaining({ actor: AGENT.actor, op: 'verify' }) }]);
    expect(findMemoryById(mind.store.db, reinforced.id)).toEqual(verified);
  });

  it('counts the verdicts again of a memory the standing revert left alone, though an undone revert took them back', async () => {
    const { mind, run, countered } = await runOverEverything();
    const db = mind.store.db;
    const verdicts = beliefEvidence(db, countered.seq, countered.id, 10);
    const first = revertRun(mind, run.runId, USER);
    expect(findRun(db, run.runId)?.revertAction).toBe(first.action);
    expect(beliefEvidence(db, countered.seq, countered.id, 10).recentAgainst).toEqual([]);
    undoAction(mind, null, USER);
    expect(findRun(db, run.runId)).toMatchObject({ revertedAt: null, revertAction: null });
    verifyMemory(mind, countered.id, {}, AGENT);

    const again = revertRun(mind, run.runId, USER);
    expect(again.conflicts.map((c) => c.memoryId)).toEqual([countered.id]);
    expect(findRun(db, run.runId)?.revertAction).toBe(again.action);
    // The first revert's row still names the verdicts, but that revert was undone: they count.
    expect(beliefEvidence(db, countered.seq, countered.id, 10).recentAgainst).toEqual(verdicts.recentAgainst);
  });

  it('marks in the changeset the memories the standing revert left, with the change that kept it away', async () => {
    const { mind, run, reinforced } = await runOverEverything();
    const marked = () => {
      const changeset = getRunChangeset(mind, run.runId);
      const left = changeset.items.filter((change) => change.leftByRevert !== null);
      return { count: changeset.memoriesLeftByRevert, memories: [...new Set(left.map((change) => change.memory?.id))], changes: left.map((change) => change.leftByRevert) };
    };
    expect(marked()).toEqual({ count: 0, memories: [], changes: [] });
    revertRun(mind, run.runId, USER);
    // Reverted whole: nothing left.
    expect(marked()).toEqual({ count: 0, memories: [], changes: [] });
    undoAction(mind, null, USER);
    const verified = verifyMemory(mind, reinforced.id, {}, AGENT);
    revertRun(mind, run.runId, USER);
    const left = marked();
    expect(left.count).toBe(1);
    expect(left.memories).toEqual([reinforced.id]);
    expect(left.changes.length).toBeGreaterThan(0);
    for (const change of left.changes) expect(change).toEqual({ actor: AGENT.actor, op: 'verify', at: new Date(verified.updatedAt).toISOString() });
    // Undone, the run stands unreverted: nothing is marked.
    undoAction(mind, null, USER);
    expect(marked()).toEqual({ count: 0, memories: [], changes: [] });
  });
});
