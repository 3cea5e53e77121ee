/**
 * Which other processes hold a mind open, from the kernel's table of file locks (`/proc/locks`):
 * every SQLite connection keeps a shared lock on the mind's `-shm` (and, in a transaction, on the
 * mind file) for as long as it is open. Reading the table opens neither file, so looking costs
 * this process none of its own locks. Where there is no such table (macOS, Windows), null: unknown.
 */
import { readFileSync, statSync } from 'node:fs';

export interface LockHolder {
  pid: number;
  /** The process's name, when the system says. */
  command: string | null;
}

const LOCK_LINE = /^\d+:\s+(?:->\s+)?\S+\s+\S+\s+\S+\s+(\d+)\s+([0-9a-f]+):([0-9a-f]+):(\d+)\s/;

/** Processes other than this one holding a lock on the mind file or its `-shm`, or null when the system cannot tell. */
export function otherLockHolders(mindPath: string): LockHolder[] | null {
  let table: string;
  try {
    table = readFileSync('/proc/locks', 'utf8');
  } catch {
    return null;
  }
  const files = new Set([mindPath, `${mindPath}-shm`].flatMap((path) => fileKey(path) ?? []));
  const pids = new Set<number>();
  for (const line of table.split('\n')) {
    const match = LOCK_LINE.exec(line);
    if (!match) continue;
    const [, pid, major, minor, inode] = match as unknown as [string, string, string, string, string];
    if (files.has(`${BigInt(`0x${major}`)}:${BigInt(`0x${minor}`)}:${inode}`) && Number(pid) !== process.pid) pids.add(Number(pid));
  }
  return [...pids].sort((a, b) => a - b).map((pid) => ({ pid, command: commandOf(pid) }));
}

/** `major:minor:inode` as the lock table names a file (Linux's encoding of a device number). */
function fileKey(path: string): string | null {
  const stat = statSync(path, { bigint: true, throwIfNoEntry: false });
  if (stat === undefined) return null;
  const dev = stat.dev;
  const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
  const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
  return `${major}:${minor}:${stat.ino}`;
}

function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() || null;
  } catch {
    return null;
  }
}
