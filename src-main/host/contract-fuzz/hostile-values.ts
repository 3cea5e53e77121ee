/**
 * The hostile values the contract fuzz mixes into schema-shaped payloads: odd Unicode, full-text
 * query syntax, dates at and past the edges, numbers no field expects, and the tokens that stand
 * for values only the running mind knows (a real id, its current version, a cursor it handed out,
 * a path to one of its own files). Tokens keep a shrunk counterexample readable: `«ref:id:3»`
 * reads better than the id it became, and the report prints both.
 */
import fc from 'fast-check';

/** Text no field should choke on, and some that a careless writer would store wrongly. */
export const ODD_TEXT = [
  'a\udfffb', // a lone low surrogate: not encodable as UTF-8
  '\ud800', // a lone high surrogate
  'x\ud83d', // half an emoji
  'a\u0000b', // NUL
  '\u202eevil\u202c', // right-to-left override
  '\u200f\u200e\u061c', // RTL, LTR and Arabic letter marks
  'zero\u200bwidth\u200c\u200d\ufeff', // zero-width space, joiners, BOM
  'e\u0301\u0301\u0301', // stacked combining marks
  '👩‍👩‍👧‍👦🏳️‍🌈', // grapheme clusters
  '\ufffe\uffff', // noncharacters
  '\r\n\t\v\f',
  ' ',
  '',
  '%s%n%x',
  '${constructor}',
  "'; DROP TABLE memories; --",
  '<img src=x onerror=alert(1)>',
];

/** Odd text an acceptable payload can carry in every free-text field: a lone surrogate, RTL and zero-width marks; then a NUL. */
export const ODD_MIXES = ['a\udfffb \u202eevil\u202c zero\u200bwidth e\u0301', 'nul\u0000byte \ud800'];

/** FTS5 query syntax: quotes, operators, column filters, prefixes, NEAR, parentheses, carets. */
export const FTS_SYNTAX = [
  '"unbalanced',
  'a AND',
  'OR',
  'NOT NOT',
  'NEAR(a b, -1)',
  'content:release',
  '{content fields}: x',
  'rel*',
  '*',
  '^friday',
  '(((',
  ')',
  'a + b',
  '"" ""',
  'ä ö ü ß',
  'release -friday',
  'x'.repeat(1_000),
];

/** Dates at the edges of what an ISO field may carry, and past them. */
export const ODD_DATES = [
  '1970-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2024-02-29T12:00:00+14:00',
  '2025-02-29T00:00:00Z',
  '2016-12-31T23:59:60Z',
  '2026-01-01T00:00:00-23:59',
  '2026-13-01T00:00:00Z',
  '2026-01-01',
  'yesterday',
];

/** Numbers no field expects: huge, fractional, negative, zero, past the safe integers. */
export const ODD_NUMBERS = [0, -1, -0, 0.5, 1.000_000_1, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE];

/** Ways a real value is bent: a near-miss of an id, a cursor, a version. */
export const TAMPERINGS = ['flip-last', 'drop-last', 'add-char', 'upper', 'other-prefix', 'pad', 'zero-width', 'origin'] as const;
export type Tampering = (typeof TAMPERINGS)[number];

export function tamper(value: string, how: Tampering): string {
  switch (how) {
    case 'flip-last':
      return value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
    case 'drop-last':
      return value.slice(0, -1);
    case 'add-char':
      return `${value}0`;
    case 'upper':
      return value.toUpperCase();
    case 'other-prefix':
      return value.includes('_') ? `bl${value.slice(value.indexOf('_'))}` : `bl_${value}`;
    case 'pad':
      return ` ${value} `;
    case 'zero-width':
      return `${value}\u200b`;
    case 'origin':
      return `kernle:${value}`;
  }
}

/** Where a request names a value the mind handed out, by the request's key. */
const POOL_BY_KEY: Record<string, string> = {
  id: 'id',
  into: 'id',
  a: 'id',
  b: 'id',
  ids: 'id',
  memoryId: 'id',
  runId: 'runId',
  cursor: 'cursor',
  entry: 'action',
  seq: 'seq',
};

export function poolForKey(key: string): string | null {
  return POOL_BY_KEY[key] ?? (key.endsWith('Id') ? key : null);
}

/** `expectedVersion` is the version of `id`; `intoVersion` that of `into`. */
export function versionedKeyOwner(key: string): string | null {
  if (key === 'expectedVersion') return 'id';
  return key.endsWith('Version') ? key.slice(0, -'Version'.length) : null;
}

/** The files a path field may be pointed at (src-main/host/contract-fuzz/fuzz-files.ts makes them). */
export const HARMLESS_PATHS = [
  'new-file',
  'source', // a valid file of the request's `kind` (an export, a transcript...)
  'export',
  'other-mind',
  'missing',
  'passwd',
  'random-bytes',
  'other-sqlite',
  'truncated-mind',
  'schema-v9999',
  'empty-file',
  'nul-in-path',
  'too-long',
  'relative',
  'odd-name', // a new file whose name holds a lone surrogate, an RTL override, a zero-width space
] as const;

/** Paths that may hurt the open mind or the host: the mind's own files, and files that are not regular. */
export const DESTRUCTIVE_PATHS = ['mind', 'mind-wal', 'mind-shm', 'mind-journal', 'hard-link', 'symlink', 'dev-zero', 'fifo', 'folder'] as const;
export type PathName = (typeof HARMLESS_PATHS)[number] | (typeof DESTRUCTIVE_PATHS)[number];

export const token = {
  ref: (pool: string, index: number) => `«ref:${pool}:${index}»`,
  tampered: (pool: string, index: number, how: Tampering) => `«tampered:${pool}:${index}:${how}»`,
  version: (which: 'current' | 'stale' | 'next') => `«version:${which}»`,
  path: (name: PathName) => `«path:${name}»`,
};

/** A real value, a near-miss of one, or junk, for a key whose values the mind hands out. */
export function referenceArbitrary(pool: string, junk: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const index = fc.nat({ max: 400 });
  return fc.oneof(
    { weight: 6, arbitrary: index.map((n) => token.ref(pool, n)) },
    { weight: 2, arbitrary: fc.tuple(index, fc.constantFrom(...TAMPERINGS)).map(([n, how]) => token.tampered(pool, n, how)) },
    { weight: 1, arbitrary: junk },
  );
}

export function versionArbitrary(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(token.version('current')) },
    { weight: 2, arbitrary: fc.constantFrom(token.version('stale'), token.version('next')) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  );
}

export function pathArbitrary(destructive: boolean): fc.Arbitrary<unknown> {
  const names: readonly PathName[] = destructive ? DESTRUCTIVE_PATHS : HARMLESS_PATHS;
  return fc.constantFrom(...names).map((name) => token.path(name));
}
