/**
 * Rule-based contradiction detection between two belief statements (the provenance seed §5):
 * one statement takes one side of an opposing pair ("never"), the other takes the opposite side
 * ("always"), and the two are about the same thing. Cheap and deterministic; a configured model can
 * classify what the rules miss.
 */

export type RuleContradictionKind = 'negation' | 'comparative' | 'preference';

export interface RuleContradiction {
  kind: RuleContradictionKind;
  /** The polarity term found in the first statement, then the opposing one found in the second. */
  terms: [string, string];
  /** Content terms both statements share (stemmed), showing they are about the same thing. */
  sharedTerms: string[];
}

interface OpposingPair {
  kind: RuleContradictionKind;
  /** Forms of each side; a two-word form is matched as consecutive words. */
  sides: readonly [readonly string[], readonly string[]];
}

/** Clear word-level opposites only: anything subtler is left to the classifier. Grouped in check order. */
const OPPOSING_PAIRS: readonly OpposingPair[] = [
  { kind: 'negation', sides: [['never'], ['always']] },
  { kind: 'negation', sides: [['nobody'], ['everybody']] },
  { kind: 'negation', sides: [['none'], ['all']] },
  { kind: 'negation', sides: [['forbid', 'forbids'], ['require', 'requires']] },
  { kind: 'negation', sides: [['must not', "mustn't"], ['must']] },
  { kind: 'negation', sides: [['should not', "shouldn't"], ['should']] },
  { kind: 'comparative', sides: [['more'], ['less']] },
  { kind: 'comparative', sides: [['increase', 'increases'], ['decrease', 'decreases']] },
  { kind: 'comparative', sides: [['higher'], ['lower']] },
  { kind: 'comparative', sides: [['faster'], ['slower']] },
  { kind: 'comparative', sides: [['better'], ['worse']] },
  { kind: 'comparative', sides: [['bigger'], ['smaller']] },
  { kind: 'comparative', sides: [['most'], ['least']] },
  { kind: 'comparative', sides: [['harder'], ['easier']] },
  { kind: 'preference', sides: [['prefer', 'prefers'], ['avoid', 'avoids']] },
  { kind: 'preference', sides: [['like', 'likes'], ['dislike', 'dislikes']] },
  { kind: 'preference', sides: [['love', 'loves'], ['hate', 'hates']] },
  { kind: 'preference', sides: [['favor', 'favors', 'favour', 'favours'], ['oppose', 'opposes']] },
  { kind: 'preference', sides: [['want', 'wants'], ['reject', 'rejects']] },
];

/**
 * Every form of every pair, for the store to pre-filter candidate beliefs. Some entries are two
 * words ("must not") or carry an apostrophe ("mustn't"): quote each one in a full-text query.
 */
export const POLARITY_TERMS: readonly string[] = Object.freeze([
  ...new Set(OPPOSING_PAIRS.flatMap((pair) => [...pair.sides[0], ...pair.sides[1]])),
]);

/** Minimum topic overlap: this many shared content terms, or this Jaccard overlap. */
const MIN_SHARED_TERMS = 2;
const MIN_JACCARD = 0.3;

const STOPWORDS = new Set([
  'a', 'about', 'above', 'after', 'again', 'against', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be',
  'because', 'been', 'before', 'being', 'below', 'between', 'both', 'but', 'by', 'can', 'could', 'did', 'do',
  'does', 'doing', 'down', 'during', 'each', 'either', 'else', 'even', 'ever', 'every', 'few', 'for', 'from',
  'further', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'him', 'his', 'how', 'i', 'if',
  'in', 'into', 'is', 'it', 'its', 'itself', 'just', 'may', 'me', 'might', 'my', 'no', 'nor', 'not', 'now',
  'of', 'off', 'on', 'once', 'one', 'only', 'or', 'other', 'others', 'our', 'ours', 'out', 'over', 'own',
  'same', 'shall', 'she', 'so', 'some', 'such', 'than', 'that', 'the', 'their', 'theirs', 'them', 'then',
  'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'under', 'until', 'up', 'upon', 'us',
  'very', 'was', 'we', 'were', 'what', 'when', 'where', 'whether', 'which', 'while', 'who', 'whom', 'why',
  'will', 'with', 'within', 'without', 'would', 'you', 'your', 'yours', 'also', 'much', 'many', 'often',
  'usually', 'sometimes', 'really', 'quite', 'rather', 'get', 'gets', 'got', 'make', 'makes', 'made',
]);

