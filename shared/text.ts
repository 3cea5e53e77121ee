/**
 * One rule for the text people and agents write, at every way in (the API's dispatch, MCP, the
 * CLI, the importers, and the domain operations beneath them):
 *
 * - A lone surrogate (half of a UTF-16 pair, as in `"a\udfffb"`: what a broken paste or a bad
 *   JSON escape leaves) becomes U+FFFD, the replacement character, as every UTF-8 encoder does.
 *   Stored as it came, it was bytes no other SQLite reader could decode; refused, one stray
 *   character would stop a whole import. The text keeps every other character.
 * - Text made only of whitespace and invisible characters (zero-width spaces and joiners,
 *   direction marks such as U+200F, the byte-order mark, variation selectors) says nothing, and
 *   is refused as empty: "is empty or only whitespace".
 */
import { z } from 'zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whitespace, controls, and Unicode's default-ignorable code points (zero-width characters, direction marks, BOM, variation selectors, fillers). */
const NOTHING_VISIBLE = /^[\s\p{Cc}\p{Default_Ignorable_Code_Point}]*$/u;

export const BLANK_TEXT_MESSAGE = 'is empty or only whitespace';

/** The text with every lone surrogate replaced by U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** A parsed payload with every string in it (keys too) well formed; the same value when nothing needed it. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => wellFormedDeep(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormedDeep(item)])) as T;
  }
  return value;
}

/** Whether the text shows nothing: empty, or only whitespace and invisible characters. */
export function isBlankText(text: string): boolean {
  return NOTHING_VISIBLE.test(text);
}

/** A written text of at most `max` characters, trimmed, refused when it shows nothing. */
export function writtenText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((text) => !isBlankText(text), { message: BLANK_TEXT_MESSAGE });
}
