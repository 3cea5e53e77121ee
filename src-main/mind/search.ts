/** Full-text search over the mind, ranked by bm25 × tier boost, with highlighted snippets. */
import { MindError } from '../../shared/errors';
import { searchMemoryRecords } from '../store/search-query';
import type { MemorySummary } from './list';
import type { Mind } from './mind';
import { derivedReadings } from './memory-view';
import { presentMemory } from './present';

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
  return searchMemoryRecords(mind.store.db, query, limit).map((hit) => {
    const readings = derivedReadings(hit.record, now);
    return {
      ...presentMemory(hit.record),
      effectiveConfidence: readings.effectiveConfidence,
      stale: readings.stale,
      score: hit.score,
      snippet: hit.snippet,
    };
  });
}
