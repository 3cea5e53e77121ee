import { describe, expect, it } from 'vitest';
import { confirmationPhrase, confirms } from './forget-confirmation';

describe('forget confirmation', () => {
  it('asks for the first three words, or the id of a memory without words', () => {
    expect(confirmationPhrase('  The staging  database password is hunter2 ', 'raw_1')).toBe('The staging database');
    expect(confirmationPhrase('Short', 'raw_1')).toBe('Short');
    expect(confirmationPhrase('   ', 'raw_1')).toBe('raw_1');
  });

  it('accepts the phrase whatever the spacing and case, and nothing else', () => {
    expect(confirms(' the  STAGING database ', 'The staging database')).toBe(true);
    expect(confirms('The staging', 'The staging database')).toBe(false);
    expect(confirms('The staging databases', 'The staging database')).toBe(false);
    expect(confirms('', '')).toBe(false);
  });
});
