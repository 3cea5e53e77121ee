/**
 * The index's own vocabulary, for the search benchmark to ask what a mind really holds: its
 * commonest words, rare ones, and the prefixes a person types on the way to them. Reads every
 * posting list once (seconds at a million memories): never on a search's path.
 */
import type { Db } from './connection';

export interface IndexedWord {
  /** The word as indexed (a Porter stem, which a search for it stems to itself). */
  word: string;
  /** How many memories hold it. */
  memories: number;
}

export function indexedWords(db: Db): IndexedWord[] {
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.memories_fts_words USING fts5vocab(main, memories_fts, row)');
  try {
    return db.prepare('SELECT term AS word, doc AS memories FROM temp.memories_fts_words ORDER BY doc DESC, term').all() as IndexedWord[];
  } finally {
    db.exec('DROP TABLE temp.memories_fts_words');
  }
}
