/** Confidence trails read from memory_versions on a real mind: moves kept, repeats collapsed, as-of cut, thinned. */
import { afterEach, describe, expect, it } from 'vitest';
import { TRAIL_POINTS } from '../../shared/contract/timeline';
import { reinforceMemory } from './confidence-ops';
import { getConfidenceTrails } from './confidence-trails';
import { editMemory } from './edit';
import type { Mind } from './mind';
import { DAY_MS, USER, add, expectMindError, freshMind } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('getConfidenceTrails', () => {
  it('gives a reinforced memory its confidence after each move, cuts at an instant, and none to an unchanged one', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'Builds run on the self-hosted runner', confidence: 0.5 });
    const still = add(mind, { type: 'note', content: 'The wiki lives on Confluence', confidence: 0.7 });
    editMemory(mind, still.id, { content: 'The wiki lives in the repository' }, { ...USER, expectedVersion: 1 });
    const confidences = [note.confidence];
    let firstReinforced = 0;
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(DAY_MS);
      if (i === 0) firstReinforced = t.clock.now();
      confidences.push(reinforceMemory(mind, note.id, {}, USER).confidence);
    }
    // An edit makes a version with the same confidence: it is not a point of the trail.
    editMemory(mind, note.id, { content: 'Builds run on the shared runner' }, { ...USER, expectedVersion: 4 });

    expect(new Set(confidences).size).toBe(4);
    expect(getConfidenceTrails(mind, [note.id, still.id, 'no-such-memory'])).toEqual({ [note.id]: confidences });
    expect(getConfidenceTrails(mind, [note.id], { asOf: firstReinforced })).toEqual({ [note.id]: confidences.slice(0, 2) });
    expect(getConfidenceTrails(mind, [note.id], { asOf: firstReinforced - 1 })).toEqual({});
  });

  it('thins a long trail to a row-sized one that keeps the first and last values', () => {
    const t = freshMind();
    mind = t.mind;
    const note = add(mind, { type: 'note', content: 'Deploys go out on Tuesdays', confidence: 0.1 });
    const confidences = [note.confidence];
    for (let i = 0; i < 40; i += 1) {
      t.clock.advance(DAY_MS);
      confidences.push(reinforceMemory(mind, note.id, {}, USER).confidence);
    }
    const trail = getConfidenceTrails(mind, [note.id])[note.id] ?? [];
    expect(trail).toHaveLength(TRAIL_POINTS);
    expect([trail[0], trail.at(-1)]).toEqual([confidences[0], confidences.at(-1)]);
  });

  it('refuses more ids than one call takes', () => {
    mind = freshMind().mind;
    expectMindError(() => getConfidenceTrails(mind, Array.from({ length: 201 }, (_, i) => `m${i}`)), 'invalid_input');
  });
});
