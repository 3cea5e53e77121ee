import { describe, expect, it } from 'vitest';
import { scoreBelief, scorePairs, scoreReinforcement, scoreStructure, SINGLETON } from './metrics';

const belief = (id: string, labels: string[], against: string[] = []) => ({ id, statement: id, labels, against });

describe('quality metrics', () => {
  it('scores a belief by its majority topic', () => {
    expect(scoreBelief(belief('b', ['a', 'a', 'a', SINGLETON]))).toMatchObject({ majority: 'a', purity: 0.75, episodes: 4 });
    expect(scoreBelief(belief('b', [SINGLETON, 'a']))).toMatchObject({ majority: 'a', purity: 0.5 });
  });

  it('recovers a topic with three of its episodes at purity 0.75, counts impure, singleton-built and duplicate beliefs', () => {
    const s = scoreStructure(
      ['a', 'b', 'c', 'd'],
      [
        belief('b1', ['a', 'a', 'a', 'x']),
        belief('b2', ['a', 'a', 'a']),
        belief('b3', ['b', 'b', 'c', 'c']),
        belief('b4', [SINGLETON, SINGLETON, 'd']),
        belief('b5', ['d', 'd']),
      ],
    );
    // b1 and b2 are both about a (one duplicate); b4 is mostly singletons.
    expect(s).toMatchObject({ beliefs: 5, topics: 4, recovered: 1, recall: 0.25, impure: 2, singletonBuilt: 1, duplicates: 1 });
    expect(s.recoveredBy).toEqual({ a: 'b2' });
  });

  it('finds a planted contradiction between two beliefs, or as counter-evidence; sees vocabulary pairs mixed', () => {
    const beliefs = [belief('b1', ['a', 'a', 'a']), belief('b2', ['b', 'b', 'b']), belief('b3', ['c', 'c', 'c'], ['d', 'd', 'd']), belief('b4', ['e', 'e', 'f'])];
    const s = scoreStructure(['a', 'b', 'c', 'd', 'e', 'f'], beliefs);
    const pairs = [
      { kind: 'contradiction' as const, topics: ['a', 'b'] as const },
      { kind: 'contradiction' as const, topics: ['c', 'd'] as const },
      { kind: 'shared-vocabulary' as const, topics: ['e', 'f'] as const },
    ];
    expect(scorePairs(pairs, s, beliefs, (x, y) => x === 'b1' && y === 'b2')).toEqual({
      contradictionPairs: 2,
      contradictionPairsRecovered: 1,
      contradictionPairsFound: 2,
      contradictionPairsFoundAsBeliefs: 1,
      sharedVocabularyPairs: 1,
      sharedVocabularyPairsMixed: 1,
    });
  });

  it('counts a later episode as reinforcing only when it supports its topic’s belief and no other', () => {
    const s = scoreStructure(['a', 'b'], [belief('b1', ['a', 'a', 'a'])]);
    const later = [
      { episodeId: 'e1', topic: 'a' },
      { episodeId: 'e2', topic: 'a' },
      { episodeId: 'e3', topic: 'a' },
      { episodeId: 'e4', topic: 'b' },
    ];
    const supports: Record<string, string[]> = { e1: ['b1'], e2: ['b9'], e3: [] };
    const drafted: Record<string, string[]> = { e3: ['b7'] };
    expect(scoreReinforcement(later, s, (id) => supports[id] ?? [], (id) => drafted[id] ?? [])).toEqual({
      eligible: 3,
      reinforcedRight: 1,
      reinforcedWrong: 1,
      duplicated: 1,
      rate: 1 / 3,
    });
  });
});
