import { describe, expect, it } from 'vitest';
import { CORPUS_NAMES, type Corpus, loadCorpus } from './corpus';
import { checkCorpus, mostDistinctiveNouns, nounsOf, PARAPHRASE_MINIMUMS } from './corpus-checks';

describe('planted corpora', () => {
  it.each(CORPUS_NAMES)('%s passes its checks', (name) => {
    const { problems, facts } = checkCorpus(loadCorpus(name));
    expect(problems).toEqual([]);
    expect(facts.topics).toBeGreaterThan(0);
  });

  it('the paraphrase corpus meets the minimums, held-out part included', () => {
    const corpus = loadCorpus('paraphrase');
    const { facts } = checkCorpus(corpus);
    expect(facts.topics).toBeGreaterThanOrEqual(PARAPHRASE_MINIMUMS.topics);
    expect(facts.sharedVocabularyPairs).toBeGreaterThanOrEqual(PARAPHRASE_MINIMUMS.sharedVocabularyPairs);
    expect(facts.contradictionPairs).toBeGreaterThanOrEqual(PARAPHRASE_MINIMUMS.contradictionPairs);
    expect(facts.singletons).toBeGreaterThanOrEqual(PARAPHRASE_MINIMUMS.singletons);
    const heldout = corpus.splits.heldout;
    expect(heldout.topics.length).toBeGreaterThanOrEqual(15);
    expect(heldout.pairs.filter((p) => p.kind === 'contradiction').length).toBeGreaterThanOrEqual(2);
    expect(heldout.singletons.length).toBeGreaterThanOrEqual(15);
  });
});

describe('corpus checks', () => {
  it('reads nouns through WordNet: base forms, no adjective-only readings, unknown words (names) kept', () => {
    expect(nounsOf('Priya reviewed the deployments of old caches')).toEqual(['priya', 'deployment', 'cache']);
  });

  it('finds the noun a lexical topic repeats, and refuses it in a paraphrase corpus', () => {
    const episodes = (texts: string[]) => texts.map((objective) => ({ objective, outcome: 'done' }));
    const topic = {
      id: 'cache',
      lesson: 'Caching speeds up the dashboard',
      keyNoun: 'cache',
      episodes: episodes(['Added a cache to the dashboard', 'The cache made the dashboard fast', 'Cache warmed the dashboard', 'A cache for the dashboard']),
      later: episodes(['Another dashboard cache']),
    };
    const chores = ['Renewed a certificate', 'Ordered a keyboard', 'Fixed a typo', 'Booked a room', 'Wrote a report', 'Sorted the mail', 'Tagged a release', 'Paid an invoice', 'Moved a meeting', 'Read a contract'];
    const split = { topics: [topic], singletons: episodes(chores), pairs: [] };
    expect(mostDistinctiveNouns(split).get('cache')).toMatchObject({ count: 4, episodes: 4 });
    const corpus = (style: Corpus['style']): Corpus => ({ name: 'tiny', about: 'tiny', style, splits: { calibration: split, heldout: { ...split, topics: [{ ...topic, id: 'cache-2' }] } } });
    expect(checkCorpus(corpus('lexical')).problems).toEqual([]);
    expect(checkCorpus(corpus('paraphrase')).problems.some((p) => p.includes('most distinctive noun'))).toBe(true);
  });
});
