/** Memory calls: browse, search, inspect, and the edits a person makes by hand. */
import { z } from 'zod';
import { MEMORY_STATUSES, MEMORY_TYPES, REVIEW_STATUSES, SOURCE_TYPES, TIERS } from '../model';
import {
  expectedVersion,
  fieldBag,
  HistoryEntrySchema,
  isoTime,
  MemorySummarySchema,
  MemoryViewSchema,
  memoryId,
  count,
  unitInterval,
} from './common';

export const SORT_KEYS = ['updated', 'created', 'confidence', 'type', 'tier'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const MAX_PAGE_SIZE = 500;

/** Every filter is optional; array filters match any of their values; an empty array is no filter. */
export const MemoryFilterSchema = z.strictObject({
  types: z.array(z.enum(MEMORY_TYPES)).max(MEMORY_TYPES.length).optional(),
  tiers: z.array(z.enum(TIERS)).max(TIERS.length).optional(),
  statuses: z.array(z.enum(MEMORY_STATUSES)).max(MEMORY_STATUSES.length).optional(),
  /** `none`: entered directly, never queued for review. */
  reviewStatuses: z.array(z.enum([...REVIEW_STATUSES, 'none'])).max(REVIEW_STATUSES.length + 1).optional(),
  sourceTypes: z.array(z.enum(SOURCE_TYPES)).max(SOURCE_TYPES.length).optional(),
  minConfidence: unitInterval.optional(),
  maxConfidence: unitInterval.optional(),
  scope: z.string().max(500).optional(),
  /** Full-text words (not combinable with `asOf`). A long paste is filtered by its first words (`ListPage.text.note` says so), not refused. */
  text: z.string().max(10_000).optional(),
  /** Only memories gone a whole decay period without verification or reinforcement. */
  stale: z.boolean().optional(),
});
export type MemoryFilter = z.output<typeof MemoryFilterSchema>;

export const ListRequestSchema = z.strictObject({
  filter: MemoryFilterSchema.optional(),
  sort: z.enum(SORT_KEYS).optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  /** The opaque `nextCursor` of the previous page. */
  cursor: z.string().max(2_000).nullable().optional(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  /** List the mind as it stood at this instant. */
  asOf: isoTime.optional(),
});
export type ListRequest = z.input<typeof ListRequestSchema>;

export const ListPageSchema = z.object({
  items: z.array(MemorySummarySchema),
  nextCursor: z.string().nullable(),
  /**
   * With a text filter (else null): `count`, how many memories the whole list holds, every filter
   * applied. `complete` false: more than 1,000 memories hold the words, and the list is drawn from
   * the newest 1,000 of them (`count` counts those; more may match). `note`: what a person should
   * know of how the words were read (none in them, words left out, too common to list them all).
   */
  text: z.object({ count, complete: z.boolean(), note: z.string().nullable() }).nullable(),
});
export type ListPage = z.output<typeof ListPageSchema>;

export const SearchRequestSchema = z.strictObject({
  // Long pastes are searched by their first words (the response's note says so), not refused.
  query: z.string().trim().min(1, 'A search needs some words.').max(10_000),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

/** A passage of text with the matching parts marked as [start, end) character ranges. */
export const HighlightedTextSchema = z.object({
  text: z.string(),
  highlights: z.array(z.tuple([count, count])),
});
export type HighlightedText = z.output<typeof HighlightedTextSchema>;

/** A hit carries what a results list shows; the whole memory is one `memories.get` away. */
export const SearchResultSchema = MemorySummarySchema.pick({
  id: true,
  type: true,
  tier: true,
  status: true,
  reviewStatus: true,
  version: true,
  content: true,
  confidence: true,
  effectiveConfidence: true,
  stale: true,
}).extend({
  score: z.number(),
  snippet: HighlightedTextSchema,
});
export type SearchResult = z.output<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({
  items: z.array(SearchResultSchema),
  /**
   * `relevance`: bm25 over every match × tier boost. `newest`: the words are too common to rank
   * (more than 5,000 matches among them): the newest memories holding them all, best tier first.
   */
  ranking: z.enum(['relevance', 'newest']),
  /** How the query was read, when a person should know: no words in it, words left out, words too common to rank. */
  note: z.string().nullable(),
});

export const GetMemoryRequestSchema = z.strictObject({
  id: memoryId,
  /** Show the memory as it stood at this instant. */
  asOf: isoTime.optional(),
});

export const HistoryRequestSchema = z.strictObject({
  id: memoryId,
  limit: z.number().int().min(1).max(10_000).optional(),
});

export const EditMemoryRequestSchema = z.strictObject({
  id: memoryId,
  /** The version the edit was made against; a newer stored version is a `version_conflict`. */
  expectedVersion,
  content: z.string().max(100_000).optional(),
  /** Merged over the current fields; a key set to null is removed. Checked against the type's fields. */
  fields: fieldBag.optional(),
  scope: z.string().trim().min(1).max(500).optional(),
  project: z.string().max(500).nullable().optional(),
});
export type EditMemoryRequest = z.input<typeof EditMemoryRequestSchema>;

const lifecycleRequest = z.strictObject({ id: memoryId, expectedVersion: expectedVersion.optional() });

export const SetProtectedRequestSchema = z.strictObject({ id: memoryId, protected: z.boolean() });

export const VerifyRequestSchema = z.strictObject({
  id: memoryId,
  /** What the person checked it against (kept in the journal). */
  evidence: z.string().max(10_000).optional(),
});

export const MEMORY_CALLS = {
  'memories.list': { request: ListRequestSchema, response: ListPageSchema },
  'memories.search': { request: SearchRequestSchema, response: SearchResponseSchema },
  'memories.get': { request: GetMemoryRequestSchema, response: MemoryViewSchema },
  /** The latest changes, newest first. */
  'memories.history': { request: HistoryRequestSchema, response: z.array(HistoryEntrySchema) },
  /** A stale `expectedVersion` fails with `version_conflict`, details `{current: MemoryView}`. */
  'memories.edit': { request: EditMemoryRequestSchema, response: MemoryViewSchema },
  'memories.archive': { request: lifecycleRequest, response: MemoryViewSchema },
  'memories.restore': { request: lifecycleRequest, response: MemoryViewSchema },
  'memories.setProtected': { request: SetProtectedRequestSchema, response: MemoryViewSchema },
  'memories.verify': { request: VerifyRequestSchema, response: MemoryViewSchema },
} as const;