/** Lowercased words; apostrophes stay inside a word ("mustn't"), hyphens and punctuation split. */
function tokenize(text: string): string[] {
  return text.toLowerCase().replace(/[\u2018\u2019]/g, "'").match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? [];
}

const isVowel = (c: string | undefined): boolean => c !== undefined && 'aeiou'.includes(c);

/** Drop a doubled final consonant left by a suffix ("shipp" → "ship"), but not in short stems ("add"). */
function undouble(stem: string): string {
  const last = stem.at(-1);
  if (stem.length >= 4 && last === stem.at(-2) && !isVowel(last) && !'lsz'.includes(last ?? '')) {
    return stem.slice(0, -1);
  }
  return stem;
}

/**
 * Deliberately simple suffix stripping (plural s/es/ies, -ing, -ed/-ied, final e/y) so inflections of a
 * word meet ("share", "shares", "shared", "sharing" → "shar"). Only ever removes characters from the
 * end, so every stem is a prefix of its word and the store can search it as `stem*`.
 */
function stem(word: string): string {
  let w = word;
  if (/ie[sd]$/.test(w) && w.length - 3 >= 3) return w.slice(0, -3);
  if (/(?:sses|xes|zes|ches|shes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w) && w.length - 1 >= 3) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length - 3 >= 3) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length - 2 >= 3) w = undouble(w.slice(0, -2));
  // Final y only after a consonant, to meet "-ies"/"-ied" ("policy" ~ "policies"); "deploy" keeps it.
  if (w.length - 1 >= 3 && (w.endsWith('e') || (w.endsWith('y') && !isVowel(w.at(-2))))) w = w.slice(0, -1);
  return w;
}

const POLARITY_WORDS = new Set(POLARITY_TERMS.flatMap((term) => term.split(' ')));
const POLARITY_STEMS = new Set([...POLARITY_WORDS].map(stem));

/**
 * The words that say what a statement is about: lowercased and stemmed, without stopwords,
 * contractions or polarity words, unique, in order of first appearance. Each term is a prefix of the
 * word it came from.
 */
export function contentTerms(text: string): string[] {
  return [...new Set(contentWordsWithStems(text).map(([, term]) => term))];
}

/**
 * The same words unstemmed, unique: what a full-text query of the statement's topic asks for (the
 * index stems them its own way).
 */
export function contentWords(text: string): string[] {
  return [...new Set(contentWordsWithStems(text).map(([word]) => word))];
}

/**
 * The words of a free-text query worth searching for (recall, the context pack): lowercased, without
 * stopwords and contractions, unique, in order. Unlike `contentWords`, polarity words stay: "prefer"
 * is what a recall for preferences is about.
 */
export function searchWords(text: string): string[] {
  const words = tokenize(text).map((token) => (token.endsWith("'s") ? token.slice(0, -2) : token));
  return [...new Set(words.filter((word) => word.length >= 2 && !word.includes("'") && !STOPWORDS.has(word)))];
}

/** Which of the query's `words` a text contains, inflections included ("deploy" finds "deployed"). */
export function wordsFoundIn(words: readonly string[], text: string): string[] {
  const stems = new Set(tokenize(text).map(stem));
  return words.filter((word) => stems.has(stem(word)));
}

function contentWordsWithStems(text: string): [word: string, term: string][] {
  const found: [string, string][] = [];
  for (const token of tokenize(text)) {
    const word = token.endsWith("'s") ? token.slice(0, -2) : token;
    // Remaining apostrophes mark contractions ("don't"), which are function words.
    if (word.length < 2 || word.includes("'") || STOPWORDS.has(word) || POLARITY_WORDS.has(word)) continue;
    const term = stem(word);
    if (!POLARITY_STEMS.has(term)) found.push([word, term]);
  }
  return found;
}

