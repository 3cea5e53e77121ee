import { afterEach, describe, expect, it } from 'vitest';
import { TIER_BOOST } from '../../shared/rules/tiers';
import { recordAccess } from './access';
import { addCounterEvidence, verifyMemory } from './confidence-ops';
import { archiveMemory } from './lifecycle';
import type { Mind } from './mind';
import { type RecallOptions, recall } from './recall';
import { approveMemory } from './review';
import { DAY_MS, USER, add, expectRefusedWithoutWrites, freshMind, journalRows, type TestMind } from './test-support';

const AGENT = { actor: 'agent:tester' } as const;
const HOUR_MS = 3_600_000;

let t: TestMind;
afterEach(() => t.mind.close());

const ids = (mind: Mind, query: string, options: Partial<RecallOptions> = {}, limit?: number) =>
  recall(mind, { query, limit }, { ...AGENT, recordAccess: false, ...options }).hits.map((h) => h.memory.id);

describe('recall ranks by tier, confidence and retrieval strength', () => {
  it('the same words rank grounded > observed > inferred > hypothesis, by exactly the tier boosts', () => {
    t = freshMind();
    const { mind } = t;
    const text = 'The harbor crane needs a lubricant check every spring';
    const hypothesis = add(mind, { type: 'note', content: text, confidence: 0.9 });
    const inferred = add(mind, { type: 'note', content: text, confidence: 0.9, reviewStatus: 'pending' });
    const observed = add(mind, { type: 'note', content: text, confidence: 0.9, reviewStatus: 'approved' });
    const grounded = add(mind, {
      type: 'note',
      content: text,
      confidence: 0.8,
      reviewStatus: 'approved',
      evidenceRefs: [{ kind: 'code', ref: 'cranes/lubricant.ts:12' }],
    });
    verifyMemory(mind, grounded.id, { evidence: 'read the maintenance code' }, USER); // 0.8 + 0.1: the same confidence as the others

    const result = recall(mind, { query: 'harbor crane lubricant' }, { ...AGENT, recordAccess: false });
    expect(result.hits.map((h) => h.memory.id)).toEqual([grounded.id, observed.id, inferred.id, hypothesis.id]);
    expect(result.hits.map((h) => h.signals.tier)).toEqual(['grounded', 'observed', 'inferred', 'hypothesis']);
    const [g, o, i, h] = result.hits.map((hit) => hit.score) as [number, number, number, number];
    expect(g / h).toBeCloseTo(TIER_BOOST.grounded / TIER_BOOST.hypothesis, 9);
    expect(o / h).toBeCloseTo(TIER_BOOST.observed / TIER_BOOST.hypothesis, 9);
    expect(i / h).toBeCloseTo(TIER_BOOST.inferred / TIER_BOOST.hypothesis, 9);
    expect(result.hits[0]?.why).toContain('grounded ×2');
    expect(result.hits[0]?.why).toContain('"harbor", "crane", "lubricant"');
    expect(result.hits[3]?.why).toContain('hypothesis ×0.5');
  });

  it('a memory recalled an hour ago comes to mind first; after a month unrecalled it falls behind a never-recalled one', () => {
    t = freshMind();
    const { mind, clock } = t;
    const fresh = add(mind, { type: 'note', content: 'Lantern batteries last two winters' });
    const recalled = add(mind, { type: 'note', content: 'Lantern batteries last two winters' });
    recordAccess(mind, recalled.id, AGENT);
    clock.advance(HOUR_MS);
    const soon = recall(mind, { query: 'lantern batteries' }, { ...AGENT, recordAccess: false }).hits;
    expect(soon.map((h) => h.memory.id)).toEqual([recalled.id, fresh.id]);
    expect(soon[0]?.signals.retrievalStrength).toBeCloseTo(Math.exp(-1 / 24), 9);
    expect(soon[1]?.signals.retrievalStrength).toBe(0.5);
    expect(soon[0]?.why).toContain('recalled 1 h ago');
    expect(soon[1]?.why).toContain('never recalled before');

    clock.advance(30 * DAY_MS);
    expect(ids(mind, 'lantern batteries')).toEqual([fresh.id, recalled.id]);
  });

  it('a more confident memory ranks first among equals; a doubted belief is left out unless asked for', () => {
    t = freshMind();
    const { mind } = t;
    const sure = add(mind, { type: 'note', content: 'Granite counters stain with lemon juice', confidence: 0.95 });
    const unsure = add(mind, { type: 'note', content: 'Granite counters stain with lemon juice', confidence: 0.3 });
    expect(ids(mind, 'granite lemon')).toEqual([sure.id, unsure.id]);

    const doubted = add(mind, { type: 'belief', content: 'Granite never stains' });
    addCounterEvidence(mind, doubted.id, { evidence: 'it stained' }, USER);
    addCounterEvidence(mind, doubted.id, { evidence: 'it stained again' }, USER); // α 1, β 3: 0.25
    expect(ids(mind, 'granite stains')).not.toContain(doubted.id);
    expect(ids(mind, 'granite stains', { keepDoubted: true })).toContain(doubted.id);
  });
});

