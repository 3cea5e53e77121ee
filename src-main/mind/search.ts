/** Full-text search over the mind, ranked by bm25 × tier boost, with highlighted snippets. */
import { MindError } from '../../shared/errors';
import { effectiveConfidence, isStale } from '../../shared/rules/decay';
import { MAX_SEARCH_WORDS, queryWords } from '../store/fts-expression';
import { RANKING_BUDGET, type SearchRanking, searchMemoryHits } from '../store/search-query';
import type { MemorySummary } from './list';
import type { Mind } from './mind';

/** A hit: what a results list shows of a memory (the whole memory is one `getMemoryView` away), its score and passage. */
export interface SearchResult
  extends Pick<MemorySummary, 'id' | 'type' | 'tier' | 'status' | 'reviewStatus' | 'version' | 'content' | 'confidence' | 'effectiveConfidence' | 'stale'> {
  /** bm25 × tier boost when ranked by relevance; the tier boost alone when the newest matches were taken. */
  score: number;
  /** The matching passage, matches wrapped in [ ]. */
  snippet: string;
}

export interface SearchPage {
  items: SearchResult[];
  /** How the hits were ranked: by relevance over every match, or (words too common to rank) the newest matches, best tier first. */
  ranking: SearchRanking;
  /** What a person should know about how the query was read (no words in it, words left out, common words), or null. */
  note: string | null;
}

const budget = RANKING_BUDGET.toLocaleString('en');

/** What a person should know of how a search's words were read: none in it, or some left out. */
export function readingNotes(query: string): string[] {
  const words = queryWords(query).length;
  if (words === 0) return ['Nothing to search for: the query has no letters or digits, only punctuation or symbols.'];
  return words > MAX_SEARCH_WORDS ? [`Only the first ${MAX_SEARCH_WORDS} words were searched.`] : [];
}

export function searchMind(mind: Mind, query: string, options: { limit?: number } = {}): SearchPage {
  const limit = options.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new MindError('invalid_input', 'limit must be from 1 to 500.');
  if (typeof query !== 'string' || query.trim() === '') throw new MindError('invalid_input', 'A search needs some words.');
  const now = mind.now();
  const page = searchMemoryHits(mind.store.db, query, limit);
  const notes = readingNotes(query);
  if (page.ranking === 'newest') {
    notes.push(`These words are common (more than ${budget} matches among them): these are the newest memories holding them all, best tier first, not ranked by relevance. A rarer word ranks by relevance.`);
  }
  const items = page.hits.map(({ memory: m, score, snippet }) => ({
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
  return { items, ranking: page.ranking, note: notes.length === 0 ? null : notes.join(' ') };
}

/** The hits alone, for callers that list them. */
export function searchMemories(mind: Mind, query: string, options: { limit?: number } = {}): SearchResult[] {
  return searchMind(mind, query, options).items;
}
