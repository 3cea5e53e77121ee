import { describe, expect, it } from 'vitest';
import { MATCH_CLOSE, MATCH_OPEN } from '../../shared/search-marks';
import { highlightedSnippet } from './snippet';

describe('search snippets cross the contract as text plus ranges', () => {
  it('keeps brackets of the memory text as text, and marks only the matches', () => {
    const snippet = highlightedSnippet(`see [RFC 7] on ${MATCH_OPEN}retries${MATCH_CLOSE} …`);
    expect(snippet.text).toBe('see [RFC 7] on retries …');
    expect(snippet.highlights.map(([start, end]) => snippet.text.slice(start, end))).toEqual(['retries']);
  });
});
