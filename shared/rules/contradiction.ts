/**
 * Rule-based contradiction detection between two belief statements (the provenance seed §5), in
 * two ways:
 * - an opposing pair: one statement takes one side ("never", "better"), the other the opposite
 *   side ("always", "worse"), and the two are about the same thing. A negator just before a side
 *   turns it over: "not better" stands with "worse" (they agree), against "better".
 * - a denial: the two say the same words, and one of them denies them ("Deploys on Friday are safe"
 *   against "… are never safe"): the same content terms, and an odd number of negators in one
 *   statement only. Where both statements take sides of one pair, the pair alone decides ("not
 *   always" agrees with "never", though only "never" is a negator).
 * Cheap and deterministic; a configured model can classify what the rules miss.
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
 * Words that deny what follows them. Before a side of a pair they turn it over; anywhere else they
 * make the statement a denial. Contractions are listed whole, as the store must search them.
 */
export const NEGATORS: readonly string[] = Object.freeze([
  'not', 'no', 'never', 'cannot', "can't", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't",
  "won't", "wouldn't", "shouldn't", "couldn't", "mustn't", "hasn't", "haven't", "hadn't", "needn't",
]);

/** Words that may stand between a negator and the side it turns over ("not much better"). */
const NEGATION_FILLERS = new Set(['any', 'much', 'really', 'necessarily', 'even']);

/**
 * Every form of every pair, and every negator: the words the rules react to, for the store to
 * pre-filter candidate beliefs. Some entries are two words ("must not") or carry an apostrophe
 * ("mustn't"): quote each one in a full-text query.
 */
