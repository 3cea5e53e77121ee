/**
 * Which words a full-text ranking may take: bm25 scores every row a word matches, so the rarest
 * words go first while their matches fit the budget; the commoner ones are left to narrower passes.
 */

interface WordFrequency {
  word: string;
  /** Rows holding the word (a posting-list count, no scoring). */
  frequency: number;
}

/** The words present in the index, rarest first, and those of them whose matches fit within `budget` rows together. */
export function wordsWithinBudget(words: readonly string[], frequencyOf: (word: string) => number, budget: number): { present: string[]; rare: string[] } {
  const byRarity: WordFrequency[] = words.map((word) => ({ word, frequency: frequencyOf(word) })).sort((a, b) => a.frequency - b.frequency);
  const present = byRarity.filter((w) => w.frequency > 0);
  const rare: string[] = [];
  let left = budget;
  for (const { word, frequency } of present) {
    if (frequency > left) break;
    rare.push(word);
    left -= frequency;
  }
  return { present: present.map((w) => w.word), rare };
}
