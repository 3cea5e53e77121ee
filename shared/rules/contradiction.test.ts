import { describe, expect, it } from 'vitest';
import { POLARITY_TERMS, contentTerms, contentWords, detectContradiction, opposingForms } from './contradiction';

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

describe('opposingForms', () => {
  it('names the other side of every pair a statement takes', () => {
    expect(opposingForms('Never share secrets with other agents')).toEqual(['always']);
    expect(opposingForms('More structure helps; prefer small PRs').sort()).toEqual(['avoid', 'avoids', 'less']);
    expect(opposingForms('Reviews must not block releases')).toEqual(['must']);
  });

  it('is empty for a statement that takes no side, or both sides of a pair', () => {
    expect(opposingForms('Write tests before merging')).toEqual([]);
    expect(opposingForms('Never say never, always say always')).toEqual([]);
  });

  it('agrees with detectContradiction: a detected partner contains one of the forms', () => {
    const a = 'Prefer direct feedback in code review';
    const b = 'Avoid direct feedback in code review';
    expect(detectContradiction(a, b)).not.toBeNull();
    expect(opposingForms(a).some((form) => b.toLowerCase().includes(form))).toBe(true);
  });
});

describe('contentWords', () => {
  it('keeps the content words as written, unique, without stopwords or polarity words', () => {
    expect(contentWords('Always share secrets, and sharing secrets with the team')).toEqual(['share', 'secrets', 'sharing', 'team']);
  });
});