describe('recall blends the types and tags them', () => {
  it('episodes and beliefs come back on one list with their types; types narrows it', () => {
    t = freshMind();
    const { mind } = t;
    const episode = add(mind, { type: 'episode', content: 'Rebuilt the orchard irrigation timer', fields: { outcome: 'watering at dawn works' } });
    const belief = add(mind, { type: 'belief', content: 'The orchard irrigation timer drifts in winter', evidence: [episode.id] });
    const raw = add(mind, { type: 'raw', content: 'orchard irrigation timer beeping again' });
    archiveMemory(mind, raw.id, USER);

    const blended = recall(mind, { query: 'orchard irrigation timer' }, { ...AGENT, recordAccess: false }).hits;
    expect(new Set(blended.map((h) => h.memory.type))).toEqual(new Set(['episode', 'belief']));
    expect(blended.map((h) => h.memory.id)).not.toContain(raw.id); // archived: not offered
    expect(ids(mind, 'orchard irrigation timer', { recordAccess: false }, 1)).toHaveLength(1);
    expect(recall(mind, { query: 'orchard timer', types: ['belief'] }, { ...AGENT, recordAccess: false }).hits.map((h) => h.memory.id)).toEqual([
      belief.id,
    ]);
  });

  it('finds memories by any of the words, and those holding all of them first', () => {
    t = freshMind();
    const { mind } = t;
    const both = add(mind, { type: 'note', content: 'The meadow gate latch sticks' });
    const one = add(mind, { type: 'note', content: 'The meadow floods in March' });
    add(mind, { type: 'note', content: 'Nothing about it here' });
    expect(ids(mind, 'Which latch sticks at the meadow?')).toEqual([both.id, one.id]);
    expect(ids(mind, 'the of and')).toEqual([]); // only stop words: nothing to search for
  });
});

describe('recalling is a retrieval: it updates access statistics and stability', () => {
  it('each hit gets access_count + 1, last accessed now, and a spaced access grows its stability', () => {
    t = freshMind();
    const { mind, clock } = t;
    const note = add(mind, { type: 'note', content: 'Harbor tide tables are on the wall' });
    const other = add(mind, { type: 'note', content: 'Unrelated words entirely' });
    recall(mind, { query: 'harbor tide' }, AGENT);
    clock.advance(2 * DAY_MS);
    const second = recall(mind, { query: 'harbor tide' }, AGENT);
    expect(second.hits[0]?.memory.id).toBe(note.id);
    const accesses = journalRows(mind, note.id).filter((row) => row.op === 'access');
    expect(accesses.map((row) => row.actor)).toEqual(['agent:tester', 'agent:tester']);
    const after = JSON.parse(accesses[1]?.after ?? '{}') as { stability: number; lastAccessedAt: number };
    expect(after.stability).toBeCloseTo(1 * (1 + 0.1 * Math.log(1 + 48 / 24)), 9);
    expect(after.lastAccessedAt).toBe(clock.now());
    const reread = recall(mind, { query: 'harbor tide' }, { ...AGENT, recordAccess: false }).hits[0]?.memory;
    expect(reread?.accessCount).toBe(2);
    expect(journalRows(mind, other.id).filter((row) => row.op === 'access')).toEqual([]);
  });

  it('bad requests are refused with invalid_input and write nothing', () => {
    t = freshMind();
    const { mind } = t;
    add(mind, { type: 'note', content: 'something to find' });
    expectRefusedWithoutWrites(mind, () => recall(mind, { query: '  ' }, AGENT), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => recall(mind, { query: 'find', limit: 0 }, AGENT), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => recall(mind, { query: 'find', limit: 51 }, AGENT), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => recall(mind, { query: 'find', types: ['nope' as never] }, AGENT), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => recall(mind, { query: 'find' }, { actor: 'robot' }), 'invalid_input');
  });

  it('an approved memory reads as observed in its why', () => {
    t = freshMind();
    const { mind } = t;
    const note = add(mind, { type: 'note', content: 'Orchard ladders go back in the shed', reviewStatus: 'pending' });
    approveMemory(mind, note.id, USER);
    expect(recall(mind, { query: 'orchard ladders' }, { ...AGENT, recordAccess: false }).hits[0]?.why).toContain('observed ×1.5 (approved by a person');
  });
});
