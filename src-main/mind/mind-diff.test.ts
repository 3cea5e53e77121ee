import { afterEach, describe, expect, it } from 'vitest';
import type { DiffCategory } from '../../shared/mind-diff';
import { reinforceMemory } from './confidence-ops';
import { editMemory } from './edit';
import { archiveMemory, forgetMemory } from './lifecycle';
import { getDiffCounts, getDiffPage } from './mind-diff';
import type { Mind } from './mind';
import { approveMemory, rejectMemory } from './review';
import { supersedeBelief } from './supersede';
import { DAY_MS, T0, USER, add, expectRefusedWithoutWrites, freshMind } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

/** A mind with a quiet first day, then one day where each category gets something. */
function busyDay() {
  const t = freshMind();
  mind = t.mind;
  const old = add(mind, { type: 'belief', content: 'Deploys are safe on Fridays' });
  const edited = add(mind, { type: 'note', content: 'first words', fields: { noteType: 'idea' } });
  const archived = add(mind, { type: 'note', content: 'soon archived', fields: { noteType: 'idea' } });
  const forgotten = add(mind, { type: 'episode', content: 'a secret' });
  const approved = add(mind, { type: 'belief', content: 'waits for review', reviewStatus: 'pending' });
  const rejected = add(mind, { type: 'belief', content: 'wrong idea', reviewStatus: 'pending' });
  const dayStart = t.clock.advance(DAY_MS);
  t.clock.advance(1_000);
  const added = add(mind, { type: 'note', content: 'new today', fields: { noteType: 'fact' } });
  editMemory(mind, edited.id, { content: 'second words' }, { ...USER, expectedVersion: 1 });
  t.clock.advance(1_000);
  editMemory(mind, edited.id, { content: 'third words' }, { ...USER, expectedVersion: 2 });
  reinforceMemory(mind, old.id, {}, USER);
  const { created: successor } = supersedeBelief(mind, old.id, { content: 'Deploys on Fridays cause incidents' }, USER);
  archiveMemory(mind, archived.id, USER);
  forgetMemory(mind, forgotten.id, USER);
  approveMemory(mind, approved.id, USER);
  rejectMemory(mind, rejected.id, { ...USER, reason: 'not true' });
  const dayEnd = t.clock.advance(1_000);
  t.clock.advance(DAY_MS);
  add(mind, { type: 'note', content: 'the day after', fields: { noteType: 'fact' } });
  return { t, dayStart, dayEnd, old, edited, archived, forgotten, approved, rejected, added, successor };
}

describe('mind diff', () => {
  it('counts each category once per memory in the window (from, to]', () => {
    const day = busyDay();
    const result = getDiffCounts(mind, { from: day.dayStart, to: day.dayEnd });
    expect(result).toEqual({
      from: new Date(day.dayStart).toISOString(),
      to: new Date(day.dayEnd).toISOString(),
      // Added: the new note and the successor belief; changed: the edited note (twice) and the reinforced belief.
      counts: { added: 2, changed: 2, superseded: 1, archived: 1, forgotten: 1, reviewed: 2 },
    });
    // Before the day only the first memories were added; the day after only one more.
    expect(getDiffCounts(mind, { from: T0 - 1, to: day.dayStart }).counts).toEqual({ added: 6, changed: 0, superseded: 0, archived: 0, forgotten: 0, reviewed: 0 });
    expect(getDiffCounts(mind, { from: day.dayEnd }).counts).toMatchObject({ added: 1, changed: 0 });
  });

  it('lists each category with the last change of its kind and the memory as it stood at the end', () => {
    const day = busyDay();
    const page = (category: DiffCategory) => getDiffPage(mind, { from: day.dayStart, to: day.dayEnd, category }).items;
    expect(page('added').map((i) => i.id)).toEqual([day.successor.id, day.added.id]);
    const changed = page('changed');
    expect(changed.map((i) => [i.id, i.events])).toEqual([
      [day.old.id, 1],
      [day.edited.id, 2],
    ]);
    expect(changed[1]).toMatchObject({ op: 'edit', content: 'third words', status: 'active', actor: 'user' });
    expect(page('superseded')).toEqual([expect.objectContaining({ id: day.old.id, op: 'superseded', status: 'superseded' })]);
    expect(page('archived')).toEqual([expect.objectContaining({ id: day.archived.id, status: 'archived' })]);
    // A forgotten memory's words are gone from its past states too.
    expect(page('forgotten')).toEqual([expect.objectContaining({ id: day.forgotten.id, status: 'forgotten', content: '' })]);
    expect(page('reviewed').map((i) => [i.id, i.op, i.reason])).toEqual([
      [day.rejected.id, 'reject', 'not true'],
      [day.approved.id, 'approve', null],
    ]);
    // At the window's end the edited note says what it said then, whatever came after.
    editMemory(mind, day.edited.id, { content: 'fourth words' }, { ...USER, expectedVersion: 3 });
    expect(page('changed')[1]?.content).toBe('third words');
  });

  it('pages with a cursor until the category is exhausted', () => {
    const t = freshMind();
    mind = t.mind;
    const from = t.clock.now() - 1;
    const ids = Array.from({ length: 5 }, (_, i) => add(mind, { type: 'note', content: `note ${i}`, fields: { noteType: 'fact' } }).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next = getDiffPage(mind, { from, category: 'added', limit: 2, cursor });
      expect(next.items.length).toBeLessThanOrEqual(2);
      seen.push(...next.items.map((i) => i.id));
      cursor = next.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses a window that ends before it starts, an unknown category, a bad limit or cursor, writing nothing', () => {
    const t = freshMind();
    mind = t.mind;
    add(mind, { type: 'note', content: 'x', fields: { noteType: 'fact' } });
    const now = t.clock.now();
    expectRefusedWithoutWrites(mind, () => getDiffCounts(mind, { from: now, to: now }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => getDiffCounts(mind, { from: now + DAY_MS }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => getDiffCounts(mind, { from: Number.NaN }), 'invalid_input');
    const base = { from: now - DAY_MS, to: now };
    expectRefusedWithoutWrites(mind, () => getDiffPage(mind, { ...base, category: 'renamed' as 'added' }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => getDiffPage(mind, { ...base, category: 'added', limit: 0 }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => getDiffPage(mind, { ...base, category: 'added', cursor: 'abc' }), 'invalid_input');
  });
});
