/**
 * Patching a loaded list with where its changed memories now sit (`memories.locate`): every copy
 * of a changed memory leaves its page, and each one still in the list is put back on its page
 * right after its predecessor. Untouched rows keep their objects, so their rows do not re-render.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { ListPage } from '../../shared/contract';
import type { Placement } from '../../shared/contract/live';

export type ListData = InfiniteData<ListPage, string | null>;

/**
 * Every loaded row once, in order. A page that was loading while rows moved can hold a second copy
 * of a row already patched in elsewhere; the first copy is the one in its current place.
 */
export function loadedRows(data: { pages: readonly ListPage[] }): ListPage['items'] {
  const seen = new Set<string>();
  const rows: ListPage['items'] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      rows.push(item);
    }
  }
  return rows;
}

/** The end of each loaded page, as `memories.locate` takes them. */
export function pageBounds(data: ListData): (string | null)[] {
  return data.pages.map((page) => page.nextCursor);
}

/**
 * The list with the placements applied, or null when they do not fit what is loaded (a row they
 * name is missing, so the pages were stale for another reason): then the list must be reloaded.
 */
export function patchPages(data: ListData, placements: readonly Placement[]): ListData | null {
  const changed = new Set(placements.map((p) => p.id));
  const pages = data.pages.map((page) =>
    page.items.some((item) => changed.has(item.id)) ? { ...page, items: page.items.filter((item) => !changed.has(item.id)) } : page,
  );
  for (const placement of placements) {
    if (placement.item === null || placement.page === null) continue;
    const target = pages[placement.page];
    if (target === undefined) return null;
    const at = insertionIndex(pages, placement.page, placement.after);
    if (at === null) return null;
    const items = [...target.items];
    items.splice(at, 0, placement.item);
    pages[placement.page] = { ...target, items };
  }
  return { ...data, pages };
}

/** Where on page `page` a row goes that follows `after`; null when `after` is not where it must be. */
function insertionIndex(pages: readonly ListPage[], page: number, after: string | null): number | null {
  if (after === null) return page === 0 ? 0 : null;
  const onPage = (pages[page] as ListPage).items.findIndex((item) => item.id === after);
  if (onPage >= 0) return onPage + 1;
  // First on its page: the predecessor must be the last row of the nearest earlier page that has rows.
  for (let earlier = page - 1; earlier >= 0; earlier -= 1) {
    const items = (pages[earlier] as ListPage).items;
    if (items.length === 0) continue;
    return items[items.length - 1]?.id === after ? 0 : null;
  }
  return null;
}
