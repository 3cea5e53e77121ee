/** Destructive changes wait as proposals: gates on their boundaries, approval applies, rejection does not. */
import { describe, expect, it } from 'vitest';
import { createMemory } from '../mind/create';
import { DAY_MS, freshMind, snapshot, USER } from '../mind/test-support';
import type { Mind } from '../mind/mind';
import { journalOfRun } from '../store/consolidation-runs-repo';
import { linksFrom } from '../store/links-repo';
import { findMemoryById } from '../store/memories-repo';
import { consolidate, episode, settingsWith } from './consolidation-test-support';
import { approveProposal, getProposals, rejectProposal } from './proposals';
import { revertRun } from './revert';

function supported(mind: Mind, statement: string, episodes: number) {
  const evidence = Array.from({ length: episodes }, (_, i) =>
    episode(mind, `Deploy number ${i} went out on Friday`, 'the build broke', [statement]),
  );
  return createMemory(mind, { type: 'belief', content: statement, evidence: evidence.map((e) => e.id) }, USER);
}

function contradicting(mind: Mind, count: number, lesson = 'Friday deploys never break the build') {
  return Array.from({ length: count }, (_, i) => episode(mind, `Deployed service ${i} on Friday`, 'nothing broke', [lesson]));
}

describe('revision proposals', () => {
  async function revisionDue() {
    const fresh = freshMind();
    const belief = supported(fresh.mind, 'Friday deploys always break the build', 5);
    await consolidate(fresh.mind);
    const against = contradicting(fresh.mind, 9);
    const run = await consolidate(fresh.mind);
    return { ...fresh, belief, against, run };
  }

  it('are stored pending, showing exactly what would change, and change nothing until approved', async () => {
    const { mind, belief, against, run } = await revisionDue();
    expect(findMemoryById(mind.store.db, belief.id)).toMatchObject({ status: 'active', alpha: 6, beta: 10 });
    const [proposal] = getProposals(mind);
    expect(proposal).toMatchObject({
      runId: run.runId,
      kind: 'revise',
      status: 'pending',
      targets: [{ id: belief.id, status: 'active' }],
      payload: { kind: 'revise', statement: 'Friday deploys never break the build.', evidence: against.map((e) => e.id) },
    });
    expect(proposal?.reason).toMatch(/fell to 0.38 from 0.86 under 9 contradicting/);
  });

  it('approved, supersede the belief with the revision standing on the contradicting episodes', async () => {
    const { mind, belief, against, run } = await revisionDue();
    const [proposal] = getProposals(mind);
    const [revised] = approveProposal(mind, proposal?.id ?? '', USER);
    expect(revised).toMatchObject({ content: 'Friday deploys never break the build.', reviewStatus: 'approved', sourceType: 'consolidation', alpha: 10 });
    expect(findMemoryById(mind.store.db, belief.id)).toMatchObject({ status: 'superseded', supersededBy: revised?.id });
    expect(linksFrom(mind.store.db, revised?.seq ?? 0, ['evidence']).map((l) => l.toSeq).sort((x, y) => x - y)).toEqual(against.map((e) => e.seq));
    expect(getProposals(mind, { status: 'approved' })).toHaveLength(1);
    const ops = journalOfRun(mind.store.db, run.runId).map((r) => r.op);
    expect(ops).toEqual(expect.arrayContaining(['propose_revise', 'supersede', 'superseded', 'proposal_approved']));
    expect(() => approveProposal(mind, proposal?.id ?? '', USER)).toThrow(/only a pending proposal/);
  });

  it('rejected, change nothing and are not proposed again while the belief stands as it was', async () => {
    const { mind, belief } = await revisionDue();
    const [proposal] = getProposals(mind);
    const before = snapshot(mind);
    rejectProposal(mind, proposal?.id ?? '', { ...USER, reason: 'the Friday freeze explains it' });
    expect(snapshot(mind)).toEqual({ ...before, journal: before.journal + 1 });
    expect(findMemoryById(mind.store.db, belief.id)?.status).toBe('active');
    const again = await consolidate(mind);
    expect(again.proposals).toBe(0);
    expect(() => rejectProposal(mind, proposal?.id ?? '', { ...USER, reason: 'twice' })).toThrow(/rejected/);
  });
});

