import { afterEach, describe, expect, it } from 'vitest';
import { findMemoryById } from '../store/memories-repo';
import { editMemory } from './edit';
import { getHistory } from './history';
import type { Mind } from './mind';
import { searchMemories } from './search';
import { DAY_MS, add, expectRefusedWithoutWrites, freshMind, journalCount, lastJournal } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('editMemory', () => {
  it('bumps the version, updates the time, and journals exactly what changed', () => {
    const t = freshMind();
    mind = t.mind;
    const m = add(mind, { type: 'note', content: 'first words', fields: { noteType: 'idea' } });
    const at = t.clock.advance(DAY_MS);
    const edited = editMemory(mind, m.id, { content: ' second words ' }, { actor: 'user', expectedVersion: 1, reason: 'typo' });
    expect(edited.version).toBe(2);
    expect(edited.content).toBe('second words');
    expect(edited.updatedAt).toBe(at);
    expect(edited.createdAt).toBe(m.createdAt);
    const row = lastJournal(mind, m.id);
    expect(row.op).toBe('edit');
    expect(row.actor).toBe('user');
    expect(row.reason).toBe('typo');
    expect(row.at).toBe(at);
    expect(row.before).toEqual({ content: 'first words' });
    expect(row.after).toEqual({ content: 'second words' });
    expect(row.confidence_before).toBe(0.8);
    expect(row.confidence_after).toBe(0.8);
  });

  it('merges fields over the current ones and removes a key set to null', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'belief', fields: { subject: 'tests', context: 'work', timeframe: 'current' } });
    const edited = editMemory(
      mind,
      m.id,
      { fields: { context: null, beliefType: 'fact' } },
      { actor: 'user', expectedVersion: 1 },
    );
    expect(edited.fields).toEqual({ subject: 'tests', timeframe: 'current', beliefType: 'fact' });
    const row = lastJournal(mind, m.id);
    expect(row.before).toEqual({ fields: { subject: 'tests', context: 'work', timeframe: 'current' } });
    expect(row.after).toEqual({ fields: { subject: 'tests', timeframe: 'current', beliefType: 'fact' } });
  });

  it('journals before/after for each changed column and leaves unchanged ones out', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'goal', confidence: 0.6, scope: 'global' });
    editMemory(mind, m.id, { confidence: 0.7, scope: 'global', project: 'p1' }, { actor: 'user', expectedVersion: 1 });
    const row = lastJournal(mind, m.id);
    expect(row.before).toEqual({ confidence: 0.6, project: null });
    expect(row.after).toEqual({ confidence: 0.7, project: 'p1' });
    expect(row.confidence_before).toBe(0.6);
    expect(row.confidence_after).toBe(0.7);
  });

  it('follows the history: each edit names the version it saw', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note', content: 'v1' });
    editMemory(mind, m.id, { content: 'v2' }, { actor: 'user', expectedVersion: 1 });
    editMemory(mind, m.id, { content: 'v3' }, { actor: 'agent:bot', expectedVersion: 2 });
    const history = getHistory(mind, m.id);
    expect(history.map((h) => [h.op, h.actor, h.after?.content])).toEqual([
      ['create', 'user', 'v1'],
      ['edit', 'user', 'v2'],
      ['edit', 'agent:bot', 'v3'],
    ]);
    expect(history[2]?.before).toEqual({ content: 'v2' });
  });

  it('keeps full-text search in step with the content', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note', content: 'pelican facts' });
    editMemory(mind, m.id, { content: 'albatross facts' }, { actor: 'user', expectedVersion: 1 });
    expect(searchMemories(mind, 'pelican')).toHaveLength(0);
    expect(searchMemories(mind, 'albatross').map((r) => r.id)).toEqual([m.id]);
  });

  it('refuses a stale version with the conflict details, and writes nothing', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note', content: 'original' });
    editMemory(mind, m.id, { content: 'changed by someone else' }, { actor: 'user', expectedVersion: 1 });
    const rowBefore = findMemoryById(mind.store.db, m.id);
    const error = expectRefusedWithoutWrites(
      mind,
      () => editMemory(mind, m.id, { content: 'my stale change' }, { actor: 'user', expectedVersion: 1 }),
      'version_conflict',
    );
    expect(error.details).toMatchObject({ id: m.id, expectedVersion: 1, actualVersion: 2 });
    expect((error.details?.current as { content: string }).content).toBe('changed by someone else');
    expect(findMemoryById(mind.store.db, m.id)).toEqual(rowBefore);
  });

  it("refuses to set a belief's confidence directly, writing nothing", () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief' });
    const error = expectRefusedWithoutWrites(
      mind,
      () => editMemory(mind, belief.id, { confidence: 0.9 }, { actor: 'user', expectedVersion: 1 }),
      'invalid_input',
    );
    expect(error.message).toMatch(/verify, reinforce or add counter-evidence/);
    expect(findMemoryById(mind.store.db, belief.id)?.confidence).toBe(0.5);
  });

  it('refuses an edit without an expected version, an empty content, and an empty patch', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note' });
    expectRefusedWithoutWrites(
      mind,
      () => editMemory(mind, m.id, { content: 'x' }, { actor: 'user' } as never),
      'invalid_input',
    );
    expectRefusedWithoutWrites(mind, () => editMemory(mind, m.id, { content: '   ' }, { actor: 'user', expectedVersion: 1 }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => editMemory(mind, m.id, {}, { actor: 'user', expectedVersion: 1 }), 'invalid_input');
  });

  it('refuses fields the type does not have, and a removal that leaves a field invalid', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'drive', fields: { intensity: 0.3 } });
    expectRefusedWithoutWrites(
      mind,
      () => editMemory(mind, m.id, { fields: { trust: 0.5 } }, { actor: 'user', expectedVersion: 1 }),
      'invalid_fields',
    );
    expectRefusedWithoutWrites(
      mind,
      () => editMemory(mind, m.id, { fields: { intensity: 3 } }, { actor: 'user', expectedVersion: 1 }),
      'invalid_fields',
    );
    expect(journalCount(mind)).toBe(1);
  });

  it('refuses an empty scope, like create does', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note' });
    expectRefusedWithoutWrites(mind, () => editMemory(mind, m.id, { scope: '' }, { actor: 'user', expectedVersion: 1 }), 'invalid_input');
  });

  it('refuses values of the wrong kind with a typed error, not a crash', () => {
    ({ mind } = freshMind());
    const m = add(mind, { type: 'note' });
    const edit = (input: unknown) => () => editMemory(mind, m.id, input as never, { actor: 'user', expectedVersion: 1 });
    expectRefusedWithoutWrites(mind, edit({ content: 42 }), 'invalid_input');
    expectRefusedWithoutWrites(mind, edit({ fields: 'noteType=idea' }), 'invalid_input');
    expectRefusedWithoutWrites(mind, edit({ confidence: '0.5' }), 'invalid_input');
    expectRefusedWithoutWrites(mind, edit(null), 'invalid_input');
  });
});
