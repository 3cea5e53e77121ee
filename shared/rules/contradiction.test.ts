import { describe, expect, it } from 'vitest';
import { NEGATORS, POLARITY_TERMS, contentTerms, contentWords, detectContradiction, partnerSearch } from './contradiction';

describe('contentTerms', () => {
  it('keeps stemmed content words, dropping stopwords and polarity words', () => {
    expect(contentTerms('Never share secrets with other agents')).toEqual(['shar', 'secret', 'agent']);
    expect(contentTerms('More structure helps the team ship')).toEqual(['structur', 'help', 'team', 'ship']);
    expect(contentTerms('Prefer direct feedback in code review')).toEqual(['direct', 'feedback', 'cod', 'review']);
  });

  it('brings inflections of a word together', () => {
    expect(contentTerms('share shares shared sharing')).toEqual(['shar']);
    expect(contentTerms('ship ships shipping shipped')).toEqual(['ship']);
    expect(contentTerms('policy policies')).toEqual(['polic']);
    expect(contentTerms('apply applies applied applying')).toEqual(['appl']);
    expect(contentTerms('deploy deploys deployed deploying')).toEqual(['deploy']);
    expect(contentTerms('test tests testing tested')).toEqual(['test']);
    expect(contentTerms('fix fixes fixed')).toEqual(['fix']);
    expect(contentTerms('process processes')).toEqual(['process']);
  });

  it('returns each term once, as a prefix of its word', () => {
    const text = "Claire's reviews catch subtle bugs; reviews matter, don't skip reviewing";
    const terms = contentTerms(text);
    expect(terms).toEqual(['clair', 'review', 'catch', 'subtl', 'bug', 'matter', 'skip']);
    const words = text.toLowerCase().split(/[^a-z']+/);
    for (const term of terms) expect(words.some((word) => word.startsWith(term))).toBe(true);
  });

  it('drops polarity words in every listed form, including two-word ones', () => {
    expect(contentTerms("Agents must not, mustn't, should not or shouldn't deploy")).toEqual(['agent', 'deploy']);
    expect(contentTerms('always never likes dislikes prefers avoids more less')).toEqual([]);
  });
});

describe('POLARITY_TERMS', () => {
  it('lists every form of every pair once', () => {
    for (const term of ['never', 'always', 'nobody', 'everybody', 'none', 'all', 'forbid', 'require', 'must not',
      "mustn't", 'must', 'should not', "shouldn't", 'should', 'more', 'less', 'increases', 'decreases', 'higher',
      'lower', 'faster', 'slower', 'better', 'worse', 'bigger', 'smaller', 'most', 'least', 'harder', 'easier',
      'prefer', 'avoids', 'like', 'dislikes', 'love', 'hate', 'favour', 'oppose', 'wants', 'reject']) {
      expect(POLARITY_TERMS).toContain(term);
    }
    expect(new Set(POLARITY_TERMS).size).toBe(POLARITY_TERMS.length);
  });
});

describe('detectContradiction', () => {
  it('detects negation', () => {
    expect(
      detectContradiction('Never share secrets with other agents', 'Always share secrets with trusted agents'),
    ).toEqual({ kind: 'negation', terms: ['never', 'always'], sharedTerms: ['shar', 'secret', 'agent'] });
  });

  it('detects comparative opposition', () => {
    expect(detectContradiction('More structure helps the team ship', 'Less structure helps the team ship')).toEqual({
      kind: 'comparative',
      terms: ['more', 'less'],
      sharedTerms: ['structur', 'help', 'team', 'ship'],
    });
  });

  it('detects preference conflict', () => {
    expect(
      detectContradiction('Prefer direct feedback in code review', 'Avoid direct feedback in code review'),
    ).toEqual({ kind: 'preference', terms: ['prefer', 'avoid'], sharedTerms: ['direct', 'feedback', 'cod', 'review'] });
  });

  it('reports the terms in statement order', () => {
    expect(
      detectContradiction('Always share secrets with trusted agents', 'Never share secrets with other agents')?.terms,
    ).toEqual(['always', 'never']);
  });

  it('matches two-word and contracted negations without mistaking them for the positive side', () => {
    expect(detectContradiction('Agents must not push to main', 'Agents must push to main')).toEqual({
      kind: 'negation',
      terms: ['must not', 'must'],
      sharedTerms: ['agent', 'push', 'main'],
    });
    expect(detectContradiction("You shouldn't squash merge commits", 'You should squash merge commits')?.terms).toEqual([
      "shouldn't",
      'should',
    ]);
    expect(detectContradiction('Agents must-not push to main', 'Agents must not push to main')).toBeNull();
  });

  it('finds the other pairs of each kind', () => {
    expect(detectContradiction('Nobody reads the changelog', 'Everybody reads the changelog')?.terms).toEqual([
      'nobody',
      'everybody',
    ]);
    expect(detectContradiction('Caching increases latency', 'Caching decreases latency')?.kind).toBe('comparative');
    expect(detectContradiction('Claire likes pair debugging', 'Claire dislikes pair debugging')?.kind).toBe(
      'preference',
    );
    expect(detectContradiction('Sean favours monorepos', 'Sean opposes monorepos')?.terms).toEqual([
      'favours',
      'opposes',
    ]);
  });

  it('accepts a short pair through Jaccard overlap alone', () => {
    // one shared term, but {tab} ∪ {tab} gives Jaccard 1
    expect(detectContradiction('Prefer tabs', 'Avoid tabs')).toEqual({
      kind: 'preference',
      terms: ['prefer', 'avoid'],
      sharedTerms: ['tab'],
    });
    // one shared of {tab, indent} ∪ {tab, space, python, file} → 1/5 = 0.2 < 0.3
    expect(detectContradiction('Prefer tabs for indentation', 'Avoid tabs in Python files with spaces')).toBeNull();
  });

  it('checks negation before comparative before preference', () => {
    expect(
      detectContradiction('Always prefer more tests in review', 'Never avoid less tests in review')?.kind,
    ).toBe('negation');
    expect(detectContradiction('Prefer more tests in review', 'Avoid less tests in review')?.kind).toBe('comparative');
  });

  it('ignores statements without a shared topic', () => {
    expect(detectContradiction('Always write tests', 'Never deploy on Fridays')).toBeNull();
    expect(detectContradiction('Never share secrets', 'Always be transparent')).toBeNull();
  });

  it('ignores statements on the same side', () => {
    expect(detectContradiction('Always write tests first', 'Always write tests before merging')).toBeNull();
    expect(detectContradiction('More structure helps the team ship', 'More structure helps the team ship')).toBeNull();
  });

  it('ignores a pair when a statement takes both of its sides', () => {
    expect(detectContradiction('Prefer tabs, avoid spaces', 'Avoid tabs, prefer spaces')).toBeNull();
    expect(detectContradiction('Prefer tabs over spaces', 'Prefer spaces and avoid tabs')).toBeNull();
  });

  it('ignores statements without polarity terms', () => {
    expect(detectContradiction('Code review catches bugs', 'Code review misses bugs')).toBeNull();
  });
});

/**
 * Negators by case, each pair checked both ways round: a negator turns the side right after it
 * (so "not better" agrees with "worse"), and a statement that denies the very words another says
 * contradicts it.
 */
describe('polarity: negators turn sides over and deny statements', () => {
  const contradicting: [a: string, b: string, kind: string, terms: [string, string]][] = [
    ['Deploys on Friday are safe', 'Deploys on Friday are never safe', 'negation', ['safe', 'never safe']],
    ['Deploys on Friday are safe', 'Deploys on Friday are not safe', 'negation', ['safe', 'not safe']],
    ['Caching helps the build', "Caching doesn't help the build", 'negation', ['help', "doesn't help"]],
    ['Friday deploys are safe', 'Deploying on Fridays is never safe', 'negation', ['safe', 'never safe']],
    ['Tabs are better than spaces', 'Tabs are not better than spaces', 'comparative', ['better', 'not better']],
    ['Tabs are worse than spaces', 'Tabs are not worse than spaces', 'comparative', ['worse', 'not worse']],
    ['Caching increases latency', 'Caching does not increase latency', 'comparative', ['increases', 'not increase']],
    ['Bigger batches are not much faster', 'Bigger batches are faster', 'comparative', ['not much faster', 'faster']],
    ['Claire likes pair debugging', "Claire doesn't like pair debugging", 'preference', ['likes', "doesn't like"]],
    ['Releases always need a reviewer', 'Releases do not always need a reviewer', 'negation', ['always', 'not always']],
    ['Agents must push to main', 'Agents must not push to main', 'negation', ['must', 'must not']],
    ['Tabs are better than spaces', 'Spaces are better than tabs', 'comparative', ['better than spaces', 'better than tabs']],
    ['Tabs are not worse than spaces', 'Spaces are better than tabs', 'comparative', ['not worse than spaces', 'better than tabs']],
  ];
  const agreeing: [a: string, b: string][] = [
    ['Tabs are not better than spaces', 'Tabs are worse than spaces'],
    ['Tabs are not worse than spaces', 'Tabs are better than spaces'],
    ['Caching does not increase latency', 'Caching decreases latency'],
    ["Claire doesn't like pair debugging", 'Claire dislikes pair debugging'],
    ['Releases do not always need a reviewer', 'Releases never need a reviewer'],
    ['Deploys on Friday are never safe', 'Deploys on Friday are not safe'],
    ['Deploys on Friday are not safe', "Deploys on Friday aren't safe"],
    ['Deploys on Friday are safe', 'Deploys on Friday are not safe for large teams'],
    ['Deploys on Friday are safe', 'Deploys on Friday need a review'],
    ['Deploys on Friday are not never safe', 'Deploys on Friday are safe'],
    ['Code review catches bugs', 'Code review misses bugs'],
    ['Tabs are better than spaces', 'Spaces are worse than tabs'],
    ['Tabs are not better than spaces', 'Spaces are better than tabs'],
    ['Rust builds are faster than Go builds', 'Go builds are slower than Rust builds'],
    ['Tabs are not worse than spaces', 'Spaces are not worse than tabs'],
    ['Tabs are not better than spaces', 'Tabs are not worse than spaces'],
    ["Claire doesn't like pair debugging", "Claire doesn't dislike pair debugging"],
    ['Releases do not always need a reviewer', 'Releases do not never need a reviewer'],
  ];

  it.each(contradicting)('"%s" contradicts "%s" (%s)', (a, b, kind, terms) => {
    expect(detectContradiction(a, b)).toMatchObject({ kind, terms });
    expect(detectContradiction(b, a)).toMatchObject({ kind, terms: [terms[1], terms[0]] });
  });

  it.each(agreeing)('"%s" does not contradict "%s"', (a, b) => {
    expect(detectContradiction(a, b)).toBeNull();
    expect(detectContradiction(b, a)).toBeNull();
  });

  it('a denial needs the same words, not just the same topic', () => {
    expect(detectContradiction('Deploys on Friday are safe', 'Deploys on Friday are never safe')?.sharedTerms).toEqual(['deploy', 'friday', 'saf']);
    expect(detectContradiction('Deploys are safe on Friday', 'Deploys are never safe on Monday')).toBeNull();
  });
});

describe('partnerSearch', () => {
  it('names the other side of every pair a statement takes, and its own side for a negator to turn', () => {
    expect(partnerSearch('Never share secrets with other agents')).toMatchObject({ opposing: ['always'], turnable: [] });
    expect(partnerSearch('More structure helps; prefer small PRs')).toMatchObject({ opposing: ['less', 'avoid', 'avoids'], turnable: ['more', 'prefer', 'prefers'] });
    expect(partnerSearch('Reviews must not block releases')).toMatchObject({ opposing: ['must'], turnable: [] });
    expect(partnerSearch('Tabs are not better than spaces')).toMatchObject({ opposing: ['better', 'worse'], turnable: ['worse'] });
    expect(partnerSearch('Tabs are not better for indenting')).toMatchObject({ opposing: ['better'], turnable: ['worse'] });
  });

  it('looks for a denial partner with every content word: negated for a plain statement, plain for a denial', () => {
    expect(partnerSearch('Deploys on Friday are safe')).toEqual({ words: ['deploys', 'friday', 'safe'], opposing: [], turnable: [], denial: 'negated' });
    expect(partnerSearch('Deploys on Friday are never safe')).toMatchObject({ opposing: ['always'], denial: 'plain' });
    // One content word is too little to tell a denial of the same claim.
    expect(partnerSearch('It is safe').denial).toBeNull();
  });

  it('is empty for a statement that takes both sides of a pair and has nothing to deny', () => {
    expect(partnerSearch('Never say never, always say always')).toMatchObject({ opposing: [], turnable: [], denial: null });
  });

  it('agrees with detectContradiction: a detected partner passes the pre-filter', () => {
    const pairs: [string, string][] = [
      ['Prefer direct feedback in code review', 'Avoid direct feedback in code review'],
      ['Tabs are better than spaces', 'Tabs are not better than spaces'],
      ['Deploys on Friday are safe', 'Deploys on Friday are never safe'],
      ['Tabs are better than spaces', 'Spaces are better than tabs'],
    ];
    for (const [a, b] of pairs) {
      for (const [self, other] of [[a, b], [b, a]] as const) {
        expect(detectContradiction(self, other), `${self} / ${other}`).not.toBeNull();
        const search = partnerSearch(self);
        const words = other.toLowerCase().split(/[^a-z']+/);
        const holds = (form: string) => ` ${words.join(' ')} `.includes(` ${form} `);
        const negated = NEGATORS.some(holds);
        const bySide = search.opposing.some(holds) || (negated && search.turnable.some(holds));
        const byDenial = search.denial !== null && search.words.every((w) => words.includes(w)) && negated === (search.denial === 'negated');
        expect(bySide || byDenial, `${self} / ${other}`).toBe(true);
      }
    }
  });
});

describe('contentWords', () => {
  it('keeps the content words as written, unique, without stopwords or polarity words', () => {
    expect(contentWords('Always share secrets, and sharing secrets with the team')).toEqual(['share', 'secrets', 'sharing', 'team']);
  });
});
