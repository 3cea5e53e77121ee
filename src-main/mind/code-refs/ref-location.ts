/**
 * What a code or file reference points at: a path in a repository and, for code, a line or a range
 * (`src/db/pool.ts:18`, `src/db/pool.ts:18-24`, `src/db/pool.ts#L18-L24`); without lines, the whole
 * file. The lines' hash is what a check compares.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, relative } from 'node:path';

export interface RefLocation {
  path: string;
  /** 1-based, inclusive; null for the whole file. */
  lines: { start: number; end: number } | null;
}

const LINES = /^(.*?)(?::|#L)(\d+)(?:-L?(\d+))?$/;

/** The location a reference names, relative to `repoTop`; null when it lies outside the repository. */
export function locateRef(ref: string, repoTop: string): RefLocation | null {
  const text = ref.trim();
  const match = LINES.exec(text);
  let path = match ? (match[1] as string) : text;
  const lines = match ? { start: Number(match[2]), end: Number(match[3] ?? match[2]) } : null;
  if (lines !== null && (lines.start < 1 || lines.end < lines.start)) return null;
  if (isAbsolute(path)) {
    const inside = relative(repoTop, path);
    if (inside.startsWith('..') || isAbsolute(inside)) return null;
    path = inside;
  }
  path = path.replace(/^\.\//, '');
  if (path === '' || path.startsWith('../')) return null;
  return { path, lines };
}

export function formatLocation(location: RefLocation): string {
  if (location.lines === null) return location.path;
  const { start, end } = location.lines;
  return `${location.path}:${start}${end === start ? '' : `-${end}`}`;
}

/** A file's lines as git stores them (a trailing newline ends the last line, it does not start another). */
export function splitLines(content: string): string[] {
  const lines = content.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The lines a location points at, or null when the file is shorter than the range. */
export function linesAt(fileLines: readonly string[], location: RefLocation): string[] | null {
  if (location.lines === null) return [...fileLines];
  if (location.lines.end > fileLines.length) return null;
  return fileLines.slice(location.lines.start - 1, location.lines.end);
}

export function hashLines(lines: readonly string[]): string {
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

/**
 * Where the same lines stand in a file now (the start line nearest the old one), or null. A block
 * found again unchanged has moved, not changed: lines inserted above it do not stale a reference.
 */
export function findBlock(fileLines: readonly string[], block: readonly string[], near: number): number | null {
  if (block.length === 0 || block.length > fileLines.length) return null;
  const first = block[0] as string;
  let best: number | null = null;
  for (let i = 0; i + block.length <= fileLines.length; i++) {
    if (fileLines[i] !== first) continue;
    let same = true;
    for (let k = 1; k < block.length && same; k++) same = fileLines[i + k] === block[k];
    if (same && (best === null || Math.abs(i + 1 - near) < Math.abs(best - near))) best = i + 1;
  }
  return best;
}

export const shortCommit = (commit: string): string => commit.slice(0, 7);
