import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyScore } from './fuzzy';

describe('palette fuzzy matching', () => {
  it('matches word starts and runs, in order', () => {
    expect(fuzzyScore('ov', 'Overview')).not.toBeNull();
    expect(fuzzyScore('bb', 'Browse belief memories')).not.toBeNull();
    expect(fuzzyScore('brow bel', 'Browse belief memories')).not.toBeNull();
    expect(fuzzyScore('vo', 'Overview')).toBeNull();
  });

  it('does not scatter a query across unrelated words', () => {
    expect(fuzzyScore('set', 'Browse grounded tier')).toBeNull();
    expect(fuzzyScore('set', 'Settings')).not.toBeNull();
  });

  it('ranks the tighter, shorter match first and keeps everything for an empty query', () => {
    const labels = ['Browse belief memories', 'Browser', 'Settings'];
    expect(fuzzyFilter(labels, 'browser', (l) => l)).toEqual(['Browser']);
    expect(fuzzyFilter(labels, 'b', (l) => l)).toEqual(['Browser', 'Browse belief memories']);
    expect(fuzzyFilter(labels, '', (l) => l)).toHaveLength(3);
  });
});
