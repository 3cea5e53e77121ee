import { afterEach, describe, expect, it } from 'vitest';
import { addCounterEvidence } from './confidence-ops';
import { contextPack } from './context-pack';
import { scanContradictions } from './contradictions';
import { USER, add, expectRefusedWithoutWrites, freshMind, journalRows, type TestMind } from './test-support';

const AGENT = { actor: 'agent:tester' } as const;

let t: TestMind;
afterEach(() => t.mind.close());

describe('a context pack for a task', () => {
  it('holds the relevant beliefs, the values and goals that bear on the task, its open contradictions and what is uncertain', () => {
    t = freshMind();
    const { mind } = t;
    const episode = add(mind, { type: 'episode', content: 'Deployed the billing service on a Friday and it broke' });
    const belief = add(mind, { type: 'belief', content: 'Billing deploys should wait for Monday', evidence: [episode.id] });
    const never = add(mind, { type: 'belief', content: 'Billing deploys must never happen on Friday' });
    const always = add(mind, { type: 'belief', content: 'Billing deploys must always happen on Friday' });
    scanContradictions(mind, { actor: 'user' });
    const inferred = add(mind, { type: 'belief', content: 'Billing deploys break because of the cache', sourceType: 'inference' });
    const doubted = add(mind, { type: 'belief', content: 'Billing deploys are safe at night' });
    addCounterEvidence(mind, doubted.id, { evidence: 'broke at night' }, USER);
    addCounterEvidence(mind, doubted.id, { evidence: 'broke again' }, USER);
    const value = add(mind, { type: 'value', content: 'Billing correctness comes before deploy speed', fields: { priority: 40 } });
    const standingValue = add(mind, { type: 'value', content: 'Say so when unsure', fields: { priority: 90 } });
    const lowValue = add(mind, { type: 'value', content: 'Keep the desk tidy', fields: { priority: 1 } });
    const goal = add(mind, { type: 'goal', content: 'Make billing deploys boring', fields: { priority: 'high' } });
    add(mind, { type: 'goal', content: 'Billing deploys on Fridays', fields: { goalStatus: 'abandoned' } });
    const standingGoal = add(mind, { type: 'goal', content: 'Learn the new observability stack', fields: { priority: 'medium' } });
    add(mind, { type: 'note', content: 'Lunch is at noon' });

    const pack = contextPack(mind, { task: 'Plan the billing deploy for Friday', limit: 2 }, AGENT);
    const of = (entries: { memory: { id: string } }[]) => entries.map((e) => e.memory.id);

    expect(of(pack.beliefs)).toHaveLength(2);
    for (const id of of(pack.beliefs)) expect([belief.id, never.id, always.id]).toContain(id);
    expect(of(pack.values)).toEqual([value.id, standingValue.id]);
    expect(pack.values[1]?.why).toContain('a standing value (priority 90)');
    expect(of(pack.values)).not.toContain(lowValue.id);
    expect(of(pack.goals)).toEqual([goal.id, standingGoal.id]);
    expect(pack.contradictions.map((c) => new Set([c.a.id, c.b.id]))).toEqual([new Set([never.id, always.id])]);
    expect(of(pack.uncertain)).toEqual(expect.arrayContaining([inferred.id, doubted.id]));
    expect(of(pack.beliefs)).not.toContain(inferred.id);
    expect(of(pack.beliefs)).not.toContain(doubted.id);

    // What the pack brought to mind counts as retrieved, under the agent's name.
    const accessed = journalRows(mind, standingValue.id).filter((row) => row.op === 'access');
    expect(accessed.map((row) => row.actor)).toEqual(['agent:tester']);
  });

  it('an empty mind gives an empty pack; a bad limit is refused', () => {
    t = freshMind();
    const { mind } = t;
    expect(contextPack(mind, { task: 'anything at all' }, AGENT)).toEqual({
      task: 'anything at all',
      beliefs: [],
      values: [],
      goals: [],
      contradictions: [],
      uncertain: [],
    });
    expectRefusedWithoutWrites(mind, () => contextPack(mind, { task: 'x', limit: 0 }, AGENT), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => contextPack(mind, { task: ' ' }, AGENT), 'invalid_input');
  });
});