interface PolarityHit {
  pair: number;
  side: 0 | 1;
  form: string;
}

/** Every form with its pair and side, longest first so "must not" claims its words before "must" can. */
const POLARITY_FORMS = OPPOSING_PAIRS.flatMap((pair, index) =>
  pair.sides.flatMap((forms, side) =>
    forms.map((form) => ({ pair: index, side: side as 0 | 1, form, words: form.split(' ') })),
  ),
).sort((x, y) => y.words.length - x.words.length);

/** Polarity forms in a statement; a word belongs to at most one form. */
function polarityHits(tokens: readonly string[]): PolarityHit[] {
  if (!tokens.some((token) => POLARITY_WORDS.has(token))) return [];
  const claimed = new Array<boolean>(tokens.length).fill(false);
  const hits: PolarityHit[] = [];
  for (const { pair, side, form, words } of POLARITY_FORMS) {
    for (let start = 0; start + words.length <= tokens.length; start += 1) {
      const span = words.map((_, offset) => start + offset);
      if (span.every((i, offset) => !claimed[i] && tokens[i] === words[offset])) {
        for (const i of span) claimed[i] = true;
        hits.push({ pair, side, form });
      }
    }
  }
  return hits;
}

/** The single side of `pair` a statement takes, or null when it takes neither or both. */
function sideTaken(hits: readonly PolarityHit[], pair: number): PolarityHit | null {
  const own = hits.filter((hit) => hit.pair === pair);
  const first = own[0];
  if (first === undefined || own.some((hit) => hit.side !== first.side)) return null;
  return first;
}

/** A statement read once for the rules, for callers that compare it with many others. */
export interface ReadStatement {
  readonly terms: readonly string[];
  readonly hits: readonly PolarityHit[];
  /** Whether it takes a side of any opposing pair: one that does not can contradict nothing. */
  readonly takesSide: boolean;
}

export function readStatement(text: string): ReadStatement {
  const hits = polarityHits(tokenize(text));
  return { terms: contentTerms(text), hits, takesSide: OPPOSING_PAIRS.some((_, pair) => sideTaken(hits, pair) !== null) };
}

/**
 * Detect a rule contradiction between two statements, or null. Both must be on the same topic
 * (enough shared content terms) and take opposite sides of one opposing pair; negation pairs are
 * checked first, then comparative, then preference.
 */
export function detectContradiction(a: string, b: string): RuleContradiction | null {
  return contradictionBetween(readStatement(a), readStatement(b));
}

/** detectContradiction on statements already read. */
export function contradictionBetween(a: ReadStatement, b: ReadStatement): RuleContradiction | null {
  if (!a.takesSide || !b.takesSide) return null;
  const termsB = new Set(b.terms);
  const sharedTerms = a.terms.filter((term) => termsB.has(term));
  const union = new Set([...a.terms, ...b.terms]).size;
  const jaccard = union === 0 ? 0 : sharedTerms.length / union;
  if (sharedTerms.length < MIN_SHARED_TERMS && jaccard < MIN_JACCARD) return null;

  for (const [pair, { kind }] of OPPOSING_PAIRS.entries()) {
    const sideA = sideTaken(a.hits, pair);
    const sideB = sideTaken(b.hits, pair);
    if (sideA !== null && sideB !== null && sideA.side !== sideB.side) {
      return { kind, terms: [sideA.form, sideB.form], sharedTerms };
    }
  }
  return null;
}

/**
 * The forms a statement's contradicting partner must contain: for each pair the statement takes
 * one side of, the other side's forms. Empty when the statement takes no side, in which case no
 * rule can find a contradiction with it, so the store need not look for candidates at all.
 */
export function opposingForms(statement: string): string[] {
  const hits = polarityHits(tokenize(statement));
  const forms = new Set<string>();
  for (const [pair, { sides }] of OPPOSING_PAIRS.entries()) {
    const taken = sideTaken(hits, pair);
    if (taken !== null) for (const form of sides[taken.side === 0 ? 1 : 0]) forms.add(form);
  }
  return [...forms];
}
