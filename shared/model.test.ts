import { describe, expect, it } from 'vitest';
import { withArticle } from './model';

describe('withArticle', () => {
  it('says "an" before a vowel and "a" before a consonant', () => {
    expect(withArticle('episode')).toBe('an episode');
    expect(withArticle('belief')).toBe('a belief');
    expect(withArticle('raw')).toBe('a raw');
  });
});
