/**
 * Reading a JSON Lines source: one object a line, blank lines ignored. A line that is not JSON, or
 * not an object, stops the import with an error naming `file:N`; nothing has been written by then.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MindError } from '../../shared/errors';

export interface JsonLine {
  /** 1-based, as an editor counts. */
  line: number;
  value: Record<string, unknown>;
}

export function readJsonLines(path: string): JsonLine[] {
  const name = basename(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new MindError('unreadable_file', `${name}: cannot be read (${(error as Error).message}).`, { path });
  }
  const lines: JsonLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new MindError('invalid_input', `${name}:${i + 1}: not valid JSON (${(error as Error).message}).`, { path, line: i + 1 });
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new MindError('invalid_input', `${name}:${i + 1}: expected a JSON object on each line.`, { path, line: i + 1 });
    }
    lines.push({ line: i + 1, value: value as Record<string, unknown> });
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
