/** Stale memories: the browser's filter and the overview's capped count, by the decay rule's periods. */
import { afterEach, describe, expect, it } from 'vitest';
import { reinforceMemory } from './confidence-ops';
import { listMemories } from './list';
import type { Mind } from './mind';
import { countStale } from './stale';
import { DAY_MS, USER, add, freshMind } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('stale memories', () => {
  it('are those a whole decay period past their last verification or reinforcement, by the decay rule', () => {
    const t = freshMind();
    mind = t.mind;
    const belief = add(mind, { type: 'belief', content: 'old belief' });
    add(mind, { type: 'value', content: 'old value' });
    const raw = add(mind, { type: 'raw', content: 'captures never go stale' });
    const refreshed = add(mind, { type: 'note', content: 'reinforced lately' });
    t.clock.advance(45 * DAY_MS);
    reinforceMemory(mind, refreshed.id, {}, USER);
    add(mind, { type: 'episode', content: 'new episode' });
    const listed = listMemories(mind, { filter: { stale: true }, sort: 'created', direction: 'asc' }).items.map((m) => m.id);
    // A value decays per 60 days: at 45 days it is not stale yet; a belief (30 days) is.
    expect(listed).toEqual([belief.id]);
    expect(countStale(mind)).toEqual({ count: 1, capped: false });
    t.clock.advance(31 * DAY_MS);
    // 76 days: the value (60-day period) too, the note reinforced 31 days ago too, the 31-day-old episode too.
    expect(listMemories(mind, { filter: { stale: true }, sort: 'created', direction: 'asc' }).items.map((m) => m.type)).toEqual(['belief', 'value', 'note', 'episode']);
    expect(raw.type).toBe('raw');
  });
});
