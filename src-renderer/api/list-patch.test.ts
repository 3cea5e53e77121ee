import { describe, expect, it } from 'vitest';
import type { MemorySummary } from '../../shared/contract';
import type { Placement } from '../../shared/contract/live';
import { type ListData, loadedRows, pageBounds, patchPages } from './list-patch';

/** Enough of a memory for the patch, which only looks at ids and keeps the objects it is given. */
const row = (id: string, content = id) => ({ id, content }) as MemorySummary;

function list(...pages: string[][]): ListData {
  return {
    pages: pages.map((ids, i) => ({ items: ids.map((id) => row(id)), nextCursor: i === pages.length - 1 ? null : `end-${i}`, text: null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `end-${i - 1}`)),
  };
}

const ids = (data: ListData | null) => data?.pages.map((page) => page.items.map((item) => item.id));
const placed = (id: string, page: number | null, after: string | null, content = id): Placement => ({ id, item: row(id, content), page, after });
const left = (id: string): Placement => ({ id, item: null, page: null, after: null });

describe('patching a loaded list with placements', () => {
  it('puts a new row first, moves an edited one, drops one that left, and keeps every untouched row object', () => {
    const before = list(['a', 'b', 'c'], ['d', 'e', 'f'], ['g']);
    // Placements arrive leavers first, then in list order: new (first), then f after it.
    const inOrder = patchPages(before, [left('b'), placed('new', 0, null), placed('f', 0, 'new', 'f, edited')]);
    expect(ids(inOrder)).toEqual([['new', 'f', 'a', 'c'], ['d', 'e'], ['g']]);
    expect(inOrder?.pages[0]?.items[1]?.content).toBe('f, edited');
    expect(inOrder?.pages[2]).toBe(before.pages[2]);
    expect(inOrder?.pages[0]?.items[2]).toBe(before.pages[0]?.items[0]);
    expect(inOrder?.pageParams).toBe(before.pageParams);
    // Out of order, `f` names a predecessor not placed yet: the patch refuses rather than guess.
    expect(patchPages(before, [left('b'), placed('f', 0, 'new'), placed('new', 0, null)])).toBeNull();
  });

  it('a row first on a later page follows the last row of the page before; a row beyond the loaded pages only leaves', () => {
    const before = list(['a', 'b'], ['c', 'd']);
    expect(ids(patchPages(before, [placed('x', 1, 'b')]))).toEqual([['a', 'b'], ['x', 'c', 'd']]);
    expect(ids(patchPages(before, [placed('a', null, null)]))).toEqual([['b'], ['c', 'd']]);
    // Emptied pages between the predecessor and the row are passed over.
    expect(ids(patchPages(list(['a'], ['b'], ['c']), [left('b'), placed('x', 2, 'a')]))).toEqual([['a'], [], ['x', 'c']]);
  });

  it('refuses placements that do not fit what is loaded', () => {
    const before = list(['a', 'b'], ['c']);
    expect(patchPages(before, [placed('x', 1, 'a')])).toBeNull(); // a is not the last row of page 0
    expect(patchPages(before, [placed('x', 1, 'zzz')])).toBeNull(); // unknown predecessor
    expect(patchPages(before, [placed('x', 1, null)])).toBeNull(); // only page 0 can start the list
    expect(patchPages(before, [placed('x', 5, 'a')])).toBeNull(); // no such page
  });

  it('reads bounds and rows once each', () => {
    const data = list(['a', 'b'], ['b', 'c']);
    expect(pageBounds(data)).toEqual(['end-0', null]);
    expect(loadedRows(data).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });
});
