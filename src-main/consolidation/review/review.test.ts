/** The review queue: its order, its items' evidence and neighbours, bulk decisions, auto-approval, and rejections a run respects. */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../../mind/create';
import { editMemory } from '../../mind/edit';
import type { Mind } from '../../mind/mind';
import { getRejections, revokeRejection } from '../../mind/rejections';
import { mergeInto, rejectMemory } from '../../mind/review';
import { DAY_MS, USER, add, expectRefusedWithoutWrites, freshMind, journalRows, snapshot } from '../../mind/test-support';
import { undoAction } from '../../mind/undo';
import { findMemoryById } from '../../store/memories-repo';
import { consolidate, fridayEpisodes } from '../consolidation-test-support';
import { approveProposal, getProposals, rejectProposal } from '../proposals';
import { readSettings, writeSettings } from '../settings-store';
import { reviewBulk } from './bulk';
import { countReviewQueue, getNearest, getReviewDetail, listReviewQueue, termSimilarity } from './queue';

let mind: Mind;
afterEach(() => mind?.close());

const AGENT = { actor: 'agent:coder' } as const;

function inferred(content: string, evidence: number, confidence?: number) {
  const episodes = Array.from({ length: evidence }, (_, i) => add(mind, { type: 'episode', content: `${content} (seen ${i})` }));
  return createMemory(mind, { type: 'belief', content, sourceType: 'inference', evidence: episodes.map((e) => e.id), confidence }, AGENT);
}

describe('the review queue', () => {
  it('lists pending memories by (1 + evidence) × confidence, then oldest first, paging without gaps or repeats', () => {
    const t = freshMind();
    mind = t.mind;
    const weak = inferred('Standups could be shorter', 0); // 1 × 0.5
    t.clock.advance(1000);
    const strong = inferred('Flaky tests hide real failures', 3); // 4 × 0.8
    t.clock.advance(1000);
    const middle = inferred('Pairing helps onboarding', 1); // 2 × 0.667
    t.clock.advance(1000);
    const sameAsMiddle = inferred('Pairing helps reviews', 1); // ties with middle: the older first
    add(mind, { type: 'belief', content: 'Entered directly, not for review' });

    const all = listReviewQueue(mind, { limit: 10 });
    expect(all.items.map((i) => i.id)).toEqual([strong.id, middle.id, sameAsMiddle.id, weak.id]);
    expect(all.total).toBe(4);
    expect(all.items[0]).toMatchObject({ kind: 'memory', what: 'new', priority: 4 * 0.8, createdBy: 'agent:coder', draftedFrom: null });

    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page = listReviewQueue(mind, { limit: 1, cursor });
      pages.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(pages).toEqual(all.items.map((i) => i.id));
  });

  it('shows consolidation drafts with how many episodes they came from, their evidence and possible duplicates', async () => {
    const t = freshMind();
    mind = t.mind;
    const episodes = fridayEpisodes(mind);
    await consolidate(mind);
    // Written after the run (before it, the run would have reinforced it instead of drafting anew).
    const existing = add(mind, { type: 'belief', content: 'Friday deploys break the build' });
    const [item] = listReviewQueue(mind).items;
    expect(item).toMatchObject({ kind: 'memory', what: 'new', draftedFrom: [{ type: 'episode', count: 3 }] });
    const detail = getReviewDetail(mind, item?.id ?? '');
    expect(detail.evidence.map((e) => e.id).sort()).toEqual(episodes.map((e) => e.id).sort());
    expect(detail.evidence[0]?.fields).toHaveProperty('outcome');
    const [nearest] = getNearest(mind, item?.id ?? '');
    expect(nearest?.memory.id).toBe(existing.id);
    expect(nearest?.similarity).toBeGreaterThan(0.5);
  });

  it('counts what a draft came from by type: a triaged capture or a merge of beliefs is not "episodes"', () => {
    const t = freshMind();
    mind = t.mind;
    const capture = add(mind, { type: 'raw', content: 'Deploys on Friday broke the build twice' });
    const beliefs = ['Friday deploys are risky', 'Friday deploys break the build'].map((content) => add(mind, { type: 'belief', content }));
    const write = { actor: 'scheduler:run_test' };
    const triaged = createMemory(mind, { type: 'note', content: capture.content, sourceType: 'consolidation', derivedFrom: [capture.id], reviewStatus: 'pending' }, write);
    const merged = createMemory(
      mind,
      { type: 'belief', content: 'Friday deploys break things', sourceType: 'consolidation', derivedFrom: [...beliefs.map((b) => b.id), capture.id], reviewStatus: 'pending' },
      write,
    );
    const draftedFrom = new Map(listReviewQueue(mind).items.map((item) => [item.id, item.kind === 'memory' ? item.draftedFrom : undefined]));
    expect(draftedFrom.get(triaged.id)).toEqual([{ type: 'raw', count: 1 }]);
    expect(draftedFrom.get(merged.id)).toEqual([
      { type: 'belief', count: 2 },
      { type: 'raw', count: 1 },
    ]);
  });

  it('measures similarity by shared content terms', () => {
    expect(termSimilarity(['a', 'b'], ['a', 'b'])).toBe(1);
    expect(termSimilarity(['a', 'b'], ['c'])).toBe(0);
    expect(termSimilarity(['a', 'b', 'c', 'd'], ['a'])).toBe(0.5);
  });

  it('puts pending proposals in the same order, with what they would do', async () => {
    const t = freshMind();
    mind = t.mind;
    const evidence = Array.from({ length: 5 }, (_, i) => add(mind, { type: 'episode', content: `Friday deploy ${i} broke the build` }));
    createMemory(mind, { type: 'belief', content: 'Friday deploys always break the build', evidence: evidence.map((e) => e.id) }, USER);
    await consolidate(mind);
    Array.from({ length: 9 }, (_, i) =>
      createMemory(mind, { type: 'episode', content: `Deployed service ${i} on Friday → nothing broke`, fields: { outcome: 'nothing broke', lessons: ['Friday deploys never break the build'] } }, AGENT),
    );
    await consolidate(mind);
    const [proposal] = getProposals(mind);
    const queue = listReviewQueue(mind);
    const item = queue.items.find((i) => i.kind === 'proposal');
    expect(item).toMatchObject({ kind: 'proposal', id: proposal?.id, what: 'revise' });
    expect(getReviewDetail(mind, proposal?.id ?? '').evidence).toHaveLength(9);
    expect(countReviewQueue(mind)).toBe(queue.total);
  });
});

