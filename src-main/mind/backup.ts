/**
 * Backing a mind up while it is in use, and putting a backup back.
 *
 * A backup is a consistent copy taken through SQLite's online backup API (store/online-copy.ts):
 * agents and the app keep writing meanwhile, and the copy holds the mind as of one moment. It is
 * written beside its destination under a temporary name, checked, and only then renamed into
 * place, so a failed backup leaves nothing half-written. A run that was going when the copy was
 * taken can never finish in the copy: it is marked interrupted there. The copy must pass SQLite's
 * quick check (pages and b-trees); `mindloom check` on it runs everything.
 *
 * A backup holds what the mind held when it was taken, forgotten memories included: forgetting
 * reaches the mind's own file, never its copies. Deleting old backups is the person's to do.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync, statSync, copyFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MindError } from '../../shared/errors';
import type { BackupResult } from '../../shared/contract/trust';
import { runningRuns } from '../store/consolidation-runs-repo';
import { knownSchemaVersion } from '../store/connection';
import { inspectFileIntegrity } from '../store/inspect';
import { integrityProblems } from '../store/check-queries';
import { truncateWriteAheadLog } from '../store/maintenance-queries';
import { type CopyProgress, copyDatabase } from '../store/online-copy';
import { memoryCounts, readTallies } from '../store/tallies-query';
import { isOpenElsewhere } from '../store/file-lock';
import { type Mind, openMind } from './mind';
import { refuseOverlongName } from './file-name-limits';
import { refuseOwnFile } from './own-files';
import { interruptRun } from './run-lease';

export interface BackupProgress {
  readonly stage: 'copy' | 'verify';
  readonly done: number;
  readonly total: number;
}

export interface BackupOptions {
  /** Replace a file already at the destination (otherwise `invalid_state`). */
  overwrite?: boolean;
  onProgress?: (progress: BackupProgress) => void;
}

export async function backupMind(mind: Mind, destination: string, options: BackupOptions = {}): Promise<BackupResult> {
  const started = performance.now();
  const target = resolve(destination);
  checkDestination(mind, target, options.overwrite ?? false);
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    await copyDatabase(mind.store.db, partial, ({ done, total }: CopyProgress) => options.onProgress?.({ stage: 'copy', done, total }));
    options.onProgress?.({ stage: 'verify', done: 0, total: 1 });
    const copy = settleCopy(partial, 'it was running when this backup was taken; in the backup it can never finish');
    options.onProgress?.({ stage: 'verify', done: 1, total: 1 });
    renameSync(partial, target);
    return { path: target, bytes: statSync(target).size, memories: copy.memories, durationMs: Math.round(performance.now() - started), interruptedRuns: copy.interruptedRuns };
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  }
}

export interface RestoreResult {
  path: string;
  /** Where the file that was there before was moved, if there was one. */
  previous: string | null;
  memories: number;
  schemaVersion: number;
  interruptedRuns: string[];
}

/**
 * Puts the backup at `backupPath` in place as the mind at `target`. A file already there is kept
 * beside it (`TARGET.before-restore-STAMP`), and only with `force`; a file another program has
 * open is never replaced. The backup itself is left as it is.
 */
