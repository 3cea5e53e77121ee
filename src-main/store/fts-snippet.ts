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
export function queryTermsOf(expression: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (const match of expression.matchAll(/"((?:[^"]|"")*)"(\*?)/g)) {
    const phrase = (match[1] as string).replace(/""/g, '"');
    const stems = tokenize(phrase).map((token) => stemmer(fold(phrase.slice(token.start, token.end))));
    if (stems.length > 0) terms.push({ stems, prefix: match[2] === '*' });
  }
  return terms;
}

/**
 * Porter never changes a word's first two letters, so a token whose first letters differ from a
 * stem's cannot stem to it: only the few candidates are folded and stemmed.
 */
function tokenMatches(text: string, token: Token, stem: string, prefix: boolean): boolean {
  if (token.folded === null) {
    const first = text.charCodeAt(token.start) | 0x20;
    // ASCII letters and digits compare case-folded here (| 0x20); anything else is folded in full.
    if (first < 128 && first !== stem.charCodeAt(0)) return false;
    token.folded = fold(text.slice(token.start, token.end));
  }
  if (!token.folded.startsWith(stem.slice(0, 2))) return false;
  token.stem ??= stemmer(token.folded);
  return prefix ? token.stem.startsWith(stem) : token.stem === stem;
}

/**
 * Each token that is part of a match of any term, with the last token of its span: a phrase marks
 * all its tokens as one span, and overlapping matches merge into one (as FTS5's highlighting does).
 */
function matchedTokens(text: string, tokens: readonly Token[], terms: readonly QueryTerm[]): Map<number, number> {
  const spans: [number, number][] = [];
  for (const term of terms) {
    const last = term.stems.length - 1;
    for (let at = 0; at + last < tokens.length; at += 1) {
      if (term.stems.every((stem, i) => tokenMatches(text, tokens[at + i] as Token, stem, term.prefix && i === last))) spans.push([at, at + last]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const spanEnd = new Map<number, number>();
  let open: [number, number] | null = null;
  const close = (span: [number, number]) => {
    for (let i = span[0]; i <= span[1]; i += 1) spanEnd.set(i, span[1]);
  };
  for (const span of spans) {
    if (open !== null && span[0] <= open[1]) open[1] = Math.max(open[1], span[1]);
    else {
      if (open !== null) close(open);
      open = [span[0], span[1]];
    }
  }
  if (open !== null) close(open);
  return spanEnd;
}

/** The window of `size` tokens holding the most matches, its matches centred as far as the text allows. */
function bestWindow(count: number, matched: ReadonlyMap<number, number>, size: number): [number, number] {
  if (count <= size) return [0, count];
  const hits = [...matched.keys()].sort((a, b) => a - b);
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

/** `text` cut to about `size` tokens around its matches, each match wrapped in the search marks. */
export function markedSnippet(text: string, terms: readonly QueryTerm[], size = 16): string {
  const tokens = tokenize(text);
  const matched = matchedTokens(text, tokens, terms);
  const [from, to] = bestWindow(tokens.length, matched, size);
  if (tokens.length === 0) return text;
  let out = from > 0 ? ELLIPSIS : '';
  let cursor = from > 0 ? (tokens[from] as Token).start : 0;
  for (let i = from; i < to; i += 1) {
    const token = tokens[i] as Token;
    out += text.slice(cursor, token.start);
    const end = matched.get(i);
    const opens = end !== undefined && (i === from || matched.get(i - 1) !== end);
    const closes = end !== undefined && (end === i || i === to - 1);
    out += `${opens ? MATCH_OPEN : ''}${text.slice(token.start, token.end)}${closes ? MATCH_CLOSE : ''}`;
    cursor = token.end;
  }
  return to < tokens.length ? `${out}${ELLIPSIS}` : out + text.slice(cursor);
}
