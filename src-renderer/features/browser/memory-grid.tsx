/**
 * The Browser's virtualized grid. Only the rows in view (plus a few) exist in the DOM, pages load
 * as the end comes near, and the grid is one tab stop: arrows / j k move, Shift extends the
 * selection, Space toggles it, Enter opens, Escape clears.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { MemorySummary, SortKey } from '../../../shared/contract';
import { rowDomId, MemoryRow } from './memory-row';
import { scrollActivity } from '../../components/scroll-activity';
import { useKeepRowsInPlace } from './keep-rows-in-place';
import { createScrollMemory } from './scroll-memory';

export const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 36;
/** Start loading the next page when this many loaded rows remain below the view. */
const PREFETCH_ROWS = 40;

const scrollMemory = createScrollMemory();

interface Column {
  label: string;
  sort?: SortKey;
  className: string;
}

const COLUMNS: Column[] = [
  { label: 'Type', sort: 'type', className: 'cell-type' },
  { label: 'Content', className: 'cell-content' },
  { label: 'Tier', sort: 'tier', className: 'cell-tier' },
  { label: 'Confidence', sort: 'confidence', className: 'cell-confidence' },
  { label: 'Updated', sort: 'updated', className: 'cell-time' },
  { label: 'Created', sort: 'created', className: 'cell-time' },
];

interface Props {
  items: MemorySummary[];
  /** Identifies the list (filters + sort) whose scroll position is remembered; the parent keys the grid by it. */
  listKey: string;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: boolean;
  loadMore(): void;
  sort: SortKey;
  direction: 'asc' | 'desc';
  onSort(sort: SortKey): void;
  highlight: string;
  /** Confidence trails of the loaded rows that have one, by memory id. */
  trails: Readonly<Record<string, readonly number[]>>;
  selected: ReadonlySet<string>;
  onSelectedChange(selected: ReadonlySet<string>): void;
  onOpen(id: string): void;
}

