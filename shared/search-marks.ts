/**
 * The marks the store puts around each match in a search snippet. Control characters rather than
 * brackets, so a bracket in a memory's own text is never read as a mark; the API turns them into
 * highlight ranges, a terminal into brackets.
 */
export const MATCH_OPEN = '\u0002';
export const MATCH_CLOSE = '\u0003';
