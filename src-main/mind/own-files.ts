/**
 * The open mind's own files: the mind itself and SQLite's companions beside it (`-wal`, `-shm`,
 * `-journal`). No path a caller gives may name one of them, whatever the name: an export written
 * over the write-ahead log, an import that reads the mind through a descriptor of its own (whose
 * close drops the process's locks, see store/connection.ts), a new mind created over `-shm`, each
 * loses writes that were already acknowledged.
 *
 * Everything here uses `stat` and `realpath` only, never `open`: looking must not cost the
 * process its locks on the very file it looks at.
 */
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { MindError } from '../../shared/errors';

export const COMPANION_SUFFIXES = ['-wal', '-shm', '-journal'] as const;
export type OwnFile = 'mind' | (typeof COMPANION_SUFFIXES)[number];

/** Which of the mind's own files `candidate` is (by name, through links, or as the same device and inode), or null. */
export function ownFileOf(mindPath: string, candidate: string): OwnFile | null {
  if (mindPath === ':memory:') return null;
  const own = resolve(mindPath);
  const realOwn = realPath(own);
  const target = resolve(candidate);
  const realTarget = realPath(target);
  const targetStat = identity(target);
  for (const [kind, suffix] of [['mind', ''], ...COMPANION_SUFFIXES.map((s) => [s, s])] as [OwnFile, string][]) {
    if (target === `${own}${suffix}` || realTarget === `${realOwn}${suffix}`) return kind;
    const ownStat = identity(`${own}${suffix}`);
    if (ownStat !== null && targetStat !== null && ownStat === targetStat) return kind;
  }
  return null;
}

/** Refuses (`invalid_input`, nothing done) a path that is one of the open mind's own files; `use` says what the path was for. */
export function refuseOwnFile(mindPath: string, candidate: string, use: string): void {
  const own = ownFileOf(mindPath, candidate);
  if (own === null) return;
  const which = own === 'mind' ? 'the open mind itself' : `the open mind's ${own} file (SQLite keeps the mind's recent writes there)`;
  throw new MindError('invalid_input', `${resolve(candidate)} is ${which}: it cannot be used ${use}. Choose another file.`, {
    path: resolve(candidate),
    ownFile: own,
  });
}

/** The path with every link resolved; for a file not there yet, its folder's real path and its name. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

/** `device:inode` of what the path leads to, or null when nothing is there. */
function identity(path: string): string | null {
  try {
    const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stat === undefined ? null : `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}
