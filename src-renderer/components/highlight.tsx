/** Text with match ranges drawn as <mark>: built from ranges, never from HTML strings. */
import { Fragment } from 'react';

export type Range = readonly [start: number, end: number];

/** Splits text into plain and marked parts; overlapping or out-of-bounds ranges are clipped. */
export function splitByRanges(text: string, ranges: readonly Range[]): { text: string; marked: boolean }[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [rawStart, rawEnd] of sorted) {
    const start = Math.max(at, Math.min(rawStart, text.length));
    const end = Math.max(start, Math.min(rawEnd, text.length));
    if (end === start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}

/**
 * Where the words of a search query occur in a text (case-insensitive; the last word as a prefix,
 * like the full-text index matches it), for highlighting list rows that have no server snippet.
 */
export function queryRanges(text: string, query: string): Range[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return [];
  const ranges: Range[] = [];
  // Words hold only letters, digits and _, so they are safe inside a pattern as they are.
  words.forEach((word, i) => {
    const tail = i === words.length - 1 ? '[\\p{L}\\p{N}_]*' : '(?![\\p{L}\\p{N}_])';
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${word}${tail}`, 'giu');
    for (const match of text.matchAll(pattern)) ranges.push([match.index, match.index + match[0].length]);
  });
  return ranges;
}

export function Highlighted({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  if (ranges.length === 0) return <>{text}</>;
  return (
    <>
      {splitByRanges(text, ranges).map((part, i) => (
        <Fragment key={i}>{part.marked ? <mark>{part.text}</mark> : part.text}</Fragment>
      ))}
    </>
  );
}

/**
 * A one-line row shows the start of a text; when the first match lies further in, start a little
 * before it instead (with an ellipsis) so the match is visible, at a word's start when one is near.
 */
export function excerptAround(text: string, ranges: readonly Range[], lead = 12): { text: string; ranges: Range[] } {
  const first = ranges.reduce((min, r) => Math.min(min, r[0]), Infinity);
  if (!Number.isFinite(first) || first <= lead) return { text, ranges: [...ranges] };
  const space = text.indexOf(' ', first - lead);
  const cut = space !== -1 && space < first ? space + 1 : first - lead;
  const shift = cut - 1; // one character for the ellipsis
  return { text: `…${text.slice(cut)}`, ranges: ranges.map(([s, e]) => [s - shift, e - shift] as const).filter(([s]) => s >= 1) };
}