describe('undoing a decided proposal', () => {
  it('takes back an applied revision as one action: the old belief active, the revision archived, the proposal pending again', async () => {
    const t = freshMind();
    mind = t.mind;
    const evidence = Array.from({ length: 5 }, (_, i) => add(mind, { type: 'episode', content: `Friday deploy ${i} broke the build` }));
    const belief = createMemory(mind, { type: 'belief', content: 'Friday deploys always break the build', evidence: evidence.map((e) => e.id) }, USER);
    await consolidate(mind);
    Array.from({ length: 9 }, (_, i) =>
      createMemory(mind, { type: 'episode', content: `Deployed service ${i} on Friday → nothing broke`, fields: { outcome: 'nothing broke', lessons: ['Friday deploys never break the build'] } }, AGENT),
    );
    await consolidate(mind);
    const [proposal] = getProposals(mind);
    const [revised] = approveProposal(mind, proposal?.id ?? '', USER);
    expect(findMemoryById(mind.store.db, belief.id)?.status).toBe('superseded');
    undoAction(mind, null, USER);
    expect(findMemoryById(mind.store.db, belief.id)).toMatchObject({ status: 'active', supersededBy: null });
    expect(findMemoryById(mind.store.db, revised?.id ?? '')?.status).toBe('archived');
    expect(getProposals(mind).map((p) => p.id)).toEqual([proposal?.id]);
    // Declined instead: the decline is undone the same way.
    rejectProposal(mind, proposal?.id ?? '', { ...USER, reason: 'the freeze explains it' });
    undoAction(mind, null, USER);
    expect(getProposals(mind).map((p) => p.status)).toEqual(['pending']);
  });
});

describe('bulk review', () => {
  it('summarizes exactly what an approval of many would do before doing it, then does it as one undoable action', () => {
    const t = freshMind();
    mind = t.mind;
    const items = [inferred('One', 1), inferred('Two', 2), inferred('Three', 0)];
    const selected = items.map((m) => ({ id: m.id, expectedVersion: m.version }));
    const before = snapshot(mind);
    const preview = reviewBulk(mind, selected, { action: 'approve', dryRun: true, ...USER });
    expect(snapshot(mind)).toEqual(before);
    expect(preview).toMatchObject({ applied: false, memories: 3, memoryTypes: { belief: 3 } });
    expect(preview.tiers).toEqual(expect.arrayContaining([{ from: 'observed', to: 'observed', count: 2 }, { from: 'inferred', to: 'observed', count: 1 }]));
    expect(preview.lines[0]).toBe('Approve 3 memories: 3 beliefs.');
    expect(preview.lines).toContain('Tier: 1 memory inferred → observed.');

    const done = reviewBulk(mind, selected, { action: 'approve', ...USER });
    expect(done).toEqual({ ...preview, applied: true });
    expect(items.map((m) => findMemoryById(mind.store.db, m.id)?.reviewStatus)).toEqual(['approved', 'approved', 'approved']);
    expect(listReviewQueue(mind).total).toBe(0);
    undoAction(mind, null, USER);
    expect(items.map((m) => findMemoryById(mind.store.db, m.id)?.reviewStatus)).toEqual(['pending', 'pending', 'pending']);
  });

  it('refuses the whole batch, naming the item, when one changed meanwhile; a rejection needs a reason', () => {
    const t = freshMind();
    mind = t.mind;
    const [one, two] = [inferred('One', 1), inferred('Two', 1)];
    editMemory(mind, two.id, { content: 'Two, reworded by the agent' }, { ...AGENT, expectedVersion: two.version });
    const selected = [one, two].map((m) => ({ id: m.id, expectedVersion: m.version }));
    const error = expectRefusedWithoutWrites(mind, () => reviewBulk(mind, selected, { action: 'approve', ...USER }), 'version_conflict');
    expect(error.message).toContain(`${two.id} changed meanwhile (version 1 → 2)`);
    expectRefusedWithoutWrites(mind, () => reviewBulk(mind, [selected[0] as { id: string }], { action: 'reject', reason: '  ', ...USER }), 'invalid_input');
  });
});

