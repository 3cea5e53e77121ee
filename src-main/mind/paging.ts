/**
 * Newest-first pages keyed by a row's seq: the cursor is the last seq shown, and a page asks the
 * store for one row more than it shows to know whether there is a next page.
 */
import { MindError } from '../../shared/errors';

export interface SeqPage<V> {
  items: V[];
  nextCursor: string | null;
}

/** The page size asked for (1–500), and the seq to continue below (null: from the newest). */
export function seqPageRequest(options: { limit?: number | undefined; cursor?: string | null | undefined }, fallback: number, what: string) {
  const limit = options.limit ?? fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new MindError('invalid_input', 'limit must be a whole number from 1 to 500.');
  const beforeSeq = options.cursor ? Number(options.cursor) : null;
  if (beforeSeq !== null && !Number.isInteger(beforeSeq)) throw new MindError('invalid_input', `That ${what} cursor is damaged.`);
  return { limit, beforeSeq };
}

/** `rows` as read with `limit + 1`: the page, and the cursor to the next one. */
export function seqPage<R extends { seq: number }, V>(rows: readonly R[], limit: number, view: (row: R) => V): SeqPage<V> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(view), nextCursor: rows.length > limit && last ? String(last.seq) : null };
}
