/**
 * Fuzzy matching for the command palette: the query's characters must appear in order, each one
 * either at the start of a word or right after the previous match. So "ov" finds "Overview" and
 * "bb" finds "Browse belief memories", while "set" does not scatter across "Browse grounded tier".
 */
const isWordStart = (text: string, at: number) => at === 0 || /[\s\-_/:]/.test(text[at - 1] ?? '');

export function fuzzyScore(query: string, label: string): number | null {
  const q = query.trim().toLowerCase().replace(/\s+/g, '');
  if (q === '') return 0;
  const text = label.toLowerCase();
  let score = 0;
  let previous = -2;
  for (const char of q) {
    let at = text.indexOf(char, previous + 1);
    while (at !== -1 && at !== previous + 1 && !isWordStart(text, at)) at = text.indexOf(char, at + 1);
    if (at === -1) return null;
    score += at === previous + 1 ? 2 : 3;
    previous = at;
  }
  // Shorter labels win ties: "Browser" before "Browse beliefs" for "browser".
  return score - text.length * 0.01;
}

export function fuzzyFilter<T>(items: readonly T[], query: string, labelOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, score: fuzzyScore(query, labelOf(item)) }))
    .filter((entry): entry is { item: T; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.item);
}
