/**
 * Reading a JSON Lines source: one object a line, blank lines ignored. A line that is not JSON, or
 * not an object, stops the import with an error naming `file:N`; nothing has been written by then.
 */
import { basename } from 'node:path';
import { wellFormedDeep } from '../../shared/text';
import { isMindError, MindError } from '../../shared/errors';
import { MAX_LINE_BYTES, MAX_WHOLE_FILE_BYTES } from './import-source';
import { readWholeFile } from './line-reader';

export interface JsonLine {
  /** 1-based, as an editor counts. */
  line: number;
  value: Record<string, unknown>;
}

export function readJsonLines(path: string): JsonLine[] {
  const name = basename(path);
  let text: string;
  try {
    text = readWholeFile(path, MAX_WHOLE_FILE_BYTES);
  } catch (error) {
    if (isMindError(error)) throw error;
    throw new MindError('unreadable_file', `${name}: cannot be read (${(error as Error).message}).`, { path });
  }
  const lines: JsonLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    if (raw.length > MAX_LINE_BYTES) throw new MindError('invalid_input', `${name}:${i + 1}: the line is longer than ${MAX_LINE_BYTES / 1_048_576} MB.`, { path, line: i + 1 });
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new MindError('invalid_input', `${name}:${i + 1}: not valid JSON (${(error as Error).message}).`, { path, line: i + 1 });
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new MindError('invalid_input', `${name}:${i + 1}: expected a JSON object on each line.`, { path, line: i + 1 });
    }
    lines.push({ line: i + 1, value: withoutLoneSurrogates(raw, value as Record<string, unknown>) });
  });
  return lines;
}

/** A line whose shape is wrong: the import stops, naming where. */
export function badLine(path: string, line: number, what: string): MindError {
  return new MindError('invalid_input', `${basename(path)}:${line}: ${what}`, { path, line });
}

/** The first of `keys` holding a non-empty string. */
export function stringAt(value: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const v = value[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return null;
}

/** A JSON escape of half a surrogate pair (`\\udfff`): the only way one reaches a string decoded from UTF-8. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** The parsed line with lone surrogates made U+FFFD (shared/text.ts); walked only when its text holds such an escape. */
export function withoutLoneSurrogates<T>(text: string, value: T): T {
  return SURROGATE_ESCAPE.test(text) ? wellFormedDeep(value) : value;
}
