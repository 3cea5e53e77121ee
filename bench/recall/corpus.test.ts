import { describe, expect, it } from 'vitest';
import { CATEGORIES, type RecallCorpus, SPLITS, turnsOf } from './corpus';
import { checkRecallCorpus, MAX_MOSTLY_COPIED } from './corpus-checks';
import { generateRecallCorpus } from './generate-corpus';
import { plainWords, recallAt } from './recall-bench';

describe('the recall corpus', () => {
  const corpus = generateRecallCorpus();

  it('passes its checks: long dated conversations, every category, questions not copied from their evidence', () => {
    const report = checkRecallCorpus(corpus);
    expect(report.problems).toEqual([]);
    expect(report.mostlyCopied).toBeLessThanOrEqual(MAX_MOSTLY_COPIED);
    expect(SPLITS.flatMap((split) => corpus.splits[split]).some((c) => c.speakers.length >= 3)).toBe(true);
    for (const split of SPLITS) {
      const conversations = corpus.splits[split];
      expect(conversations.some((c) => c.kind === 'agent')).toBe(true);
      for (const c of conversations) expect(turnsOf(c).length).toBeGreaterThanOrEqual(300);
      for (const category of CATEGORIES) expect(conversations.flatMap((c) => c.questions).filter((q) => q.category === category).length).toBeGreaterThan(5);
    }
  });

  it('is the same for the same seed, and another for another seed', () => {
    expect(generateRecallCorpus()).toEqual(corpus);
    const other = generateRecallCorpus(7);
    expect(turnsOf(other.splits.heldout[0] as never)).not.toEqual(turnsOf(corpus.splits.heldout[0] as never));
  });

  it('refuses a corpus whose questions copy their evidence, or name turns that are not there', () => {
    const copied: RecallCorpus = structuredClone(corpus);
    for (const conversation of copied.splits.heldout) {
      const text = new Map(turnsOf(conversation).map((t) => [t.id, t.text]));
      for (const question of conversation.questions) question.question = `${question.evidence.map((id) => text.get(id)).join(' ')}?`;
    }
    expect(checkRecallCorpus(copied).problems.join('\n')).toMatch(/share half or more of their words/);
    const dangling: RecallCorpus = structuredClone(corpus);
    const question = dangling.splits.calibration[0]?.questions[0];
    if (question === undefined) throw new Error('no question');
    question.evidence = ['S99:1'];
    expect(checkRecallCorpus(dangling).problems).toContain(`${question.id}: evidence S99:1`);
  });
});

describe('recall@k', () => {
  it('is the share of the evidence among the first k found', () => {
    expect(recallAt(['a', 'b', 'c'], ['b'], 2)).toBe(1);
    expect(recallAt(['a', 'b', 'c'], ['c'], 2)).toBe(0);
    expect(recallAt(['a', null, 'c', 'd'], ['a', 'd'], 3)).toBe(0.5);
  });

  it('plain bm25 ORs every word of the question', () => {
    expect(plainWords('What did Caroline research, and did Caroline enjoy it?')).toEqual(['what', 'did', 'caroline', 'research', 'and', 'enjoy', 'it']);
  });
});
