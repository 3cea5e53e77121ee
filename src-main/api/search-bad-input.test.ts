/**
 * Bad input to `memories.search` and to the Browser's text filter (`memories.list`) over the real
 * API: whatever a person types, a sensible answer or an empty one with a reason, never an error
 * from the search engine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemory } from '../mind/create';
import { openMind } from '../mind/mind';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';

let f: ApiFixture;
beforeEach(async () => {
  f = apiFixture();
  // The small mind: an episode "Shipped the sync fix on Friday", a belief "Friday releases go wrong", a note "Ask Claire about the release train"; and:
  const mind = openMind(f.mindPath, { mustExist: true });
  try {
    createMemory(mind, { type: 'note', content: 'The deploy on 2024-05-08 went out at 16:30, text: NEAR the AND gate' }, { actor: 'user' });
  } finally {
    mind.close();
  }
  await callOk(f.api, 'session.open', { path: f.mindPath });
});
afterEach(() => f.dispose());

const search = (query: string, limit?: number) => callOk(f.api, 'memories.search', limit === undefined ? { query } : { query, limit });
const ids = async (query: string) => (await search(query)).items.map((hit) => hit.id).sort();

describe('memories.search with bad input', () => {
  it('searches stop words as words: only stop words find the memories holding them', async () => {
    const page = await search('the on');
    expect(page.items.map((hit) => hit.content).sort()).toEqual(['Shipped the sync fix on Friday', 'The deploy on 2024-05-08 went out at 16:30, text: NEAR the AND gate']);
    expect(page).toMatchObject({ ranking: 'relevance', note: null });
    expect(await ids('the')).toHaveLength(3);
  });

  it('answers only punctuation with nothing, and says why', async () => {
    for (const query of ['?!', '*', '"', '—…', '((', '^', ':', '-', '"" * ^ ()']) {
      const page = await search(query);
      expect(page.items, query).toEqual([]);
      expect(page.note, query).toMatch(/^Nothing to search for: the query has no letters or digits/);
    }
  });

  it('searches the first 16 words of a 2,000-character query, and says the rest were left out', async () => {
    const long = `Friday releases ${'wrong '.repeat(340)}`.slice(0, 2_000);
    expect(long).toHaveLength(2_000);
    const page = await search(long);
    expect(page.items.map((hit) => hit.content)).toEqual(['Friday releases go wrong']);
    expect(page.note).toBe('Only the first 16 words were searched.');
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    expect((await search(words)).items).toEqual([]);
  });

  it('reads FTS5 syntax as plain words: quotes, NEAR, column filters, *, ^, AND/OR/NOT, parentheses', async () => {
    const gate = [(await search('deploy')).items[0]?.id];
    const cases: [string, (string | undefined)[]][] = [
      ['"deploy', gate],
      ['deploy"', gate],
      ['"deploy gate"', gate],
      ['NEAR(deploy gate)', gate],
      ['NEAR(deploy gate, 16)', gate],
      ['NEAR(deploy gate, 2)', []],
      ['text:deploy', gate],
      ['{text}: deploy', gate],
      ['deploy*', gate],
      ['^deploy', gate],
      ['deploy AND gate', gate],
      ['deploy OR gate', []],
      ['deploy NOT', []],
      ['NOT deploy', []],
      ['(deploy', gate],
      ['deploy -gate', gate],
      ['Friday OR', []],
      ['memories_fts:friday', []],
      ['rank:friday', []],
    ];
    expect(gate[0]).toBeDefined();
    for (const [query, expected] of cases) expect(await ids(query), query).toEqual(expected);
  });

  it('searches a date that does not parse as the numbers it holds', async () => {
    expect(await ids('2024-13-45')).toEqual([]);
    expect(await ids('31/02/2024')).toEqual([]);
    expect(await ids('2024-05-08')).toHaveLength(1);
    expect(await ids('16:30 2024')).toHaveLength(1);
    expect(await ids('8 May 2024')).toEqual([]);
  });

  it('refuses only what the contract refuses: a blank query and a bad limit', async () => {
    await callFails(f.api, 'memories.search', { query: '   ' }, 'invalid_input');
    await callFails(f.api, 'memories.search', { query: 'friday', limit: 0 }, 'invalid_input');
    await callFails(f.api, 'memories.search', { query: 'x'.repeat(10_001) }, 'invalid_input');
  });
});

const listed = (text: string) => callOk(f.api, 'memories.list', { filter: { text } });
const listedIds = async (text: string) => (await listed(text)).items.map((memory) => memory.id).sort();

describe('memories.list filtered by bad text', () => {
  it('lists only stop words as words, counted', async () => {
    const page = await listed('the on');
    expect(page.items.map((memory) => memory.content).sort()).toEqual(['Shipped the sync fix on Friday', 'The deploy on 2024-05-08 went out at 16:30, text: NEAR the AND gate']);
    expect(page.text).toEqual({ count: 2, complete: true, note: null });
  });

  it('lists nothing for only punctuation, and says why', async () => {
    for (const text of ['?!', '*', '"', '—…', '((', '^', ':', '-', '"" * ^ ()']) {
      const page = await listed(text);
      expect(page.items, text).toEqual([]);
      expect(page.text, text).toEqual({ count: 0, complete: true, note: expect.stringMatching(/^Nothing to search for: the query has no letters or digits/) });
    }
  });

  it('filters by the first 16 words of a 2,000-character text, and says the rest were left out', async () => {
    const long = `Friday releases ${'wrong '.repeat(340)}`.slice(0, 2_000);
    const page = await listed(long);
    expect(page.items.map((memory) => memory.content)).toEqual(['Friday releases go wrong']);
    expect(page.text).toEqual({ count: 1, complete: true, note: 'Only the first 16 words were searched.' });
  });

  it('reads FTS5 syntax as plain words, as search does', async () => {
    for (const text of ['"a" OR NEAR(', '*', 'NEAR(deploy gate, 2)', 'deploy OR gate', 'NOT deploy', 'memories_fts:friday', 'rank:friday', '"deploy', 'NEAR(deploy gate)', 'text:deploy', '{text}: deploy', '^deploy', 'deploy -gate']) {
      expect(await listedIds(text), text).toEqual(await ids(text));
    }
    expect(await listedIds('NEAR(deploy gate)')).toHaveLength(1);
  });

  it('refuses only a text longer than the contract takes', async () => {
    await callFails(f.api, 'memories.list', { filter: { text: 'x'.repeat(10_001) } }, 'invalid_input');
  });
});