export function MemoryGrid(props: Props) {
  const { items, listKey, hasMore, loadingMore, loadMoreError, loadMore, selected, onSelectedChange, onOpen } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const anchor = useRef<number | null>(null);
  useKeepRowsInPlace(scrollRef, items, ROW_HEIGHT);
  // Rows patched in or out above it must not move the active row onto another memory.
  const [itemsSeen, setItemsSeen] = useState(items);
  if (itemsSeen !== items) {
    setItemsSeen(items);
    const activeId = active === null ? undefined : itemsSeen[active]?.id;
    if (activeId !== undefined && items[active as number]?.id !== activeId) {
      const now = items.findIndex((item) => item.id === activeId);
      setActive(now >= 0 ? now : null);
    }
  }

  const virtualizer = useVirtualizer({
    count: items.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialOffset: () => scrollMemory.get(listKey) ?? 0,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // The parent keys the grid by its list, so this runs once per list: on leaving, remember the scroll.
  useEffect(() => {
    const element = scrollRef.current;
    return () => {
      if (element !== null) scrollMemory.set(listKey, element.scrollTop);
    };
  }, [listKey]);

  // Live refreshes hold back while the person scrolls (api/live-rows.ts).
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    element.addEventListener('scroll', scrollActivity.noteScroll, { passive: true });
    return () => element.removeEventListener('scroll', scrollActivity.noteScroll);
  }, []);

  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreError && lastIndex >= items.length - PREFETCH_ROWS) loadMore();
  }, [hasMore, loadingMore, loadMoreError, lastIndex, items.length, loadMore]);

  // Handlers read the latest state through a ref so the memoized rows keep stable callbacks.
  const latest = useRef({ items, selected, active });
  latest.current = { items, selected, active };

  const selectRange = useCallback((from: number, to: number, base: ReadonlySet<string>) => {
    const next = new Set(base);
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    for (let i = lo; i <= hi; i++) {
      const id = latest.current.items[i]?.id;
      if (id !== undefined) next.add(id);
    }
    return next;
  }, []);

  const onRowClick = useCallback(
    (index: number, event: MouseEvent) => {
      const id = latest.current.items[index]?.id;
      if (id === undefined) return;
      if (event.shiftKey && anchor.current !== null) {
        onSelectedChange(selectRange(anchor.current, index, new Set()));
      } else if (event.metaKey || event.ctrlKey) {
        const next = new Set(latest.current.selected);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        onSelectedChange(next);
        anchor.current = index;
      } else {
        onSelectedChange(new Set([id]));
        anchor.current = index;
      }
      setActive(index);
      scrollRef.current?.focus({ preventScroll: true });
    },
    [onSelectedChange, selectRange],
  );

  const moveTo = (index: number, extend: boolean) => {
    const count = latest.current.items.length;
    if (count === 0) return;
    const target = Math.max(0, Math.min(count - 1, index));
    setActive(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    if (extend) {
      if (anchor.current === null) anchor.current = latest.current.active ?? target;
      onSelectedChange(selectRange(anchor.current, target, new Set()));
    } else {
      anchor.current = target;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = active ?? -1;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    const extend = event.shiftKey;
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        moveTo(current + 1, extend);
        break;
      case 'ArrowUp':
      case 'k':
        moveTo(current === -1 ? 0 : current - 1, extend);
        break;
      case 'PageDown':
        moveTo(current + page, extend);
        break;
      case 'PageUp':
        moveTo(current - page, extend);
        break;
      case 'Home':
        moveTo(0, extend);
        break;
      case 'End':
        moveTo(items.length - 1, extend);
        break;
      case ' ': {
        const id = active === null ? undefined : items[active]?.id;
        if (id === undefined) return;
        const next = new Set(selected);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        onSelectedChange(next);
        anchor.current = active;
        break;
      }
      case 'Enter': {
        const id = active === null ? undefined : items[active]?.id;
        if (id === undefined) return;
        onOpen(id);
        break;
      }
      case 'Escape':
        if (selected.size === 0) return;
        onSelectedChange(new Set());
        break;
      case 'a':
        if (!(event.ctrlKey || event.metaKey)) return;
        onSelectedChange(new Set(items.map((item) => item.id)));
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const activeId = active === null ? undefined : items[active]?.id;

  return (
    <div
      ref={scrollRef}
      className="grid"
      role="grid"
      aria-label="Memories"
      aria-rowcount={hasMore ? -1 : items.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={activeId === undefined ? undefined : rowDomId(activeId)}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="memory-grid"
      data-loaded-rows={items.length}
    >
      <div role="rowgroup" className="grid-head">
        <div role="row" aria-rowindex={1} className="grid-row grid-header">
          {COLUMNS.map((column) => (
            <div
              key={column.label}
              role="columnheader"
              className={`cell ${column.className}`}
              aria-sort={
                column.sort === props.sort ? (props.direction === 'asc' ? 'ascending' : 'descending') : column.sort ? 'none' : undefined
              }
            >
              {column.sort === undefined ? (
                column.label
              ) : (
                <button type="button" className="sort-button" tabIndex={-1} onClick={() => props.onSort(column.sort as SortKey)}>
                  {column.label}
                  <span aria-hidden="true" className="sort-arrow">
                    {column.sort === props.sort ? (props.direction === 'asc' ? '▲' : '▼') : ''}
                  </span>
                </button>
              )}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
        {virtualItems.map((virtual) => {
          const item = items[virtual.index];
          const top = virtual.start - HEADER_HEIGHT;
          if (item === undefined) {
            return (
              <div key="more" role="row" className="grid-row grid-more" style={{ transform: `translateY(${top}px)` }}>
                <div role="gridcell" className="cell">
                  {loadMoreError ? (
                    <button type="button" onClick={loadMore}>
                      Could not load more — try again
                    </button>
                  ) : (
                    'Loading more…'
                  )}
                </div>
              </div>
            );
          }
          return (
            <MemoryRow
              key={item.id}
              item={item}
              index={virtual.index}
              top={top}
              active={virtual.index === active}
              selected={selected.has(item.id)}
              highlight={props.highlight}
              trail={props.trails[item.id]}
              onRowClick={onRowClick}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </div>
  );
}
