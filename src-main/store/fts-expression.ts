/**
 * Turns what a person typed into a safe FTS5 MATCH expression: every word becomes a quoted term
 * (so FTS5 operators and punctuation in the input cannot break the query), all must match, and the
 * last word matches as a prefix so results follow typing.
 */
export function ftsMatchExpression(text: string, mode: 'all' | 'any' = 'all'): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return null;
  const terms = words.map((w) => `"${w}"`);
  if (mode === 'any') return terms.join(' OR ');
  terms[terms.length - 1] = `${terms[terms.length - 1]}*`;
  return terms.join(' ');
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
