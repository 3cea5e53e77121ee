import { afterEach, describe, expect, it } from 'vitest';
import { MATCH_CLOSE, MATCH_OPEN } from '../../shared/search-marks';
import { openStore, type Store } from './connection';
import { ftsMatchExpression } from './fts-expression';
import { markedSnippet, queryTermsOf } from './fts-snippet';

const marked = (text: string) => text.replaceAll(MATCH_OPEN, '[').replaceAll(MATCH_CLOSE, ']');
const snippetOf = (text: string, query: string, size?: number) => marked(markedSnippet(text, queryTermsOf(ftsMatchExpression(query) as string), size));

describe('search snippets cut in JavaScript', () => {
  let store: Store | null = null;
  afterEach(() => store?.close());

  it('marks exactly the tokens FTS5 itself highlights, for stems, prefixes, case and diacritics', () => {
    store = openStore(':memory:');
    const texts = [
      'The migration ran overnight and the backups were verified',
      'Deploys on Friday caused the weekend incident; deploying earlier helps',
      'Le café est fermé; the CAFE crowd moved to the Cafés nearby',
      'Running tests in parallel: the runner reran flaky tests, ran again',
      'postmortem: the post-mortem said postmortems matter',
    ];
    const queries = ['backups verif', 'deploy', 'cafe', 'run', 'tests ran', 'postmortem', 'post mortem', 'the'];
    const insert = store.db.prepare('INSERT INTO memories_fts(rowid, text) VALUES (?, ?)');
    texts.forEach((text, i) => insert.run(i + 1, text));
    const highlight = store.db.prepare(`SELECT rowid, highlight(memories_fts, 0, '[', ']') AS text FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid`);
    let compared = 0;
    for (const query of queries) {
      for (const row of highlight.all(ftsMatchExpression(query)) as { rowid: number; text: string }[]) {
        expect(snippetOf(texts[row.rowid - 1] as string, query, 64), `${query} in ${row.rowid}`).toBe(row.text);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(12);
  });

  it('cuts a long text to a window around its matches, with ellipses where it was cut', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    words[25] = 'incident';
    words[27] = 'weekend';
    const snippet = snippetOf(words.join(' '), 'incident weekend', 8);
    expect(snippet).toBe('…w23 w24 [incident] w26 [weekend] w28 w29 w30…');
  });

  it('keeps short texts whole and marks adjacent matches apart', () => {
    expect(snippetOf('friday deploy, then weekend', 'deploy friday')).toBe('[friday] [deploy], then weekend');
  });
});
