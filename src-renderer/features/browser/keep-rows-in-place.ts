/**
 * Rows patched in above the view (an agent writing while a person reads) would push the rows being
 * read down and out of view. The view holds on to the row at its top instead: when that row moves
 * by N places, the view scrolls N rows with it. At the very top of the list nothing is held, so a
 * memory that sorts first comes into view.
 */
import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

interface HeldRow {
  id: string;
  index: number;
}

export function useKeepRowsInPlace(scrollRef: RefObject<HTMLElement | null>, items: readonly { id: string }[], rowHeight: number): void {
  const held = useRef<HeldRow | null>(null);
  const latest = useRef(items);
  latest.current = items;

  const hold = useRef(() => {
    const element = scrollRef.current;
    if (element === null || element.scrollTop < rowHeight / 2) {
      held.current = null;
      return;
    }
    const index = Math.floor(element.scrollTop / rowHeight);
    const id = latest.current[index]?.id;
    held.current = id === undefined ? null : { id, index };
  });

  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const onScroll = hold.current;
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollRef]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    const row = held.current;
    if (element !== null && row !== null && items[row.index]?.id !== row.id) {
      const now = items.findIndex((item) => item.id === row.id);
      if (now >= 0) element.scrollTop += (now - row.index) * rowHeight;
    }
    hold.current();
  }, [items, scrollRef, rowHeight]);
}