describe('merge into an existing memory', () => {
  it('moves the pending item evidence over and supersedes it; a merge across types is refused', () => {
    const t = freshMind();
    mind = t.mind;
    const target = add(mind, { type: 'belief', content: 'Flaky tests hide failures' });
    const pending = inferred('Flaky tests hide real failures', 2);
    const { into, merged } = mergeInto(mind, pending.id, target.id, USER);
    expect(into).toMatchObject({ eventEvidenceCount: 2, timesReinforced: 2 });
    expect(merged).toMatchObject({ status: 'superseded', supersededBy: target.id });
    expect(journalRows(mind, pending.id).at(-1)?.op).toBe('merged');
    const note = add(mind, { type: 'note', content: 'a note' });
    const other = inferred('Something else', 1);
    expectRefusedWithoutWrites(mind, () => mergeInto(mind, other.id, note.id, USER), 'invalid_input');
  });
});

describe('auto-approval', () => {
  it('approves what arrives pending above both thresholds, journaled as auto_approve, and leaves the rest for review', () => {
    const t = freshMind();
    mind = t.mind;
    writeSettings(mind, { review: { autoApprove: true, minConfidence: 0.75, minEvidence: 3 } }, 'user');
    const sure = inferred('Sure enough', 3); // 0.8 with 3 episodes
    const unsure = inferred('Not sure', 1);
    expect(findMemoryById(mind.store.db, sure.id)?.reviewStatus).toBe('approved');
    expect(findMemoryById(mind.store.db, unsure.id)?.reviewStatus).toBe('pending');
    const row = journalRows(mind, sure.id).at(-1);
    expect(row).toMatchObject({ op: 'auto_approve', actor: 'agent:coder' });
    expect(row?.reason).toBe('auto-approved: confidence 0.80 ≥ 0.75 and 3 evidence ≥ 3');
  });

  it('is a setting whose change undo takes back', () => {
    mind = freshMind().mind;
    writeSettings(mind, { review: { autoApprove: true, minConfidence: 0.7 } }, 'user');
    undoAction(mind, null, USER);
    expect(readSettings(mind).review).toEqual({ autoApprove: false, minConfidence: 0.8, minEvidence: 3 });
  });

  it('leaves everything to a person while it is off (the default)', () => {
    const t = freshMind();
    mind = t.mind;
    const sure = inferred('Sure enough', 5);
    expect(findMemoryById(mind.store.db, sure.id)?.reviewStatus).toBe('pending');
  });
});

describe('rejections', () => {
  it('are respected by a later consolidation run, until revoked', async () => {
    const t = freshMind();
    mind = t.mind;
    fridayEpisodes(mind);
    await consolidate(mind);
    const [drafted] = listReviewQueue(mind).items;
    rejectMemory(mind, drafted?.id ?? '', { ...USER, reason: 'Fridays are fine with the freeze' });
    t.clock.advance(DAY_MS);
    fridayEpisodes(mind);
    const again = await consolidate(mind);
    expect(again.droppedByRejection).toBe(1);
    expect(again.created).toBe(0);
    expect(listReviewQueue(mind).total).toBe(0);

    const [rejection] = getRejections(mind).items;
    expect(rejection).toMatchObject({ memoryId: drafted?.id, reason: 'Fridays are fine with the freeze', revokedAt: null });
    revokeRejection(mind, rejection?.seq ?? 0, USER);
    expect(getRejections(mind).items).toEqual([]);
    expect(getRejections(mind, { status: 'revoked' }).items).toHaveLength(1);
    t.clock.advance(DAY_MS);
    fridayEpisodes(mind);
    expect((await consolidate(mind)).created).toBe(1);
  });
});