export const POLARITY_TERMS: readonly string[] = Object.freeze([
  ...new Set([...OPPOSING_PAIRS.flatMap((pair) => [...pair.sides[0], ...pair.sides[1]]), ...NEGATORS]),
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

/** A word that says what a statement is about: not a stopword, a polarity word, or a contraction (an apostrophe left after "'s" is gone: "don't", a function word). */
function isContentWord(word: string): boolean {
  return word.length >= 2 && !word.includes("'") && !STOPWORDS.has(word) && !POLARITY_WORDS.has(word);
}

function contentWordsWithStems(text: string): [word: string, term: string][] {
  const found: [string, string][] = [];
  for (const token of tokenize(text)) {
    const word = token.endsWith("'s") ? token.slice(0, -2) : token;
    if (!isContentWord(word)) continue;
    const term = stem(word);
    if (!POLARITY_STEMS.has(term)) found.push([word, term]);
  }
  return found;
}

interface PolarityHit {
  pair: number;
  /** The side the statement takes: the form's own side, or the other one when a negator turned it. */
  side: 0 | 1;
  /** The words as they stand in the statement, with the negator that turned them ("not better"). */
  form: string;
  /** Turned by a negator: it only denies the other side ("not better" is "worse or the same"). */
  turned: boolean;
}

/** Every form with its pair and side, longest first so "must not" claims its words before "must" can. */
const POLARITY_FORMS = OPPOSING_PAIRS.flatMap((pair, index) =>
  pair.sides.flatMap((forms, side) =>
    forms.map((form) => ({ pair: index, side: side as 0 | 1, form, words: form.split(' ') })),
  ),
).sort((x, y) => y.words.length - x.words.length);

const NEGATOR_WORDS = new Set(NEGATORS);

interface Polarity {
  hits: PolarityHit[];
  /** The first negator that turned no side, with the words up to the next content word ("never safe"); null unless such negators are odd in number. */
  denial: { phrase: string; word: string } | null;
}

/**
 * The sides a statement takes (a word belongs to at most one form; a negator just before a form,
 * or one filler word before it, turns it over and is spent) and whether the rest of its negators
 * deny it.
 */
function polarityOf(tokens: readonly string[]): Polarity {
  if (!tokens.some((token) => POLARITY_WORDS.has(token))) return { hits: [], denial: null };
  const claimed = new Array<boolean>(tokens.length).fill(false);
  const spent = new Array<boolean>(tokens.length).fill(false);
  const hits: PolarityHit[] = [];
  for (const { pair, side, form, words } of POLARITY_FORMS) {
    for (let start = 0; start + words.length <= tokens.length; start += 1) {
      const span = words.map((_, offset) => start + offset);
      if (!span.every((i, offset) => !claimed[i] && tokens[i] === words[offset])) continue;
      for (const i of span) claimed[i] = true;
      const negator = words.some((word) => NEGATOR_WORDS.has(word)) ? -1 : turningNegator(tokens, start, claimed);
      if (negator >= 0) spent[negator] = claimed[negator] = true;
      hits.push(
        negator < 0
          ? { pair, side, form, turned: false }
          : { pair, side: side === 0 ? 1 : 0, form: tokens.slice(negator, start + words.length).join(' '), turned: true },
      );
    }
  }
  const denying = tokens.flatMap((token, i) => (NEGATOR_WORDS.has(token) && !spent[i] ? [i] : []));
  return { hits, denial: denying.length % 2 === 1 ? denialAt(tokens, denying[0] as number) : null };
}

/** The negator that turns the form starting at `start` over, or -1. */
function turningNegator(tokens: readonly string[], start: number, claimed: readonly boolean[]): number {
  for (const before of [start - 1, start - 2]) {
    const token = tokens[before];
    if (token === undefined || claimed[before]) return -1;
    if (NEGATOR_WORDS.has(token)) return before;
    if (!NEGATION_FILLERS.has(token)) return -1;
  }
  return -1;
}

function denialAt(tokens: readonly string[], at: number): { phrase: string; word: string } {
  for (let i = at + 1; i < tokens.length; i += 1) {
    if (isContentWord(tokens[i] as string)) return { phrase: tokens.slice(at, i + 1).join(' '), word: tokens[i] as string };
  }
  return { phrase: tokens[at] as string, word: `without "${tokens[at] as string}"` };
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
  readonly denial: Polarity['denial'];
  /** What a comparison sets side by side: the content terms before its first "than", and the words after it. */
  readonly comparison: { subject: readonly string[]; object: readonly string[]; objectText: string } | null;
  /**
   * Whether it takes a side of any opposing pair, or denies: two statements that do neither never
   * contradict each other (a plain statement can only be the affirmed half of a denial).
   */
  readonly takesSide: boolean;
}

export function readStatement(text: string): ReadStatement {
  const tokens = tokenize(text);
  const { hits, denial } = polarityOf(tokens);
  return {
    terms: contentTerms(text),
    hits,
    denial,
    comparison: comparisonOf(tokens),
    takesSide: denial !== null || OPPOSING_PAIRS.some((_, pair) => sideTaken(hits, pair) !== null),
  };
}

/** A comparison's two ends by the terms only one end holds ("Rust builds … than Go builds": rust, go). */
function comparisonOf(tokens: readonly string[]): ReadStatement['comparison'] {
  const than = tokens.indexOf('than');
  if (than < 0) return null;
  const before = contentTerms(tokens.slice(0, than).join(' '));
  const after = contentTerms(tokens.slice(than + 1).join(' '));
  return {
    subject: before.filter((term) => !after.includes(term)),
    object: after.filter((term) => !before.includes(term)),
    objectText: tokens.slice(than + 1).join(' '),
  };
}

/**
 * Whether two comparisons set the same things side by side the other way round ("tabs … than
 * spaces", "spaces … than tabs"): then the same side disagrees and opposite sides agree.
 */
function reversed(a: ReadStatement, b: ReadStatement): boolean {
  if (a.comparison === null || b.comparison === null) return false;
  const meet = (terms: readonly string[], other: readonly string[]) => terms.some((term) => other.includes(term));
  return meet(a.comparison.object, b.comparison.subject) && meet(b.comparison.object, a.comparison.subject);
}

/**
 * Detect a rule contradiction between two statements, or null: opposite sides of one opposing pair
 * on the same topic (enough shared content terms; negation pairs are checked first, then
 * comparative, then preference; a comparison made the other way round turns its sides over), else
 * one denying what the other says in the same terms.
 */
export function detectContradiction(a: string, b: string): RuleContradiction | null {
  return contradictionBetween(readStatement(a), readStatement(b));
}

/** detectContradiction on statements already read. */
export function contradictionBetween(a: ReadStatement, b: ReadStatement): RuleContradiction | null {
  if (!a.takesSide && !b.takesSide) return null;
  // Where both take sides of one pair, the pair decides: "not always" and "never" agree.
  const pairMet = a.hits.some((hit) => b.hits.some((other) => other.pair === hit.pair));
  return opposedSides(a, b) ?? (pairMet ? null : denialBetween(a, b));
}

function opposedSides(a: ReadStatement, b: ReadStatement): RuleContradiction | null {
  if (a.hits.length === 0 || b.hits.length === 0) return null;
  const termsB = new Set(b.terms);
  const sharedTerms = a.terms.filter((term) => termsB.has(term));
  const union = new Set([...a.terms, ...b.terms]).size;
  const jaccard = union === 0 ? 0 : sharedTerms.length / union;
  if (sharedTerms.length < MIN_SHARED_TERMS && jaccard < MIN_JACCARD) return null;

  const swapped = reversed(a, b);
  for (const [pair, { kind }] of OPPOSING_PAIRS.entries()) {
    const sideA = sideTaken(a.hits, pair);
    const sideB = sideTaken(b.hits, pair);
    // Two turned sides only deny extremes ("not better", "not worse": the same), which both may do.
    if (sideA === null || sideB === null || (sideA.turned && sideB.turned)) continue;
    if (kind === 'comparative' && swapped) {
      if (sideA.side === sideB.side) return { kind, terms: [`${sideA.form} than ${a.comparison?.objectText}`, `${sideB.form} than ${b.comparison?.objectText}`], sharedTerms };
    } else if (sideA.side !== sideB.side) {
      return { kind, terms: [sideA.form, sideB.form], sharedTerms };
    }
  }
  return null;
}

/** One statement denies the other: the same content terms (at least MIN_SHARED_TERMS), a denial in one only. */
function denialBetween(a: ReadStatement, b: ReadStatement): RuleContradiction | null {
  if ((a.denial === null) === (b.denial === null) || a.terms.length < MIN_SHARED_TERMS || a.terms.length !== b.terms.length) return null;
  const termsB = new Set(b.terms);
  if (!a.terms.every((term) => termsB.has(term))) return null;
  const terms: [string, string] = a.denial !== null ? [a.denial.phrase, a.denial.word] : [(b.denial as { word: string }).word, (b.denial as { phrase: string }).phrase];
  return { kind: 'negation', terms, sharedTerms: [...a.terms] };
}

/**
 * How the store finds the beliefs a statement may contradict: full-text pre-filters a partner must
 * pass (the rules then decide). A statement that takes no side and has too few words to be denied
 * has no partner to look for.
 */
export interface PartnerSearch {
  /** Content words as written: a pair partner shares any of them, a denial partner every one. */
  words: string[];
  /** A pair partner holds one of these (the other side of each pair the statement takes; both sides of a comparison with "than")… */
  opposing: string[];
  /** …or one of these (the side the statement takes) turned over by a negator. */
  turnable: string[];
  /** A denial partner holds a negator (this statement affirms) or none (it denies); null: no denial to look for. */
  denial: 'negated' | 'plain' | null;
}

export function partnerSearch(statement: string, read: ReadStatement = readStatement(statement)): PartnerSearch {
  const opposing = new Set<string>();
  const turnable = new Set<string>();
  for (const [pair, { kind, sides }] of OPPOSING_PAIRS.entries()) {
    const taken = sideTaken(read.hits, pair);
    if (taken === null) continue;
    // A comparison may meet its partner made the other way round, on the same side.
    const bothSides = kind === 'comparative' && read.comparison !== null;
    for (const form of [...sides[taken.side === 0 ? 1 : 0], ...(bothSides ? sides[taken.side] : [])]) opposing.add(form);
    for (const form of sides[taken.side]) if (!form.split(' ').some((word) => NEGATOR_WORDS.has(word))) turnable.add(form);
  }
  const deniable = read.terms.length >= MIN_SHARED_TERMS;
  return {
    words: contentWords(statement),
    opposing: [...opposing],
    turnable: [...turnable],
    denial: !deniable ? null : read.denial === null ? 'negated' : 'plain',
  };
}
