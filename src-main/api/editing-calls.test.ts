/** The editing calls over the real API: every one answered in its schema, conflicts, refused reasons, undo, the scan's events. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MindEvent } from '../../shared/contract';
import type { EDITING_CALLS } from '../../shared/contract/editing';
import { createMemory } from '../mind/create';
import { editMemory } from '../mind/edit';
import { openMind } from '../mind/mind';
import { type ApiFixture, apiFixture, callFails, callOk, waitFor } from './api-test-support';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(() => f.dispose());

const AGENT = { actor: 'agent:coder' };

/** Adds what the editing calls act on: pending inferences, a raw capture, contradicting beliefs. */
function addReviewables(path: string) {
  const mind = openMind(path);
  try {
    const episodes = [1, 2, 3].map((i) => createMemory(mind, { type: 'episode', content: `Flaky test hid a failure, run ${i}` }, AGENT));
    const pending = [1, 2, 3, 4, 5].map((i) =>
      createMemory(mind, { type: 'belief', content: `Flaky tests hide failures (${i})`, sourceType: 'inference', evidence: episodes.slice(0, i % 3).map((e) => e.id) }, AGENT),
    );
    const raw = [1, 2, 3].map((i) => createMemory(mind, { type: 'raw', content: `user: the deploy broke again (${i})` }, AGENT));
    const always = createMemory(mind, { type: 'belief', content: 'Always squash commits' }, AGENT);
    const never = createMemory(mind, { type: 'belief', content: 'Never squash commits' }, AGENT);
    return { pending, raw, always, never, episodes };
  } finally {
    mind.close();
  }
}

