/** Search snippets arrive with their matches bracketed; the contract carries text plus ranges. */
import type { HighlightedText } from '../../shared/contract';

/**
 * `a [match] b` → text `a match b`, highlights `[[2, 7]]` (UTF-16 offsets, as the renderer's
 * `slice` counts). The store marks matches with `[` and `]`, so a bracket that is part of the
 * memory's own text reads as a marker: the highlight shifts, the words stay.
 */
export function highlightedSnippet(marked: string): HighlightedText {
  let text = '';
  const highlights: [number, number][] = [];
  let openedAt: number | null = null;
  for (const char of marked) {
    if (char === '[' && openedAt === null) openedAt = text.length;
    else if (char === ']' && openedAt !== null) {
      if (text.length > openedAt) highlights.push([openedAt, text.length]);
      openedAt = null;
    } else text += char;
  }
  if (openedAt !== null && text.length > openedAt) highlights.push([openedAt, text.length]);
  return { text, highlights };
}
