import { describe, expect, it } from 'vitest';
import { sourcesInWords } from './drafted-from';

describe('what a draft came from, in words', () => {
  it('names the type of its sources, singular or plural', () => {
    expect(sourcesInWords([{ type: 'episode', count: 3 }])).toBe('3 episodes');
    expect(sourcesInWords([{ type: 'raw', count: 1 }])).toBe('1 raw capture');
  });

  it('joins several types with "and" last', () => {
    expect(sourcesInWords([{ type: 'belief', count: 2 }, { type: 'note', count: 1 }])).toBe('2 beliefs and 1 note');
    expect(
      sourcesInWords([
        { type: 'episode', count: 4 },
        { type: 'belief', count: 2 },
        { type: 'note', count: 1 },
      ]),
    ).toBe('4 episodes, 2 beliefs and 1 note');
  });

  it('says nothing when there is nothing', () => {
    expect(sourcesInWords([])).toBe('');
  });
});
