/**
 * Whether a statement close to a belief in the offline lexical space says the same thing, so its
 * episodes may reinforce that belief. Closeness alone does not tell: two statements cut from one
 * pattern share most of their words ("Ship the xss change to lakeHub" and "Ship the webhook change
 * to telemetryReader" score 0.63, above the reinforce threshold), yet each names something the
 * other does not. A rewording keeps what it speaks of: every content word of one statement (or
 * number) has its like in the other, by stem or by a WordNet synset, on at least one side ("Sam
 * prefers tea" and "Sam likes tea a lot" pass: "prefer" and "like" share a sense). A statement
 * that only adds a detail passes too; one that swaps a detail for another does not, and is
 * drafted as its own belief (a reviewer may still merge the two; a wrong reinforcement would
 * raise the other belief's confidence on evidence that is not about it, unseen).
 *
 * A model's space reads meaning, and its reinforce threshold (the belief seed's 0.92) is kept as
 * it is: this test is for the lexical space only.
 */
import { LEXICAL_EMBEDDER_ID } from './lexical-embedder';
import { contentWordsOf, wordFeatures } from './text-features';
import { wordNet } from './wordnet';

/** Digits in a statement (ticket numbers, versions, counts): a changed number is another detail. */
const NUMBER = /\d+(?:[.,]\d+)*/g;

/** Statements whose words are kept: a reflection compares its statements with the same beliefs call after call. */
const CACHED_STATEMENTS = 20_000;
const wordsByStatement = new Map<string, Set<string>[]>();

/** Each word of a statement as what it can be matched by: its stem and its senses; numbers as they are written. */
function wordsOf(statement: string): Set<string>[] {
  let words = wordsByStatement.get(statement);
  if (words === undefined) {
    const numbers = (statement.match(NUMBER) ?? []).map((number) => new Set([`#${number}`]));
    words = [...contentWordsOf(statement).map((word) => new Set(wordFeatures(word, wordNet()).map(([key]) => key))), ...numbers];
    if (wordsByStatement.size >= CACHED_STATEMENTS) wordsByStatement.clear();
    wordsByStatement.set(statement, words);
  }
  return words;
}

/** Whether every word of `one` has its like in `other`. */
function allFoundIn(one: readonly Set<string>[], other: readonly Set<string>[]): boolean {
  const matchable = new Set(other.flatMap((word) => [...word]));
  return one.every((word) => [...word].some((key) => matchable.has(key)));
}

export function saysTheSame(statement: string, belief: string): boolean {
  const [mine, theirs] = [wordsOf(statement), wordsOf(belief)];
  return allFoundIn(mine, theirs) || allFoundIn(theirs, mine);
}

/** The test a statement and a belief within the reinforce threshold must also pass, in the space of `embedderId`. */
export function twinTestFor(embedderId: string): (statement: string, belief: string) => boolean {
  return embedderId === LEXICAL_EMBEDDER_ID ? saysTheSame : () => true;
}
