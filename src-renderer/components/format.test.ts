import { describe, expect, it } from 'vitest';
import { valueText } from './format';

describe('stored values as text (history diffs, the conflict table)', () => {
  it('shows strings as they are, an absent value as a dash, and anything else as JSON', () => {
    expect(valueText('deploy on Fridays')).toBe('deploy on Fridays');
    for (const nothing of [undefined, null, '']) expect(valueText(nothing)).toBe('—');
    expect(valueText(0.75)).toBe('0.75');
    expect(valueText(false)).toBe('false');
    expect(valueText(['a', 'b'])).toBe('["a","b"]');
  });
});
