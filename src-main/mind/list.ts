/** Memory lists for the browser: filters, any sort, opaque keyset cursors, optional time travel. */
import { z } from 'zod';
import { MindError } from '../../shared/errors';
import {
  MEMORY_STATUSES,
  MEMORY_TYPES,
  type Memory,
  REVIEW_STATUSES,
  SOURCE_TYPES,
  TIERS,
} from '../../shared/model';
import { listMemoryPage, type MemoryFilter, SORT_KEYS, type SortKey, type SortValue, sortValueOf, type TextMatches } from '../store/list-query';
import { LIST_TEXT_BUDGET } from '../store/search-query';
import type { MemoryRecord } from '../store/memory-record';
import type { Mind } from './mind';
import { effectiveConfidence, isStale } from '../../shared/rules/decay';
import { presentMemory } from './present';
import { readingNotes } from './search';

export type { MemoryFilter, SortKey };

export interface MemorySummary extends Memory {
  effectiveConfidence: number;
  stale: boolean;
}

/** A list's filter as callers give it: `stale` asks for memories stale at the list's time. */
export type ListFilter = MemoryFilter & { stale?: boolean | undefined };

export interface ListRequest {
  filter?: ListFilter;
  sort?: SortKey;
  direction?: 'asc' | 'desc';
  limit?: number;
  cursor?: string | null;
  /** Epoch ms. */
  asOf?: number;
}

/**
 * With a text filter: how many memories the list holds, whether that is every match (`complete`
 * false: the words are too common to list every memory holding them; the list is drawn from the
 * newest of them), and what a person should know of how the words were read.
 */
export interface ListTextMatches extends TextMatches {
  note: string | null;
}

export interface ListPage {
  items: MemorySummary[];
  nextCursor: string | null;
  /** Null without a text filter. */
  text: ListTextMatches | null;
}

const pool = LIST_TEXT_BUDGET.toLocaleString('en');

function textMatchesOf(text: string, matches: TextMatches): ListTextMatches {
  const notes = readingNotes(text);
  if (!matches.complete) {
    notes.push(`More than ${pool} memories hold these words: the list is drawn from the newest ${pool} of them. A rarer word lists every match.`);
  }
  return { ...matches, note: notes.length === 0 ? null : notes.join(' ') };
}

const filterSchema = z
  .object({
    types: z.array(z.enum(MEMORY_TYPES)).optional(),
    tiers: z.array(z.enum(TIERS)).optional(),
    statuses: z.array(z.enum(MEMORY_STATUSES)).optional(),
    reviewStatuses: z.array(z.enum([...REVIEW_STATUSES, 'none'])).optional(),
    sourceTypes: z.array(z.enum(SOURCE_TYPES)).optional(),
    minConfidence: z.number().min(0).max(1).optional(),
    maxConfidence: z.number().min(0).max(1).optional(),
    scope: z.string().optional(),
    text: z.string().optional(),
    stale: z.boolean().optional(),
  })
  .strict() satisfies z.ZodType<ListFilter>;

export const MAX_PAGE = 500;

const cursorSchema = z.tuple([z.enum(SORT_KEYS), z.enum(['asc', 'desc']), z.union([z.number(), z.string()]), z.number().int()]);

function encodeCursor(sort: SortKey, direction: 'asc' | 'desc', value: SortValue, seq: number): string {
  return Buffer.from(JSON.stringify([sort, direction, value, seq])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: SortKey, direction: 'asc' | 'desc'): { value: SortValue; seq: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const result = cursorSchema.safeParse(parsed);
  const textSort = sort === 'type' || sort === 'tier';
  if (
    !result.success ||
    result.data[0] !== sort ||
    result.data[1] !== direction ||
    typeof result.data[2] !== (textSort ? 'string' : 'number')
  ) {
    throw new MindError('invalid_input', 'That page cursor is not valid for this list (it belongs to another sort or is damaged).');
  }
  return { value: result.data[2], seq: result.data[3] };
}

/** A list's filter, sort and direction, checked; the defaults filled in. */
export interface ListShape {
  filter: MemoryFilter;
  sort: SortKey;
  direction: 'asc' | 'desc';
}

/** `now`: the instant `stale` is judged at (the list's time). */
export function checkListShape(request: Pick<ListRequest, 'filter' | 'sort' | 'direction'>, now: number): ListShape {
  const filter = filterSchema.safeParse(request.filter ?? {});
  if (!filter.success) {
    const issue = filter.error.issues[0];
    throw new MindError('invalid_input', `Invalid filter: ${issue?.path.join('.') || 'filter'}: ${issue?.message}`);
  }
  const sort = request.sort ?? 'updated';
  if (!SORT_KEYS.includes(sort)) throw new MindError('invalid_input', `Unknown sort "${sort}" (use ${SORT_KEYS.join(', ')}).`);
  const direction = request.direction ?? 'desc';
  if (direction !== 'asc' && direction !== 'desc') throw new MindError('invalid_input', 'direction must be asc or desc.');
  const { stale, ...rest } = filter.data;
  return { filter: stale ? { ...rest, staleAt: now } : rest, sort, direction };
}

/**
 * A memory as a list shows it: its stored state and the readings at `now`. Adds to the presented
 * object rather than spreading it into a new one: cloning thirty properties per row is a good part
 * of a search's time.
 */
export function summarizeMemory(record: MemoryRecord, now: number): MemorySummary {
  return Object.assign(presentMemory(record), { effectiveConfidence: effectiveConfidence(record, now), stale: isStale(record, now) });
}

export function listMemories(mind: Mind, request: ListRequest = {}): ListPage {
  const { filter, sort, direction } = checkListShape(request, request.asOf ?? mind.now());
  if (request.asOf !== undefined && !Number.isFinite(request.asOf)) throw new MindError('invalid_input', 'asOf must be a valid time.');
  if (request.asOf !== undefined && filter.text?.trim()) {
    // The full-text index holds today's words only; matching it against past states would be wrong.
    throw new MindError('invalid_input', 'A text filter cannot be combined with a past date (asOf) yet: search the current mind, or list the past without text.');
  }
  const limit = request.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
    throw new MindError('invalid_input', `limit must be a whole number from 1 to ${MAX_PAGE}.`);
  }
  const after = request.cursor ? decodeCursor(request.cursor, sort, direction) : undefined;
  const { records, text } = listMemoryPage(mind.store.db, filter, {
    sort,
    direction,
    limit: limit + 1,
    after,
    asOf: request.asOf,
  });
  const page = records.slice(0, limit);
  const last = page[page.length - 1];
  const now = request.asOf ?? mind.now();
  return {
    items: page.map((r) => summarizeMemory(r, now)),
    nextCursor: records.length > limit && last ? encodeCursor(sort, direction, sortValueOf(last, sort), last.seq) : null,
    text: text === null ? null : textMatchesOf(filter.text ?? '', text),
  };
}
