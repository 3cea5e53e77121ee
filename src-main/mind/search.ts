/** Full-text search over the mind, ranked by bm25 × tier boost, with highlighted snippets. */
import { MindError } from '../../shared/errors';
import { searchMemoryRecords } from '../store/search-query';
import { type MemorySummary, summarizeMemory } from './list';
import type { Mind } from './mind';

export interface SearchResult extends MemorySummary {
  score: number;
  /** The matching passage, matches wrapped in [ ]. */
  snippet: string;
}

export function searchMemories(mind: Mind, query: string, options: { limit?: number } = {}): SearchResult[] {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new MindError('invalid_input', 'limit must be from 1 to 500.');
  if (typeof query !== 'string' || query.trim() === '') throw new MindError('invalid_input', 'A search needs some words.');
  const now = mind.now();
  return searchMemoryRecords(mind.store.db, query, limit).map((hit) => Object.assign(summarizeMemory(hit.record, now), { score: hit.score, snippet: hit.snippet }));
}
