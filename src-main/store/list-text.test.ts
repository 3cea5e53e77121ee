/**
 * A list filtered by text (the Browser's search box) is exactly the list it always was wherever the
 * words' matches fit the budget: every filter, every sort, paged by keyset, counted; and past the
 * budget it is that same list drawn from the newest LIST_TEXT_BUDGET matches, and says so. A real
 * store with the real migrations and three times the budget in memories, so it is crossed by real words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryStatus, MemoryType } from '../../shared/model';
import { openStore, type Store } from './connection';
import { type KeysetPage, listMemoryPage, type MemoryFilter, type SortKey, type SortValue } from './list-query';
import { insertMemory } from './memories-repo';
import { LIST_TEXT_BUDGET } from './search-query';
import { memoryRow } from './store-test-support';

const MEMORIES = 3 * LIST_TEXT_BUDGET;
const TYPES: MemoryType[] = ['note', 'belief', 'goal'];

/** Word families of known frequency: omega in all, alpha in half, beta in a third (the budget exactly), rho in a fifth, kappaN in a fortieth each. */
function textOf(i: number): string {
  const words = ['omega'];
  if (i % 2 === 0) words.push('alpha');
  if (i % 3 === 0) words.push('beta');
  if (i % 5 === 0) words.push('rho');
  words.push(`kappa${i % 40}`);
  return words.join(' ');
}

/** Sort values with ties (seq breaks them) and in no relation to insertion order. */
const factsOf = (i: number) => ({
  type: TYPES[i % 3] as MemoryType,
  status: (i % 9 === 0 ? 'archived' : 'active') as MemoryStatus,
  confidence: ((i * 37) % 100) / 100,
  createdAt: 1_000 + i,
  updatedAt: 1_000 + ((i * 7_919) % 3_000),
});

let store: Store;
beforeAll(() => {
  store = openStore(':memory:');
  store.db.transaction(() => {
    for (let i = 1; i <= MEMORIES; i += 1) insertMemory(store.db, memoryRow({ id: `lt_${i}`, content: textOf(i), ...factsOf(i) }));
  })();
});
afterAll(() => store.close());

const SORT_VALUE: Record<SortKey, (seq: number) => SortValue> = {
  updated: (seq) => factsOf(seq).updatedAt,
  created: (seq) => factsOf(seq).createdAt,
  confidence: (seq) => factsOf(seq).confidence,
  type: (seq) => factsOf(seq).type,
  // Every memory here is a hypothesis (no review, no evidence): the tier sort is seq order.
  tier: () => 'hypothesis',
};

/**
 * The list written out plainly: every memory FTS5 finds for `match` (or the newest `newest` of
 * them), the filters applied in JavaScript, sorted by value then seq.
 */
function plainList(match: string, filter: MemoryFilter, sort: SortKey, direction: 'asc' | 'desc', newest = Infinity): string[] {
  const seqs = (store.db.prepare('SELECT rowid AS seq FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid DESC').all(match) as { seq: number }[])
    .slice(0, newest)
    .map((row) => row.seq)
    .filter((seq) => {
      const facts = factsOf(seq);
      return (
        (filter.types === undefined || filter.types.includes(facts.type)) &&
        (filter.statuses === undefined || filter.statuses.includes(facts.status)) &&
        (filter.minConfidence === undefined || facts.confidence >= filter.minConfidence)
      );
    });
  const sign = direction === 'asc' ? 1 : -1;
  const value = SORT_VALUE[sort];
  seqs.sort((a, b) => {
    const [va, vb] = [value(a), value(b)];
    return sign * (va < vb ? -1 : va > vb ? 1 : a - b);
  });
  return seqs.map((seq) => `lt_${seq}`);
}

/** Every page of the list, followed by keyset as the mind's cursors do, and what each page said of the text. */
function pagedList(filter: MemoryFilter, sort: SortKey, direction: 'asc' | 'desc', limit: number) {
  const ids: string[] = [];
  const texts = [];
  let after: KeysetPage['after'];
  for (let pages = 0; pages < 1_000; pages += 1) {
    const page = listMemoryPage(store.db, filter, { sort, direction, limit, after });
    ids.push(...page.records.map((record) => record.id));
    texts.push(page.text);
    const last = page.records[page.records.length - 1];
    if (page.records.length < limit || last === undefined) break;
    after = { value: SORT_VALUE[sort](last.seq), seq: last.seq };
  }
  return { ids, texts };
}

