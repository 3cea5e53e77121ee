/**
 * Search snippets made in JavaScript from the indexed text, the way FTS5's `snippet()` would mark
 * them: FTS5's own function re-runs the match and walks every token of every row, which cost more
 * than the rest of a search together. Tokens follow the index's tokenizer (`porter unicode61`:
 * runs of letters and digits, case and diacritics folded, Porter stems), so what is marked is what
 * matched.
 */
import { stemmer } from 'stemmer';
import { MATCH_CLOSE, MATCH_OPEN } from '../../shared/search-marks';

/** One quoted term of a match expression: its stemmed tokens (a phrase), the last one maybe a prefix. */
interface QueryTerm {
  stems: string[];
  prefix: boolean;
}

/**
 * A search's terms, and the stems of the words its snippets have met so far: the hits of one search
 * share their matched words, and stemming a word costs more than the rest of its snippet.
 */
export interface SnippetQuery {
  terms: QueryTerm[];
  stemOf: Map<string, string>;
}

interface Token {
  start: number;
  end: number;
  /** Folded (case, diacritics) only when a term could match it: most tokens are never looked at twice. */
  folded: string | null;
  stem: string | null;
}

const WORD_CHAR = /[\p{L}\p{N}\p{Co}]/u;
const ELLIPSIS = '…';

/** unicode61's token characters: letters, digits and private-use characters. */
function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return WORD_CHAR.test(String.fromCodePoint(code));
}

/**
 * The tokens' places, scanned by hand: a regular expression over the Unicode classes made the
 * snippets cost half as much as the query they decorate.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let start = -1;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    if (isWordChar(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      tokens.push({ start, end: i, folded: null, stem: null });
      start = -1;
    }
    i += width;
  }
  if (start >= 0) tokens.push({ start, end: text.length, folded: null, stem: null });
  return tokens;
}

const isAscii = (word: string): boolean => {
  for (let i = 0; i < word.length; i += 1) if (word.charCodeAt(i) > 127) return false;
  return true;
};

const fold = (word: string): string => {
  const lower = word.toLowerCase();
  // Only non-ASCII words can carry diacritics; decomposing every word would be wasted work.
  return isAscii(lower) ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
};

/** The quoted terms of an expression from `ftsMatchExpression` (`"a" "b" "c"*`, or joined by OR). */
export function queryTermsOf(expression: string): SnippetQuery {
  const terms: QueryTerm[] = [];
  for (const match of expression.matchAll(/"((?:[^"]|"")*)"(\*?)/g)) {
    const phrase = (match[1] as string).replace(/""/g, '"');
    const stems = tokenize(phrase).map((token) => stemmer(fold(phrase.slice(token.start, token.end))));
    if (stems.length > 0) terms.push({ stems, prefix: match[2] === '*' });
  }
  return { terms, stemOf: new Map() };
}

/**
 * Porter never changes a word's first two letters, so a token whose first letters differ from a
 * stem's cannot stem to it: only the few candidates are folded and stemmed.
 */
function tokenMatches(text: string, token: Token, stem: string, prefix: boolean, stemOf: Map<string, string>): boolean {
  if (token.folded === null) {
    const first = text.charCodeAt(token.start) | 0x20;
    // ASCII letters and digits compare case-folded here (| 0x20); anything else is folded in full.
    if (first < 128 && first !== stem.charCodeAt(0)) return false;
    token.folded = fold(text.slice(token.start, token.end));
  }
  if (!token.folded.startsWith(stem.slice(0, 2))) return false;
  if (token.stem === null) {
    let stem = stemOf.get(token.folded);
    if (stem === undefined) {
      stem = stemmer(token.folded);
      stemOf.set(token.folded, stem);
    }
    token.stem = stem;
  }
  return prefix ? token.stem.startsWith(stem) : token.stem === stem;
}

function phraseMatchesAt(text: string, tokens: readonly Token[], at: number, term: QueryTerm, stemOf: Map<string, string>): boolean {
  const last = term.stems.length - 1;
  for (let i = 0; i <= last; i += 1) {
    if (!tokenMatches(text, tokens[at + i] as Token, term.stems[i] as string, term.prefix && i === last, stemOf)) return false;
  }
  return true;
}

/**
 * The matched token spans `[first, last]` in text order: a phrase marks all its tokens as one span,
 * and overlapping matches merge into one (as FTS5's highlighting does).
 */
function matchedSpans(text: string, tokens: readonly Token[], query: SnippetQuery): [number, number][] {
  const spans: [number, number][] = [];
  for (const term of query.terms) {
    const last = term.stems.length - 1;
    for (let at = 0; at + last < tokens.length; at += 1) {
      if (phraseMatchesAt(text, tokens, at, term, query.stemOf)) spans.push([at, at + last]);
    }
  }
  if (query.terms.length > 1) spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const open = merged[merged.length - 1];
    if (open !== undefined && span[0] <= open[1]) open[1] = Math.max(open[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** The window of `size` tokens holding the most matched tokens, its matches centred as far as the text allows. */
function bestWindow(count: number, spans: readonly [number, number][], size: number): [number, number] {
  if (count <= size) return [0, count];
  const hits: number[] = [];
  for (const [first, last] of spans) for (let i = first; i <= last; i += 1) hits.push(i);
  let best = { hits: -1, first: 0, last: 0 };
  for (let i = 0; i < hits.length; i += 1) {
    const first = hits[i] as number;
    let j = i;
    while (j + 1 < hits.length && (hits[j + 1] as number) < first + size) j += 1;
    if (j - i + 1 > best.hits) best = { hits: j - i + 1, first, last: hits[j] as number };
  }
  if (best.hits < 0) return [0, size];
  const slack = size - (best.last - best.first + 1);
  const start = Math.max(0, Math.min(best.first - Math.floor(slack / 2), count - size));
  return [start, start + size];
}

/**
 * `text` cut to about `size` tokens around its matches, each match wrapped in the search marks.
 * The text between marks is copied in whole slices, so the cost follows the matches, not the words.
 */
export function markedSnippet(text: string, query: SnippetQuery, size = 16): string {
  const tokens = tokenize(text);
  if (tokens.length === 0) return text;
  const spans = matchedSpans(text, tokens, query);
  const [from, to] = bestWindow(tokens.length, spans, size);
  let out = from > 0 ? ELLIPSIS : '';
  let cursor = from > 0 ? (tokens[from] as Token).start : 0;
  for (const [first, last] of spans) {
    if (last < from || first >= to) continue;
    const start = (tokens[Math.max(first, from)] as Token).start;
    const end = (tokens[Math.min(last, to - 1)] as Token).end;
    out += `${text.slice(cursor, start)}${MATCH_OPEN}${text.slice(start, end)}${MATCH_CLOSE}`;
    cursor = end;
  }
  return to < tokens.length ? `${out}${text.slice(cursor, (tokens[to - 1] as Token).end)}${ELLIPSIS}` : out + text.slice(cursor);
}
