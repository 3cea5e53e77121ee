/** Full-text search over the mind, ranked by bm25 × tier boost, with highlighted snippets. */
import { MindError } from '../../shared/errors';
import { effectiveConfidence, isStale } from '../../shared/rules/decay';
import { searchMemoryHits } from '../store/search-query';
import type { MemorySummary } from './list';
import type { Mind } from './mind';

/** A hit: what a results list shows of a memory (the whole memory is one `getMemoryView` away), its score and passage. */
export interface SearchResult
  extends Pick<MemorySummary, 'id' | 'type' | 'tier' | 'status' | 'reviewStatus' | 'version' | 'content' | 'confidence' | 'effectiveConfidence' | 'stale'> {
  score: number;
  /** The matching passage, matches wrapped in [ ]. */
  snippet: string;
}

export function searchMemories(mind: Mind, query: string, options: { limit?: number } = {}): SearchResult[] {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new MindError('invalid_input', 'limit must be from 1 to 500.');
  if (typeof query !== 'string' || query.trim() === '') throw new MindError('invalid_input', 'A search needs some words.');
  const now = mind.now();
  return searchMemoryHits(mind.store.db, query, limit).map(({ memory: m, score, snippet }) => ({
    id: m.id,
    type: m.type,
    tier: m.tier,
    status: m.status,
    reviewStatus: m.reviewStatus,
    version: m.version,
    content: m.content,
    confidence: m.confidence,
    effectiveConfidence: effectiveConfidence(m, now),
    stale: isStale(m, now),
    score,
    snippet,
  }));
}