describe('the editing calls', () => {
  it('answer every call in its response schema, on a mind with something to decide', async () => {
    const m = addReviewables(f.mindPath);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const flagged = await callOk(f.api, 'contradictions.flag', { a: m.always.id, b: m.never.id, note: 'seen in review' });
    const [p0, p1, p2, p3, p4] = m.pending;
    const [r0, r1, r2] = m.raw;
    const payloads: Record<keyof typeof EDITING_CALLS, unknown> = {
      'review.queue': {},
      'review.detail': { id: p0?.id },
      'review.nearest': { id: p0?.id },
      'review.approve': { id: p0?.id, expectedVersion: 1 },
      'review.editAndApprove': { id: p1?.id, expectedVersion: 1, content: 'Flaky tests hide real failures' },
      'review.merge': { id: p2?.id, expectedVersion: 1, into: p0?.id },
      'review.reject': { id: p3?.id, expectedVersion: 1, reason: 'a duplicate' },
      'review.approveProposal': { id: 'pr_none' },
      'review.rejectProposal': { id: 'pr_none', reason: 'no' },
      'review.bulk': { action: 'approve', items: [{ id: p4?.id }], dryRun: true },
      'review.applyAutoApproval': {},
      'rejections.list': {},
      'rejections.revoke': { seq: 1 },
      'editing.verify': { id: m.always.id, expectedVersion: 1, evidence: { kind: 'file', value: 'CONTRIBUTING.md' } },
      'editing.reinforce': { id: m.never.id, expectedVersion: 1, evidence: m.episodes[2]?.id },
      'editing.supersedePreview': { id: f.ids.belief },
      'editing.supersede': { id: f.ids.belief, expectedVersion: 1, content: 'Friday releases go wrong without a freeze' },
      'editing.promote': { id: r0?.id, expectedVersion: 1, to: 'episode', text: 'The deploy broke' },
      'inbox.list': {},
      'inbox.promoteMany': { items: [{ id: r1?.id, expectedVersion: 1 }], to: 'note' },
      'inbox.dismiss': { items: [{ id: r2?.id, expectedVersion: 1 }] },
      'contradictions.list': { which: 'all' },
      'contradictions.get': { id: flagged.contradiction.id },
      'contradictions.flag': { a: m.episodes[0]?.id, b: m.episodes[1]?.id },
      'contradictions.resolve': { id: flagged.contradiction.id, as: 'tension', note: 'both hold' },
      'contradictions.reopen': { id: flagged.contradiction.id },
      'contradictions.scanState': {},
      'contradictions.scan': {},
      'contradictions.cancelScan': {},
      'undo.apply': {},
      'attention.counts': {},
    };
    // Proposals are made by consolidation runs; with none, deciding one is a typed not_found.
    const typedFailures = new Set(['review.approveProposal', 'review.rejectProposal']);
    for (const name of Object.keys(payloads) as (keyof typeof EDITING_CALLS)[]) {
      if (typedFailures.has(name)) {
        await callFails(f.api, name, payloads[name], 'not_found');
        continue;
      }
      await callOk(f.api, name, payloads[name]);
    }
  });

  it('queue → approve → undo, with attention counts following', async () => {
    const m = addReviewables(f.mindPath);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const before = await callOk(f.api, 'attention.counts');
    expect(before).toEqual({ review: 5, inbox: 3, openContradictions: 0, stale: { count: 0, capped: false } });
    const queue = await callOk(f.api, 'review.queue', { limit: 2 });
    expect(queue.total).toBe(5);
    expect(queue.items).toHaveLength(2);
    expect(queue.nextCursor).not.toBeNull();
    const first = queue.items[0];
    if (first?.kind !== 'memory') throw new Error('expected a memory first');
    const approved = await callOk(f.api, 'review.approve', { id: first.id, expectedVersion: first.memory.version });
    expect(approved.memory.reviewStatus).toBe('approved');
    expect((await callOk(f.api, 'attention.counts')).review).toBe(4);
    const undone = await callOk(f.api, 'undo.apply', { entry: approved.action });
    expect(undone).toMatchObject({ undone: approved.action, redo: false, memories: [first.id] });
    expect((await callOk(f.api, 'attention.counts')).review).toBe(5);
    expect(m.pending.map((p) => p.id)).toContain(first.id);
  });

  it('reinforce by hand: an episode becomes supporting evidence, text stays in the journal, undo takes it back', async () => {
    const m = addReviewables(f.mindPath);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const episode = m.episodes[0]?.id as string;
    const before = await callOk(f.api, 'memories.get', { id: m.always.id });
    const linked = await callOk(f.api, 'editing.reinforce', { id: m.always.id, expectedVersion: before.version, evidence: episode });
    // A belief observed once more: α + 1, and confidence is α / (α + β).
    const { alpha, beta } = linked.memory as { alpha: number; beta: number };
    expect(alpha).toBe((before.alpha ?? 1) + 1);
    expect(linked.memory.confidence).toBeCloseTo(alpha / (alpha + beta), 12);
    expect(linked.memory.timesReinforced).toBe(before.timesReinforced + 1);
    expect(linked.memory.provenance.evidence.map((e) => e.id)).toEqual([episode]);

    await callOk(f.api, 'undo.apply', { entry: linked.action });
    const restored = await callOk(f.api, 'memories.get', { id: m.always.id });
    expect([restored.confidence, restored.alpha, restored.timesReinforced]).toEqual([before.confidence, before.alpha, before.timesReinforced]);
    expect(restored.provenance.evidence).toEqual([]);

    const noted = await callOk(f.api, 'editing.reinforce', { id: m.always.id, expectedVersion: restored.version, evidence: 'Held again in the March release' });
    expect(noted.memory.timesReinforced).toBe(before.timesReinforced + 1);
    expect(noted.memory.provenance.evidence).toEqual([]);
    const [newest] = await callOk(f.api, 'memories.history', { id: m.always.id });
    expect(newest).toMatchObject({ op: 'reinforce', actor: 'user', evidence: 'Held again in the March release' });

    // Refused without writing: a stale version, and an episode that does not exist.
    await callFails(f.api, 'editing.reinforce', { id: m.always.id, expectedVersion: before.version }, 'version_conflict');
    await callFails(f.api, 'editing.reinforce', { id: m.always.id, expectedVersion: noted.memory.version, evidence: 'ep_000000000000' }, 'not_found');
    expect((await callOk(f.api, 'memories.get', { id: m.always.id })).version).toBe(noted.memory.version);
  });

  it('an item changed meanwhile is a version_conflict that changes nothing; an empty rejection reason is refused by the contract', async () => {
    const m = addReviewables(f.mindPath);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const target = m.pending[0];
    const outside = openMind(f.mindPath);
    editMemory(outside, target?.id ?? '', { content: 'Reworded by the agent' }, { ...AGENT, expectedVersion: 1 });
    outside.close();
    const conflict = await callFails(f.api, 'review.approve', { id: target?.id, expectedVersion: 1 }, 'version_conflict');
    expect(conflict.message).toContain('changed since you saw it');
    expect((await callOk(f.api, 'memories.get', { id: target?.id })).reviewStatus).toBe('pending');
    const refused = await callFails(f.api, 'review.reject', { id: target?.id, expectedVersion: 2, reason: '   ' }, 'invalid_input');
    expect(refused.message).toContain('reason');
    await callFails(f.api, 'review.bulk', { action: 'reject', items: [{ id: target?.id, expectedVersion: 2 }] }, 'invalid_input');
  });

  it('runs a contradiction scan, pushing its progress and its end as events', async () => {
    addReviewables(f.mindPath);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const events: MindEvent[] = [];
    const unsubscribe = f.api.subscribe((event) => events.push(event));
    const started = await callOk(f.api, 'contradictions.scan');
    expect(started.running).toBe(true);
    await callFails(f.api, 'contradictions.scan', {}, 'invalid_state');
    await waitFor(() => events.some((e) => e.type === 'contradictions.scan' && !e.payload.running), 'the scan to finish');
    unsubscribe();
    const end = await callOk(f.api, 'contradictions.scanState');
    expect(end).toMatchObject({ running: false, finished: 'done', recorded: 1, fraction: 1 });
    const list = await callOk(f.api, 'contradictions.list');
    expect(list.open).toBe(1);
    expect(list.items[0]?.kind).toBe('negation');
  });
});
