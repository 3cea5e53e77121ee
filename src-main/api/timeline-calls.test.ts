/** The timeline calls over the real API: answered in their schemas, the revert as an action of its own, typed refusals. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandTimeline } from '../../shared/timeline-events';
import { reinforceMemory } from '../mind/confidence-ops';
import { createMemory } from '../mind/create';
import { editMemory } from '../mind/edit';
import { openMind } from '../mind/mind';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(() => f.dispose());

function addEditedNote(path: string): string {
  const mind = openMind(path);
  try {
    const note = createMemory(mind, { type: 'note', content: 'Retros are on Thursdays' }, { actor: 'user' });
    editMemory(mind, note.id, { content: 'Retros are on Fridays' }, { actor: 'user', expectedVersion: 1 });
    return note.id;
  } finally {
    mind.close();
  }
}

describe('the timeline calls', () => {
  it('give the timeline and changes, and revert a field as a new entry that undo takes back', async () => {
    const id = addEditedNote(f.mindPath);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const timeline = await callOk(f.api, 'memories.timeline', { id });
    expect(expandTimeline(timeline).events.map((e) => e.cause)).toEqual(['created', 'edited']);
    const changes = await callOk(f.api, 'memories.changes', { id });
    expect(changes.items.map((c) => [c.op, c.memoryVersion])).toEqual([
      ['edit', 2],
      ['create', 1],
    ]);

    await callFails(f.api, 'memories.revertField', { id, field: 'content', toVersion: 1, expectedVersion: 1 }, 'version_conflict');
    await callFails(f.api, 'memories.revertField', { id, field: 'status', toVersion: 1, expectedVersion: 2 }, 'invalid_input');
    const reverted = await callOk(f.api, 'memories.revertField', { id, field: 'content', toVersion: 1, expectedVersion: 2 });
    expect(reverted.memory).toMatchObject({ content: 'Retros are on Thursdays', version: 3 });
    expect(reverted.entry).toMatchObject({ op: 'revert_field', memoryVersion: 3, before: { content: 'Retros are on Fridays' } });
    expect((await callOk(f.api, 'memories.changes', { id })).items).toHaveLength(3);

    await callOk(f.api, 'undo.apply', { entry: reverted.action });
    expect((await callOk(f.api, 'memories.get', { id })).content).toBe('Retros are on Fridays');
  });

  it('give a page of rows their confidence trails in one call, only for memories whose confidence moved', async () => {
    const id = addEditedNote(f.mindPath);
    const mind = openMind(f.mindPath);
    const reinforced = createMemory(mind, { type: 'note', content: 'Standups are at ten', confidence: 0.5 }, { actor: 'user' });
    const after = reinforceMemory(mind, reinforced.id, {}, { actor: 'user' });
    mind.close();
    await callOk(f.api, 'session.open', { path: f.mindPath });
    expect(await callOk(f.api, 'memories.confidenceTrails', { ids: [id, reinforced.id] })).toEqual({
      trails: { [reinforced.id]: [0.5, after.confidence] },
    });
    await callFails(f.api, 'memories.confidenceTrails', { ids: Array.from({ length: 201 }, (_, i) => `m${i}`) }, 'invalid_input');
  });
});