export function restoreMind(backupPath: string, target: string, options: { force?: boolean } = {}): RestoreResult {
  const source = resolve(backupPath);
  const destination = resolve(target);
  if (!existsSync(source)) throw new MindError('not_found', `No backup at ${source}.`, { path: source });
  if (source === destination) throw new MindError('invalid_input', 'The backup and the mind to restore it to are the same file.', { path: source });
  const version = checkBackupFile(source);
  if (!existsSync(dirname(destination))) {
    throw new MindError('not_found', `Cannot restore to ${destination}: its folder does not exist.`, { path: destination });
  }
  const present = existsSync(destination);
  if (present && !options.force) {
    throw new MindError(
      'invalid_state',
      `${destination} already exists. Restoring replaces it: add --force, and the current file is kept beside it as ${basename(destination)}.before-restore-….`,
      { path: destination },
    );
  }
  if (present && isOpenElsewhere(destination)) {
    throw new MindError('store_busy', `${destination} is open in another program (the app, an agent, a command); close it there, then restore.`, {
      path: destination,
    });
  }
  const incoming = `${destination}.restoring-${randomBytes(4).toString('hex')}`;
  let previous: string | null = null;
  try {
    copyFileSync(source, incoming);
    if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${incoming}-wal`);
    // A backup of this schema is settled before it goes in place; an older one is migrated by its first open (which keeps a .bak).
    const settled = version === knownSchemaVersion() ? settleCopy(incoming, 'it was running in the copy this mind was restored from; it can never finish here') : null;
    if (present) {
      previous = `${destination}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(destination, previous);
      rmSync(`${destination}-shm`, { force: true });
    }
    renameSync(incoming, destination);
    if (existsSync(`${incoming}-wal`)) renameSync(`${incoming}-wal`, `${destination}-wal`);
    const restored = openMind(destination, { mustExist: true });
    try {
      return {
        path: destination,
        previous,
        memories: memoryCounts(readTallies(restored.store.db)).total,
        schemaVersion: restored.store.schemaVersion,
        interruptedRuns: [...(settled?.interruptedRuns ?? []), ...restored.interruptedOnOpen.map((run) => run.runId)],
      };
    } finally {
      restored.close();
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${incoming}${suffix}`, { force: true });
  }
}

/** Refuses what cannot be a backup to restore (not a SQLite file, damaged, written by a newer Mindloom); returns its schema version. */
function checkBackupFile(path: string): number {
  const inspected = inspectFileIntegrity(path);
  if (inspected.schemaVersion === null || inspected.problems.length > 0) {
    throw new MindError('corrupt_file', `${path} is not a sound mind file: ${inspected.problems.slice(0, 3).join('; ')}`, { path });
  }
  if (inspected.schemaVersion === 0) throw new MindError('not_a_mind', `${path} is not a Mindloom mind.`, { path });
  if (inspected.schemaVersion > knownSchemaVersion()) {
    throw new MindError('schema_too_new', `${path} was written by a newer Mindloom (schema v${inspected.schemaVersion}); update Mindloom to restore it.`, { path });
  }
  return inspected.schemaVersion;
}

function checkDestination(mind: Mind, target: string, overwrite: boolean): void {
  if (mind.store.path === ':memory:') throw new MindError('unsupported', 'An in-memory mind has no file to back up.');
  refuseOverlongName(target);
  refuseOwnFile(mind.store.path, target, 'as the backup of the mind it would copy');
  if (!existsSync(dirname(target))) throw new MindError('not_found', `Cannot back up to ${target}: its folder does not exist.`, { path: target });
  if (existsSync(target)) {
    if (!overwrite || statSync(target).isDirectory()) {
      throw new MindError('invalid_state', `${target} already exists: choose another name (or replace it with --force).`, { path: target });
    }
  }
}

/**
 * Makes a fresh copy stand on its own: runs it caught mid-way are marked interrupted (their
 * process holds the original, never the copy), its log is folded in, and SQLite's quick check
 * must find it sound. Only a copy of this app's schema comes here: opening it migrates nothing.
 */
function settleCopy(path: string, why: string): { memories: number; interruptedRuns: string[] } {
  const copy = openMind(path, { mustExist: true, leaveRunsAsFound: true });
  try {
    const interruptedRuns = copy.store.transaction(() => runningRuns(copy.store.db).flatMap((run) => (interruptRun(copy, run, why) ? [run.id] : [])));
    const problems = integrityProblems(copy.store.db, { quick: true });
    if (problems.length > 0) throw new MindError('corrupt_file', `The copy did not pass SQLite's quick check: ${problems.slice(0, 3).join('; ')}`, { path });
    truncateWriteAheadLog(copy.store.db);
    return { memories: memoryCounts(readTallies(copy.store.db)).total, interruptedRuns };
  } finally {
    copy.close();
  }
}
