/** Search snippets arrive with their matches marked; the contract carries text plus ranges. */
import type { HighlightedText } from '../../shared/contract';
import { MATCH_CLOSE, MATCH_OPEN } from '../../shared/search-marks';

/** `a ⟨match⟩ b` → text `a match b`, highlights `[[2, 7]]` (UTF-16 offsets, as the renderer's `slice` counts). */
export function highlightedSnippet(marked: string): HighlightedText {
  let text = '';
  const highlights: [number, number][] = [];
  let openedAt: number | null = null;
  for (const char of marked) {
    if (char === MATCH_OPEN && openedAt === null) openedAt = text.length;
    else if (char === MATCH_CLOSE && openedAt !== null) {
      if (text.length > openedAt) highlights.push([openedAt, text.length]);
      openedAt = null;
    } else text += char;
  }
  if (openedAt !== null && text.length > openedAt) highlights.push([openedAt, text.length]);
  return { text, highlights };
}
