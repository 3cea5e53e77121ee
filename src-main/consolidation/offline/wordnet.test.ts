import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWordNet, wordNet } from './wordnet';

/** A dict folder with tiny index files in WordNet's format: a license header, then sorted lemma lines. */
function tinyDict(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'mindloom-wordnet-')), 'dict');
  mkdirSync(dir);
  const header = ['  1 This software and database is being provided to you, the LICENSEE, by  ', '  2 Princeton University under the following license.  '];
  const noun = [
    'bug n 2 1 @ 2 1 00000101 00000102  ',
    'deployment n 1 1 @ 1 0 00000201  ',
    'glitch n 1 1 @ 1 1 00000102  ',
    'old n 1 1 @ 1 0 00000301  ',
    'ship n 1 1 @ 1 1 00000401  ',
  ];
  const verb = ['ship v 2 1 @ 2 2 00000501 00000502  '];
  writeFileSync(join(dir, 'index.noun'), [...header, ...noun, ''].join('\n'));
  writeFileSync(join(dir, 'index.verb'), [...header, ...verb, ''].join('\n'));
  writeFileSync(join(dir, 'index.adj'), [...header, 'old a 1 0 1 1 00000601  ', ''].join('\n'));
  writeFileSync(join(dir, 'index.adv'), [...header, ''].join('\n'));
  return dir;
}

describe('WordNet, read in place', () => {
  it('finds a lemma among the sorted lines by binary search, past the license header', () => {
    const wn = openWordNet(tinyDict());
    expect(wn.synsets('bug', 'noun')).toEqual([101, 102]);
    expect(wn.synsets('ship', 'noun')).toEqual([401]);
    expect(wn.synsets('ship', 'verb')).toEqual([501, 502]);
    expect(wn.synsets('old', 'noun')).toEqual([301]);
    expect(wn.synsets('zebra', 'noun')).toEqual([]);
    expect(wn.synsets('aardvark', 'noun')).toEqual([]);
    expect(wn.taggedSenses('old', 'noun')).toBe(0);
    expect(wn.taggedSenses('old', 'adj')).toBe(1);
  });

  it('reduces inflected forms by the detachment rules, doubled consonants included', () => {
    const wn = openWordNet(tinyDict());
    expect(wn.lemmas('deployments', 'noun')).toEqual(['deployment']);
    expect(wn.lemmas('bugs', 'noun')).toEqual(['bug']);
    expect(wn.lemmas('shipped', 'verb')).toEqual(['ship']);
    expect(wn.lemmas('shipping', 'verb')).toEqual(['ship']);
    expect(wn.lemmas('glitches', 'noun')).toEqual(['glitch']);
    expect(wn.knows('glitches')).toBe(true);
    expect(wn.knows('glitchy')).toBe(false);
    expect(wn.knows('priya')).toBe(false);
  });

  it('makes synonyms meet on a shared synset in the real database', () => {
    const wn = wordNet();
    const shared = (a: string, b: string) => wn.synsets(a, 'noun').filter((s) => wn.synsets(b, 'noun').includes(s));
    expect(shared('bug', 'glitch').length).toBeGreaterThan(0);
    expect(shared('mistake', 'error').length).toBeGreaterThan(0);
    expect(shared('bug', 'deployment')).toEqual([]);
  });
});
