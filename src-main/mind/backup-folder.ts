/**
 * Where a mind's backups go and what they are called: a `NAME-backups` folder beside the mind
 * file (or the folder the settings name), `NAME-YYYY-MM-DD-HHMMSS.EXT` for a backup by hand and
 * `NAME-auto-YYYY-MM-DD-HHMMSS.EXT` for the daily one. Only daily backups are ever deleted: the
 * oldest beyond the number the settings keep.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { BackupFile } from '../../shared/contract/trust';
import { MindError } from '../../shared/errors';
import type { BackupSettings } from '../../shared/settings';

const DAY_MS = 86_400_000;
const AUTO_MARK = '-auto-';

/** A folder the settings name is taken from the mind file's folder when it is relative. */
export function backupFolderOf(mindPath: string, settings: BackupSettings): string {
  if (settings.folder !== null) return resolve(dirname(mindPath), settings.folder);
  return join(dirname(mindPath), `${stemOf(mindPath)}-backups`);
}

/** The path a new backup gets (the folder is created if missing). */
export function newBackupPath(mindPath: string, settings: BackupSettings, at: number, automatic: boolean): string {
  const folder = backupFolderOf(mindPath, settings);
  makeFolder(folder);
  const stamp = new Date(at).toISOString().slice(0, 19).replace('T', '-').replace(/:/g, '');
  return join(folder, `${stemOf(mindPath)}${automatic ? AUTO_MARK : '-'}${stamp}${extname(mindPath) || '.mindloom'}`);
}

/** The backups of this mind in its folder, newest first. */
export function listBackups(mindPath: string, settings: BackupSettings): BackupFile[] {
  const folder = backupFolderOf(mindPath, settings);
  // Nothing there, or a file where the folder would be: no backups (a backup says why it cannot go there).
  if (!folderStat(folder)?.isDirectory()) return [];
  const stem = stemOf(mindPath);
  const extension = extname(mindPath) || '.mindloom';
  return readFolder(folder)
    .filter((name) => name.startsWith(`${stem}-`) && name.endsWith(extension) && /\d{4}-\d{2}-\d{2}-\d{6}/.test(name))
    .flatMap((name) => {
      const path = join(folder, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat?.isFile()) return [];
      return [{ path, name, at: stat.mtime.toISOString(), bytes: stat.size, automatic: name.startsWith(`${stem}${AUTO_MARK}`) }];
    })
    .sort((a, b) => b.at.localeCompare(a.at) || b.name.localeCompare(a.name));
}

/** A daily backup is due when the newest automatic one is a day old, or there is none. */
export function dailyBackupDue(mindPath: string, settings: BackupSettings, now: number): boolean {
  if (!settings.daily) return false;
  const newest = listBackups(mindPath, settings).find((backup) => backup.automatic);
  return newest === undefined || now - Date.parse(newest.at) >= DAY_MS;
}

/** Deletes the automatic backups beyond the newest `keep`; returns the paths deleted. */
export function pruneDailyBackups(mindPath: string, settings: BackupSettings): string[] {
  const old = listBackups(mindPath, settings)
    .filter((backup) => backup.automatic)
    .slice(settings.keep);
  for (const backup of old) rmSync(backup.path, { force: true });
  return old.map((backup) => backup.path);
}

/** Creates the backup folder, or says (typed, nothing written) why it cannot be there. */
function makeFolder(folder: string): void {
  if (existsSync(folder) && !statSync(folder).isDirectory()) {
    throw new MindError('invalid_state', `The backup folder ${folder} is a file, not a folder: move it, or choose another folder in Settings → Backups.`, { path: folder });
  }
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw folderRefusal(folder, 'create', error);
  }
}

function folderStat(folder: string): Stats | undefined {
  try {
    return statSync(folder, { throwIfNoEntry: false });
  } catch (error) {
    throw folderRefusal(folder, 'read', error);
  }
}

function readFolder(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch (error) {
    throw folderRefusal(folder, 'read', error);
  }
}

/** The file system's refusal as a typed error naming the folder (a name too long, no permission, a file on the way). */
function folderRefusal(folder: string, verb: 'create' | 'read', error: unknown): MindError {
  const code = String((error as { code?: unknown }).code ?? '');
  const why: Record<string, string> = {
    ENAMETOOLONG: 'its name is too long for the file system',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the disk is read-only',
    ENOTDIR: 'a file stands where one of its folders would be',
    EEXIST: 'a file stands where one of its folders would be',
  };
  const reason = why[code] ?? (error as Error).message;
  return new MindError(code === 'ENAMETOOLONG' ? 'invalid_input' : 'invalid_state', `Cannot ${verb} the backup folder ${folder}: ${reason}. Choose another folder in Settings → Backups.`, { path: folder });
}

function stemOf(mindPath: string): string {
  return basename(mindPath, extname(mindPath));
}
