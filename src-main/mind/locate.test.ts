import { afterEach, describe, expect, it } from 'vitest';
import { verifyMemory } from './confidence-ops';
import { editMemory } from './edit';
import { archiveMemory } from './lifecycle';
import { type ListRequest, listMemories } from './list';
import { locateInList } from './locate';
import type { Mind } from './mind';
import { journalPosition } from './outside-writes';
import { USER, add, expectMindError, freshMind, type TestMind } from './test-support';

let t: TestMind;
afterEach(() => t.mind.close());

/** 25 notes a minute apart; the list pages of 10 rows as the window loaded them. */
function loaded(mind: Mind, clock: TestMind['clock'], request: ListRequest, pages: number) {
  const loadedPages: { ids: string[]; nextCursor: string | null }[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page = listMemories(mind, { ...request, limit: 10, cursor });
    loadedPages.push({ ids: page.items.map((m) => m.id), nextCursor: page.nextCursor });
    cursor = page.nextCursor;
    if (cursor === null) break;
  }
  clock.advance(60_000);
  return loadedPages;
}

function notes(t: TestMind, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const id = add(t.mind, { type: 'note', content: `note ${i}` }).id;
    t.clock.advance(60_000);
    return id;
  });
}

describe('locating changed memories in a loaded list', () => {
  it('a new memory goes first, an edited one moves up after it, an archived one leaves a list of active memories', () => {
    t = freshMind();
    const { mind, clock } = t;
    const ids = notes(t, 25);
    const request: ListRequest = { filter: { statuses: ['active'] }, sort: 'updated', direction: 'desc' };
    const pages = loaded(mind, clock, request, 3);
    expect(pages.map((p) => p.ids.length)).toEqual([10, 10, 5]);
    expect(pages[2]?.nextCursor).toBeNull();

    const created = add(mind, { type: 'note', content: 'brand new' });
    clock.advance(1_000);
    const edited = ids[2] as string; // on the last page (oldest first in desc order)
    editMemory(mind, edited, { content: 'note 2, edited' }, { ...USER, expectedVersion: 1 });
    const archived = ids[20] as string; // on the first page
    archiveMemory(mind, archived, USER);

    const placements = locateInList(mind, { ...request, ids: [created.id, edited, archived], bounds: pages.map((p) => p.nextCursor) });
    expect(placements.map(({ id, page, after }) => ({ id, page, after, item: placements.find((p) => p.id === id)?.item?.id ?? null }))).toEqual([
      { id: archived, page: null, after: null, item: null },
      { id: edited, page: 0, after: null, item: edited },
      { id: created.id, page: 0, after: edited, item: created.id },
    ]);
    expect(placements.find((p) => p.id === edited)?.item?.content).toBe('note 2, edited');

    // The same list read afresh agrees with the placements: edited, created, then the old order minus the archived.
    const fresh = listMemories(mind, { ...request, limit: 30 }).items.map((m) => m.id);
    expect(fresh.slice(0, 2)).toEqual([edited, created.id]);
    expect(fresh).not.toContain(archived);
  });

  it('a memory that sorts beyond the loaded pages is not placed, but its item comes back', () => {
    t = freshMind();
    const { mind, clock } = t;
    notes(t, 25);
    const request: ListRequest = { sort: 'created', direction: 'asc' };
    const pages = loaded(mind, clock, request, 2);
    expect(pages[1]?.nextCursor).not.toBeNull();

    const late = add(mind, { type: 'note', content: 'created last' });
    const [beyond] = locateInList(mind, { ...request, ids: [late.id], bounds: pages.map((p) => p.nextCursor) });
    expect(beyond).toMatchObject({ id: late.id, page: null, after: null });
    expect(beyond?.item?.id).toBe(late.id);

  });

  it('a memory whose new place falls between two loaded pages goes first on the later one, after the last row of the earlier one', () => {
    t = freshMind();
    const { mind, clock } = t;
    // Confidences 0.95, 0.92, … 0.23: by confidence, page 0 ends at 0.68 and page 1 starts at 0.65.
    const ids = Array.from({ length: 25 }, (_, i) => add(mind, { type: 'note', content: `note ${i}`, confidence: 0.95 - 0.03 * i }).id);
    const request: ListRequest = { sort: 'confidence', direction: 'desc' };
    const pages = loaded(mind, clock, request, 2);
    const moved = ids[13] as string; // 0.56, on page 1
    verifyMemory(mind, moved, {}, USER); // 0.66: between 0.68 (end of page 0) and 0.65 (start of page 1)
    const [placement] = locateInList(mind, { ...request, ids: [moved], bounds: pages.map((p) => p.nextCursor) });
    expect(placement).toMatchObject({ id: moved, page: 1, after: ids[9] });
    expect(pages[0]?.ids.at(-1)).toBe(ids[9]);
  });

  it('places a row only after rows the window already shows: one written after the news it acts on is passed over', () => {
    t = freshMind();
    const { mind, clock } = t;
    notes(t, 12);
    const request: ListRequest = { sort: 'updated', direction: 'desc' };
    const pages = loaded(mind, clock, request, 2);
    const announced = add(mind, { type: 'note', content: 'announced' });
    const upTo = journalPosition(mind);
    clock.advance(1_000);
    const unannounced = add(mind, { type: 'note', content: 'written after the announcement' });
    const bounds = pages.map((p) => p.nextCursor);
    // Without a position, the newer row (which the window does not have yet) is the predecessor.
    expect(locateInList(mind, { ...request, ids: [announced.id], bounds })[0]?.after).toBe(unannounced.id);
    // With it, the announced row goes first, where the window can put it.
    expect(locateInList(mind, { ...request, ids: [announced.id], bounds, upTo })[0]).toMatchObject({ page: 0, after: null });
    // Rows of the same news stay each other's predecessors.
    const both = locateInList(mind, { ...request, ids: [announced.id, unannounced.id], bounds, upTo });
    expect(both.map((p) => [p.id, p.after])).toEqual([
      [unannounced.id, null],
      [announced.id, unannounced.id],
    ]);
  });

  it('refuses cursors of another sort, a null bound before the last page, and no ids', () => {
    t = freshMind();
    const { mind, clock } = t;
    const [id] = notes(t, 12);
    const pages = loaded(mind, clock, { sort: 'updated', direction: 'desc' }, 2);
    const bounds = pages.map((p) => p.nextCursor);
    expectMindError(() => locateInList(mind, { sort: 'created', direction: 'desc', ids: [id as string], bounds }), 'invalid_input');
    expectMindError(() => locateInList(mind, { ids: [id as string], bounds: [null, bounds[0] as string] }), 'invalid_input');
    expectMindError(() => locateInList(mind, { ids: [], bounds }), 'invalid_input');
  });
});