const matchCount = (match: string) => (store.db.prepare('SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?').get(match) as { n: number }).n;

const FILTERS: MemoryFilter[] = [{}, { types: ['belief', 'goal'] }, { statuses: ['active'], minConfidence: 0.5 }];
const ORDERS: [SortKey, 'asc' | 'desc'][] = [
  ['updated', 'desc'],
  ['confidence', 'asc'],
  ['type', 'asc'],
  ['created', 'desc'],
  ['tier', 'desc'],
];

/**
 * Under every filter and order, the list paged by keyset is the plain list (over every match when
 * `complete`, else over the newest LIST_TEXT_BUDGET), and every page counts it so.
 */
function expectPlainListEverywhere(text: string, match: string, { complete, pageSize }: { complete: boolean; pageSize: number }): void {
  for (const filter of FILTERS) {
    for (const [sort, direction] of ORDERS) {
      const label = `${text} ${JSON.stringify(filter)} ${sort} ${direction}`;
      const expected = plainList(match, filter, sort, direction, complete ? Infinity : LIST_TEXT_BUDGET);
      const { ids, texts } = pagedList({ ...filter, text }, sort, direction, pageSize);
      expect(ids, label).toEqual(expected);
      for (const said of texts) expect(said, label).toEqual({ count: expected.length, complete });
    }
  }
}

describe('a list filtered by text within the budget', () => {
  it('is the exhaustive list, for every filter and sort, page by page, and counts it', () => {
    // [text, its match expression]: each word's matches add up to at most the budget, or (beta rho) the pool holds them all.
    const cases: [string, string][] = [
      ['beta', '"beta"*'],
      ['rho', '"rho"*'],
      ['kappa7', '"kappa7"*'],
      ['kappa1', '"kappa1"*'],
      ['rho kappa5', '"rho" "kappa5"*'],
      ['beta rho', '"beta" "rho"*'],
      ['alpha kappa3', '"alpha" "kappa3"*'],
    ];
    expect(matchCount('"beta"')).toBe(LIST_TEXT_BUDGET);
    for (const [text, match] of cases) {
      expect(matchCount(match), text).toBeLessThanOrEqual(LIST_TEXT_BUDGET);
      expectPlainListEverywhere(text, match, { complete: true, pageSize: 97 });
    }
  });

  it('answers nothing, counted, when a word matches nothing or the text has no words', () => {
    for (const text of ['alpha zebra', 'omega zebra', '?! — …', '"" * ^ ()']) {
      expect(listMemoryPage(store.db, { text }, { sort: 'updated', direction: 'desc', limit: 50 }), text).toEqual({ records: [], text: { count: 0, complete: true } });
    }
  });
});

describe('a list filtered by text past the budget', () => {
  it('is the exhaustive list over the newest matches, for every filter and sort, and says it is not complete', () => {
    const cases: [string, string][] = [
      ['omega', '"omega"'],
      ['alpha', '"alpha"'],
      ['omega alpha', '"omega" "alpha"'],
      ['kap', '"kap"*'],
      ['al', '"al"*'],
    ];
    for (const [text, match] of cases) {
      expect(matchCount(match), text).toBeGreaterThan(LIST_TEXT_BUDGET);
      expectPlainListEverywhere(text, match, { complete: false, pageSize: 500 });
    }
  });

  it('places a changed memory among the pool only (the live refresh asks by id)', () => {
    const newest = plainList('"omega"', {}, 'updated', 'desc', LIST_TEXT_BUDGET);
    const oldest = 'lt_1';
    expect(newest).not.toContain(oldest);
    const page = listMemoryPage(store.db, { text: 'omega', ids: [oldest, newest[0] as string] }, { sort: 'updated', direction: 'desc', limit: 2 });
    expect(page.records.map((record) => record.id)).toEqual([newest[0]]);
  });
});
