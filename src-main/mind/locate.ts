/**
 * Where changed memories now sit in a list a window has loaded, so the window patches those rows
 * instead of loading every page again. The window names the list (filter, sort, direction), the
 * changed ids and the end of each page it holds (that page's `nextCursor`); for each id this says
 * whether it still belongs to the list, on which loaded page, and after which row.
 */
import { MAX_LOCATE_IDS } from '../../shared/contract/live';
import { MindError } from '../../shared/errors';
import { listMemoryRecords, type MemoryFilter, type SortValue, sortValueOf } from '../store/list-query';
import type { MemoryRecord } from '../store/memory-record';
import { checkListShape, decodeCursor, type ListRequest, type ListShape, type MemorySummary, summarizeMemory } from './list';
import type { Mind } from './mind';

export interface LocateRequest extends Pick<ListRequest, 'filter' | 'sort' | 'direction'> {
  ids: readonly string[];
  /** Each loaded page's `nextCursor`, in order; null only for a last page that reached the end. */
  bounds: readonly (string | null)[];
  /**
   * The journal position the window's news reaches: a row changed after it is not yet where the
   * window shows it (or not shown at all), so nothing is placed after it.
   */
  upTo?: number | undefined;
}

/**
 * One changed memory. `item` null: it left the list (no longer matches, or is gone). `page` null
 * (with an item): it now sorts beyond the loaded pages. Otherwise it goes on page `page`, right
 * after the row `after` (null: it is the list's first row), which may sit at the end of an earlier page.
 */
export interface Placement {
  id: string;
  item: MemorySummary | null;
  page: number | null;
  after: string | null;
}

interface Position {
  value: SortValue;
  seq: number;
}

export function locateInList(mind: Mind, request: LocateRequest): Placement[] {
  const shape = checkListShape(request, mind.now());
  const ids = [...new Set(request.ids)];
  if (ids.length === 0 || ids.length > MAX_LOCATE_IDS) throw new MindError('invalid_input', `Locate 1 to ${MAX_LOCATE_IDS} memories at a time.`);
  if (request.bounds.length === 0) throw new MindError('invalid_input', 'A list has at least one page.');
  if (request.bounds.slice(0, -1).some((bound) => bound === null)) {
    throw new MindError('invalid_input', 'Only the last page can reach the end of the list (a null bound).');
  }
  const bounds = request.bounds.map((bound) => (bound === null ? null : decodeCursor(bound, shape.sort, shape.direction)));
  const db = mind.store.db;
  const now = mind.now();
  const matching = listMemoryRecords(db, { ...shape.filter, ids }, { sort: shape.sort, direction: shape.direction, limit: ids.length });
  const inList = new Set(matching.map((r) => r.id));
  const left: Placement[] = ids.filter((id) => !inList.has(id)).map((id) => ({ id, item: null, page: null, after: null }));
  const placed = matching.map((record): Placement => {
    const position = { value: sortValueOf(record, shape.sort), seq: record.seq };
    const page = bounds.findIndex((bound) => bound === null || !comesAfter(position, bound, shape.direction));
    return {
      id: record.id,
      item: summarizeMemory(record, now),
      page: page < 0 ? null : page,
      after: page < 0 ? null : predecessorOf(mind, record, shape, request.upTo === undefined ? undefined : { journalSeq: request.upTo, except: ids }),
    };
  });
  return [...left, ...placed];
}

/** Whether `a` sorts after `b` in the list's order (seq breaks ties, as the keyset does). */
function comesAfter(a: Position, b: Position, direction: 'asc' | 'desc'): boolean {
  const order = a.value < b.value ? -1 : a.value > b.value ? 1 : a.seq - b.seq;
  return direction === 'asc' ? order > 0 : order < 0;
}

/** The row just before a memory in the list (among the rows the window knows): one keyset step the other way. */
function predecessorOf(mind: Mind, record: MemoryRecord, shape: ListShape, unchangedSince: MemoryFilter['unchangedSince']): string | null {
  const [before] = listMemoryRecords(mind.store.db, { ...shape.filter, unchangedSince }, {
    sort: shape.sort,
    direction: shape.direction === 'asc' ? 'desc' : 'asc',
    limit: 1,
    after: { value: sortValueOf(record, shape.sort), seq: record.seq },
  });
  return before?.id ?? null;
}
