/**
 * What every export shares: where it goes (checked before anything is read), and reading the mind
 * through a connection of its own, so a long export reads one consistent moment of the mind while
 * the app and agents keep writing through theirs.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MindError } from '../../shared/errors';
import { type Mind, openMind } from '../mind/mind';
import { refuseOverlongName } from '../mind/file-name-limits';
import { refuseOwnFile } from '../mind/own-files';

/**
 * The absolute destination (a relative `out` from the current folder); refuses a missing folder, one
 * of the mind's own files (itself, `-wal`, `-shm`, `-journal`, by any name), something there that is
 * not a regular file (a folder, a device), or an existing file unless `overwrite`.
 */
export function exportDestination(mind: Mind, out: string, overwrite: boolean): string {
  const target = resolve(out);
  refuseOverlongName(target);
  refuseOwnFile(mind.store.path, target, 'as an export destination');
  if (!existsSync(dirname(target))) throw new MindError('not_found', `Cannot write ${target}: its folder does not exist.`, { path: target });
  if (existsSync(target) && !statSync(target).isFile()) throw new MindError('invalid_input', `${target} is not a regular file (a folder or a device?); name a file to export to.`, { path: target });
  if (existsSync(target) && !overwrite) throw new MindError('invalid_state', `${target} already exists; choose another name or replace it (--force).`, { path: target });
  return target;
}

/** Runs `work` on a read-only connection of its own to the mind's file (the mind itself when it lives in memory). */
export async function withReader<T>(mind: Mind, work: (reader: Mind) => Promise<T>): Promise<T> {
  if (mind.store.path === ':memory:') return work(mind);
  const reader = openMind(mind.store.path, { readonly: true, mustExist: true });
  try {
    return await work(reader);
  } finally {
    reader.close();
  }
}
