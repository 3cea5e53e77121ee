/** The button under a paged list: the next page, while there is one (says it is loading meanwhile). */

/** The part of an infinite query the button needs. */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export function LoadMore({ list, label = 'Load more' }: { list: PagedList; label?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
      {list.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}
