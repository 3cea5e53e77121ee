/** Browser: every memory in the mind, filtered, searched and sorted, a page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type ListPage, SORT_KEYS, type SortKey } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { loadedRows } from '../../api/list-patch';
import { memoryQueries } from '../../api/queries';
import { hrefOf, navigate } from '../../app/router';
import { count } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import { isTyping } from '../../components/keys';
import { useStateFor } from '../../components/use-state-for';
import { useDebounced } from '../../components/use-timers';
import { type BrowserQuery, DEFAULT_QUERY, formatBrowserQuery, hasFilters, parseBrowserQuery, toListRequest } from './browser-query';
import { FilterPanel } from './filter-panel';
import { MemoryGrid } from './memory-grid';
import { useRowTrails } from './row-trails';

const SEARCH_DEBOUNCE_MS = 250;
const NOTHING_SELECTED: ReadonlySet<string> = new Set();

export function BrowserView({ params }: { params: URLSearchParams }) {
  const api = useApi();
  const paramsText = params.toString();
  const query = useMemo(() => parseBrowserQuery(new URLSearchParams(paramsText)), [paramsText]);
  const request = useMemo(() => toListRequest(query), [query]);
  const listKey = JSON.stringify(request);
  const list = useInfiniteQuery(memoryQueries.list(api, request));
  const items = useMemo(() => (list.data === undefined ? [] : loadedRows(list.data)), [list.data]);
  // The words' count as the first page gave it: later pages count the same list.
  const textMatches = list.data?.pages[0]?.text ?? null;
  const trails = useRowTrails(list.data?.pages, query.asOf);
  // A selection belongs to the list it was made in: other filters or sort start with none.
  const [selected, setSelected] = useStateFor(listKey, NOTHING_SELECTED);

  const update = useCallback(
    (patch: Partial<BrowserQuery>) => navigate(hrefOf.browser(formatBrowserQuery({ ...query, ...patch })), { replace: true }),
    [query],
  );
  const onSort = useCallback(
    (sort: SortKey) =>
      update(sort === query.sort ? { direction: query.direction === 'asc' ? 'desc' : 'asc' } : { sort, direction: sort === 'type' || sort === 'tier' ? 'asc' : 'desc' }),
    [query.sort, query.direction, update],
  );
  const open = useCallback((id: string) => navigate(hrefOf.memory(id, 'details', query.asOf)), [query.asOf]);
  // Clearing filters keeps the list's order and the instant it is seen at.
  const kept = { sort: query.sort, direction: query.direction, asOf: query.asOf };
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  return (
    <div className="browser">
      <header className="view-head">
        <h1 tabIndex={-1}>Browser</h1>
        <SearchBox value={query.text} onCommit={(text) => update({ text })} past={query.asOf !== null} />
        {query.asOf === null && <a href={hrefOf.recall(query.text)}>Search by meaning</a>}
        <div className="sort-controls">
          <label>
            Sort by{' '}
            <select value={query.sort} onChange={(event) => onSort(event.target.value as SortKey)}>
              {SORT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            onClick={() => update({ direction: query.direction === 'asc' ? 'desc' : 'asc' })}
            title="Switch the direction"
          >
            <span aria-hidden="true">{query.direction === 'asc' ? '↑' : '↓'}</span> {query.direction === 'asc' ? 'Ascending' : 'Descending'}
          </button>
        </div>
      </header>
      <div className="browser-body">
        <FilterPanel query={query} onChange={update} onClear={() => update({ ...DEFAULT_QUERY, ...kept, text: query.text })} />
        <section className="browser-list" aria-label="Results">
          <div className="list-status" role="status" aria-live="polite">
            {list.isSuccess && <span>{listCount(items.length, hasNextPage, textMatches)}</span>}
            {list.isFetching && !list.isFetchingNextPage && list.isSuccess && <span className="dim"> · refreshing</span>}
            {selected.size > 0 && (
              <span className="selection-bar">
                {' '}
                · {count(selected.size)} selected{' '}
                <button type="button" className="link-button" onClick={() => setSelected(NOTHING_SELECTED)}>
                  Clear selection
                </button>
              </span>
            )}
          </div>
          {textMatches?.note != null && items.length > 0 && <p className="list-note dim">{textMatches.note}</p>}
          {list.isPending ? (
            <Loading label="Loading memories…" />
          ) : list.isError ? (
            <ErrorState error={list.error} title="Could not list memories" onRetry={() => void list.refetch()} />
          ) : items.length === 0 ? (
            hasFilters(query) ? (
              <Empty title="No memories match">
                {textMatches?.note != null && <p>{textMatches.note}</p>}
                <button type="button" onClick={() => update({ ...DEFAULT_QUERY, ...kept })}>
                  Clear search and filters
                </button>
              </Empty>
            ) : (
              <Empty title="This mind has no memories yet">Agents write memories through MCP; they appear here as they arrive.</Empty>
            )
          ) : (
            <MemoryGrid
              // One grid per list: a new list starts with nothing active, at its own remembered scroll.
              key={listKey}
              items={items}
              listKey={listKey}
              hasMore={hasNextPage}
              loadingMore={isFetchingNextPage}
              loadMoreError={isFetchNextPageError}
              loadMore={loadMore}
              sort={query.sort}
              direction={query.direction}
              onSort={onSort}
              highlight={query.text.trim()}
              trails={trails}
              selected={selected}
              onSelectedChange={setSelected}
              onOpen={open}
            />
          )}
        </section>
      </div>
    </div>
  );
}

const noun = (n: number) => (n === 1 ? 'memory' : 'memories');

/**
 * How many rows the list holds: with a text filter, the count of every match (or, for words too
 * common to list every memory holding them, of the newest matches, said so); else what is loaded.
 */
function listCount(loaded: number, more: boolean, text: ListPage['text']): string {
  const loadedPart = more ? ` · ${count(loaded)} loaded, more below` : '';
  if (text === null) return `${count(loaded)} ${noun(loaded)}${more ? ' loaded, more below' : ''}`;
  if (text.complete) return `${count(text.count)} ${noun(text.count)} match${text.count === 1 ? 'es' : ''}${loadedPart}`;
  return `${count(text.count)} ${noun(text.count)} among the newest matches (more memories hold these words)${loadedPart}`;
}

/**
 * Search as you type, sent after a short pause; "/" anywhere in the Browser jumps here. Off while
 * seeing the past (`past`): the full-text index holds today's words only.
 */
function SearchBox({ value, onCommit, past }: { value: string; onCommit(text: string): void; past: boolean }) {
  const [draft, setDraft] = useStateFor(value, value);
  const input = useRef<HTMLInputElement>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  const paused = useDebounced(draft, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // Sent once typing has paused on a draft; a value changed elsewhere resets the draft, not sent back.
    if (paused === draft && draft !== value) commit.current(draft);
  }, [paused, draft, value]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !isTyping(event.target)) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (past) {
    return (
      <input
        type="search"
        className="search-input"
        aria-label="Search memories"
        placeholder="Search covers the present only"
        title="Search covers the present only: go back to now to search."
        value=""
        disabled
      />
    );
  }
  return (
    <input
      ref={input}
      type="search"
      className="search-input"
      aria-label="Search memories"
      placeholder="Search memories  ( / )"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.current(draft);
      }}
    />
  );
}