describe('split proposals', () => {
  it('come from contradictions that are partly right, and split the belief in two when approved', async () => {
    const { mind, clock } = freshMind();
    const belief = supported(mind, 'Friday deploys break the build', 5);
    contradicting(mind, 3);
    expect((await consolidate(mind)).proposals).toBe(0);
    clock.advance(DAY_MS);
    for (const name of ['payments', 'search', 'billing']) {
      episode(mind, `Deployed ${name} on Friday`, 'broke only with migrations', ['Friday deploys break the build only when migrations run']);
    }
    const run = await consolidate(mind);
    expect(run.actions.map((a) => a.op)).toEqual(['partial_evidence', 'propose_split']);
    const [proposal] = getProposals(mind);
    expect(proposal?.payload).toMatchObject({
      kind: 'split',
      parts: [{ statement: 'Friday deploys break the build.' }, { statement: 'Friday deploys break the build only when migrations run.' }],
    });
    const parts = approveProposal(mind, proposal?.id ?? '', USER);
    expect(parts).toHaveLength(2);
    expect(findMemoryById(mind.store.db, belief.id)?.status).toBe('archived');
    for (const part of parts) expect(linksFrom(mind.store.db, part.seq, ['split_from']).map((l) => l.toSeq)).toEqual([belief.seq]);
  });
});

describe('archive proposals', () => {
  it('fire for a belief unreinforced for more than 90 days with little evidence (boundary: exactly 90 days does not)', async () => {
    const { mind, clock } = freshMind();
    const belief = createMemory(mind, { type: 'belief', content: 'Nobody reads the changelog' }, USER);
    clock.advance(90 * DAY_MS);
    expect((await consolidate(mind)).proposals).toBe(0);
    clock.advance(1);
    const run = await consolidate(mind);
    expect(run.actions).toEqual([
      { op: 'propose_archive', memoryId: belief.id, summary: expect.stringMatching(/not reinforced for 90 days, with only 0 episodes/) },
    ]);
    approveProposal(mind, getProposals(mind)[0]?.id ?? '', USER);
    expect(findMemoryById(mind.store.db, belief.id)?.status).toBe('archived');
  });

  it('leave protected beliefs alone', async () => {
    const { mind, clock } = freshMind();
    createMemory(mind, { type: 'belief', content: 'Nobody reads the changelog', protected: true }, USER);
    clock.advance(200 * DAY_MS);
    expect((await consolidate(mind)).proposals).toBe(0);
  });

  it('under auto-apply are applied by the run itself, and its revert brings the belief back', async () => {
    const { mind, clock } = freshMind();
    const belief = createMemory(mind, { type: 'belief', content: 'Nobody reads the changelog' }, USER);
    clock.advance(91 * DAY_MS);
    const run = await consolidate(mind, { settings: settingsWith({ autoApplyProposals: true }) });
    expect(run.actions.map((a) => a.op)).toEqual(['propose_archive', 'apply_proposal']);
    expect(findMemoryById(mind.store.db, belief.id)?.status).toBe('archived');
    expect(getProposals(mind, { status: 'approved' })[0]).toMatchObject({ decidedBy: `scheduler:${run.runId}`, decisionNote: 'auto-applied' });
    revertRun(mind, run.runId, USER);
    expect(findMemoryById(mind.store.db, belief.id)?.status).toBe('active');
  });
});

describe('merge proposals', () => {
  it('pair settled, confident near-duplicates (boundary: updated exactly 7 days ago does not) and merge them when approved', async () => {
    const { mind, clock } = freshMind();
    const a = createMemory(mind, { type: 'belief', content: 'The user prefers Bun for personal projects', confidence: 0.8 }, USER);
    const b = createMemory(mind, { type: 'belief', content: 'The user prefers Bun for personal projects.', confidence: 0.7 }, USER);
    clock.advance(7 * DAY_MS);
    expect((await consolidate(mind)).proposals).toBe(0);
    clock.advance(1);
    expect((await consolidate(mind)).actions.map((x) => x.op)).toEqual(['propose_merge']);
    const [merged] = approveProposal(mind, getProposals(mind)[0]?.id ?? '', USER);
    expect(merged).toMatchObject({ content: a.content, type: 'belief', reviewStatus: 'approved' });
    for (const old of [a, b]) expect(findMemoryById(mind.store.db, old.id)).toMatchObject({ status: 'superseded', supersededBy: merged?.id });
    expect(linksFrom(mind.store.db, merged?.seq ?? 0, ['merged_from']).map((l) => l.toSeq).sort()).toEqual([a.seq, b.seq]);
  });
});
