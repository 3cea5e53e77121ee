/**
 * What an import may read: an existing regular file that is not one of the open mind's own files
 * (mind/own-files.ts). A folder, a device (`/dev/zero` never ends), a pipe or a socket is refused
 * before anything opens it, with a MindError naming the path; every read after that is bounded too
 * (line-reader.ts, jsonl.ts), since a file may change between the look and the read.
 */
import { type Stats, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MindError } from '../../shared/errors';
import type { Mind } from '../mind/mind';
import { refuseOwnFile } from '../mind/own-files';

/** The longest line any importer reads (a memory row with its vector is a few KB). */
export const MAX_LINE_BYTES = 16 * 1_048_576;
/** The largest file an importer that reads it whole takes (JSON Lines of another system). */
export const MAX_WHOLE_FILE_BYTES = 256 * 1_048_576;

/** The absolute path of a readable import source, or a MindError saying why it is not one. */
export function importSource(mind: Mind, path: string, options: { maxBytes?: number } = {}): string {
  const source = resolve(path);
  refuseOwnFile(mind.store.path, source, 'as an import source');
  const stat = regularFile(source, 'to import');
  if (options.maxBytes !== undefined && stat.size > options.maxBytes) throw tooLarge(source, stat.size, options.maxBytes);
  return source;
}

/** The file's stat when `path` is an existing regular file (links followed), else a MindError; nothing is opened. */
export function regularFile(path: string, purpose: string): Stats {
  let stat: Stats | undefined;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    // A NUL byte in the path, a name too long, a folder on the way that cannot be searched.
    throw new MindError('invalid_input', `${path} cannot be read: ${(error as Error).message}`, { path });
  }
  if (stat === undefined) throw new MindError('not_found', `${path}: no such file ${purpose}.`, { path });
  if (!stat.isFile()) throw new MindError('invalid_input', `${path} is ${kindOf(stat)}, not a regular file: nothing ${purpose} there.`, { path, kind: kindOf(stat) });
  return stat;
}

export function tooLarge(path: string, bytes: number, maxBytes: number): MindError {
  const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
  return new MindError('invalid_input', `${path} is ${mb(bytes)}; this importer reads files of up to ${mb(maxBytes)}. Split it, or convert it to a Mindloom JSON export.`, {
    path,
    bytes,
    maxBytes,
  });
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isFIFO()) return 'a pipe';
  if (stat.isSocket()) return 'a socket';
  return 'not a file';
}
