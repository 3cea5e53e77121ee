/**
 * Turns what a person typed into a safe FTS5 MATCH expression: every word becomes a quoted term
 * (so FTS5 operators, column filters, `*`, `^` and punctuation in the input cannot break the query:
 * they are words or nothing), all must match, and the last word matches as a prefix so results
 * follow typing.
 */

/** Words past this many are not searched: a pasted paragraph is not a better search, and each word costs a posting list. */
export const MAX_SEARCH_WORDS = 16;

/** The longest prefix the index holds a posting list of (migration 0013: `prefix = '2 3 4'`). */
export const INDEXED_PREFIX_LENGTH = 4;

/** One word of a search, as FTS5 will be asked for it. */
export interface SearchTerm {
  word: string;
  /** Matches every word starting with it (the last word, while it is being typed). */
  prefix: boolean;
}

/**
 * The words of a query (unicode61's runs of letters and digits, lower-cased). With `all` (a
 * search), at most MAX_SEARCH_WORDS, the last a prefix; a one-letter last word is a word, not a
 * prefix: the words starting with one letter are most of the index, and no search narrows by them.
 * With `any` (a statement's topic words), every word, none a prefix.
 */
export function searchTerms(text: string, mode: 'all' | 'any' = 'all'): SearchTerm[] {
  const found = queryWords(text);
  if (mode === 'any') return found.map((word) => ({ word, prefix: false }));
  const words = found.slice(0, MAX_SEARCH_WORDS);
  return words.map((word, i) => ({ word, prefix: i === words.length - 1 && word.length > 1 }));
}

/** Every word of a text as a search reads it: unicode61's runs of letters and digits, lower-cased. */
export function queryWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** A term as FTS5 reads it: `"word"` or `"word"*`. */
export const termExpression = (term: SearchTerm): string => `"${term.word}"${term.prefix ? '*' : ''}`;

/** Every term (or, with `any`, one of them); null when the text holds no word at all. */
export function ftsMatchExpression(text: string, mode: 'all' | 'any' = 'all'): string | null {
  const terms = searchTerms(text, mode);
  return terms.length === 0 ? null : allTermsExpression(terms, mode);
}

export function allTermsExpression(terms: readonly SearchTerm[], mode: 'all' | 'any' = 'all'): string {
  return terms.map(termExpression).join(mode === 'any' ? ' OR ' : ' ');
}

const quoted = (phrase: string) => `"${phrase.replace(/"/g, '""')}"`;

/** Any of the given words or phrases, each quoted ("must not" stays a phrase). */
export function phrasesAnyExpression(phrases: readonly string[]): string {
  return phrases.map(quoted).join(' OR ');
}

/** Every one of the given words, each quoted, no prefix matching (a recall's co-occurrence query). */
export function phrasesAllExpression(phrases: readonly string[]): string {
  return phrases.map(quoted).join(' ');
}
