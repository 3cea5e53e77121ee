/**
 * Opening a mind file: refuse what is not a mind (or is newer than this app), back up before
 * migrating, apply the migrations, and set the pragmas every connection needs.
 */
import { accessSync, constants, copyFileSync, readFileSync, type Stats, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as sqliteVec from 'sqlite-vec';
import { MindError } from '../../shared/errors';
import { asAction } from './actions';
import { holdBusyWaits } from './busy-wait';
import { findMigrationsFolder } from './migrations-folder';

export type Db = Database.Database;

export interface Store {
  readonly db: Db;
  /** The file path, or ':memory:'. */
  readonly path: string;
  /** Schema version of the file after opening (= number of migrations applied). */
  readonly schemaVersion: number;
  /** Where the pre-migration backup was written, when one was needed. */
  readonly backupPath: string | null;
  /**
   * Runs `work` in one IMMEDIATE transaction (nested calls become savepoints): the write lock is
   * taken before anything is read, so a version check cannot be outrun by another connection's
   * write (an agent, the consolidation worker) between the read and the write. The outermost
   * transaction is one action (store/actions.ts): the unit an undo takes back.
   */
  transaction<T>(work: () => T): T;
  close(): void;
}

export interface OpenOptions {
  /** Refuse to create a new file (e.g. a CLI command other than `init` on a missing path). */
  mustExist?: boolean;
  readonly?: boolean;
}

const MIND_TABLES = ['memories', 'journal', 'meta'];

export function openStore(path: string, options: OpenOptions = {}): Store {
  const inMemory = path === ':memory:';
  if (!inMemory) checkFile(path, options);

  const migrationsFolder = findMigrationsFolder();
  const appVersion = knownSchemaVersion(migrationsFolder);
  let db = connect(path, options);
  try {
    const fileVersion = readFileVersion(db, path);
    if (fileVersion > appVersion) {
      throw new MindError(
        'schema_too_new',
        `${path} was written by a newer Mindloom (schema v${fileVersion}); this app reads up to schema v${appVersion}. Update Mindloom to open it.`,
        { path, fileVersion, appVersion },
      );
    }
    applyPragmas(db, inMemory || (options.readonly ?? false));
    let backupPath: string | null = null;
    if (fileVersion < appVersion) {
      if (options.readonly) {
        throw new MindError('invalid_state', `${path} needs a schema upgrade; open it writable once first.`, { path });
      }
      if (fileVersion > 0 && !inMemory) {
        backupPath = backupBeforeMigrating(db, path, fileVersion);
        db = connect(path, options);
        applyPragmas(db, false);
      }
      migrateWithRoom(db, migrationsFolder);
      db.pragma(`user_version = ${appVersion}`);
    }
    if (!options.readonly) refreshPlannerStatistics(db);
    const opened = db;
    return {
      db: opened,
      path,
      schemaVersion: appVersion,
      backupPath,
      transaction: (work) => runImmediate(opened, work, path),
      close: () => opened.close(),
    };
  } catch (error) {
    if (db.open) db.close();
    if (error instanceof MindError) throw error;
    throw asFileError(error, path);
  }
}

/** A connection with sqlite-vec loaded (it must be there before the vector tables are touched). */
/**
 * Migrations that build an index or count over every memory sort more than SQLite's default 2 MB page
 * cache holds, and spill to temporary files: 0016's two tier indexes and recount took 55 s on a
 * 1M-memory mind that way and 13 s with room to sort in memory. The room is the migration's only:
 * the connection goes back to its usual cache after.
 */
const MIGRATION_CACHE_KIB = 1024 * 1024;

function migrateWithRoom(db: Db, migrationsFolder: string): void {
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  const tempStore = db.pragma('temp_store', { simple: true }) as number;
  db.pragma(`cache_size = -${MIGRATION_CACHE_KIB}`);
  db.pragma('temp_store = MEMORY');
  try {
    migrate(drizzle(db), { migrationsFolder });
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
    db.pragma(`temp_store = ${tempStore}`);
  }
}

function connect(path: string, options: OpenOptions): Db {
  let db: Db;
  try {
    db = new Database(path, { readonly: options.readonly ?? false, ...nativeBinding() });
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes('directory does not exist')) {
      throw new MindError('not_found', `Cannot create ${path}: its folder does not exist.`, { path, folder: dirname(path) });
    }
    const denied = accessDenied(path, options);
    if (denied !== null) throw new MindError('unreadable_file', `Cannot read ${path}: ${denied}`, { path });
    throw new MindError('corrupt_file', `Cannot open ${path}: ${message}`, { path });
  }
  try {
    sqliteVec.load(db);
  } catch (error) {
    db.close();
    throw asFileError(error, path);
  }
  return db;
}

/** Why this process may not use the file, if that is why SQLite could not open it (access(2) opens no descriptor). */
function accessDenied(path: string, options: OpenOptions): string | null {
  try {
    accessSync(path, options.readonly ? constants.R_OK : constants.R_OK | constants.W_OK);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : (error as Error).message;
  }
}

/**
 * The desktop app runs on Electron's ABI, so it loads a better-sqlite3 built for Electron
 * (scripts/electron-native.mjs); Node (the CLI, the host, the tests) uses the package's own.
 */
export function nativeBinding(): { nativeBinding?: string } {
  const binding = process.env.MINDLOOM_SQLITE_BINDING;
  return binding ? { nativeBinding: binding } : {};
}

/** The schema version this build knows: one per migration in the drizzle journal. */
export function knownSchemaVersion(migrationsFolder = findMigrationsFolder()): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * What can be told of a path without opening it: missing, a folder. Whether it is SQLite at all is
 * left to SQLite (its first read answers SQLITE_NOTADB): opening the file ourselves would cost the
 * process its locks on it. POSIX drops every lock a process holds on a file when any descriptor
 * of that file closes, so a header read while this process already has the mind open (the
 * scheduler's connection beside the session's) released the session's shared lock; another
 * program closing the mind then took it for the last connection and deleted the write-ahead log
 * under it, with the writes it held.
 */
function checkFile(path: string, options: OpenOptions): void {
  let stat: Stats | undefined;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    throw new MindError('unreadable_file', `Cannot read ${path}: ${(error as Error).message}`, { path });
  }
  if (stat === undefined) {
    if (options.mustExist || options.readonly) {
      throw new MindError('not_found', `No mind file at ${path} (create one with \`mindloom init\`).`, { path });
    }
    return;
  }
  if (stat.isDirectory()) throw new MindError('not_a_mind', `${path} is a folder, not a mind file.`, { path });
  // A device (`/dev/zero` reads as an endless empty database), a pipe or a socket is no mind, and
  // SQLite would leave a `-journal` beside it trying.
  if (!stat.isFile()) throw new MindError('not_a_mind', `${path} is not a regular file (a device, a pipe or a socket), so it cannot be a mind.`, { path });
  // SQLite takes an empty file for a new database: opening one would turn it into a mind unasked.
  // (A mind whose pages are all still in its write-ahead log has a log beside it.)
  if (stat.size === 0 && (options.mustExist || options.readonly) && !hasContent(`${path}-wal`)) {
    throw new MindError('not_a_mind', `${path} is an empty file, not a mind. Create a new mind there instead of opening it.`, { path, empty: true });
  }
}

function hasContent(path: string): boolean {
  return (statSync(path, { throwIfNoEntry: false })?.size ?? 0) > 0;
}

function readFileVersion(db: Db, path: string): number {
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = new Set(
    (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((t) => t.name),
  );
  if (version === 0 && tables.size > 0) {
    throw new MindError(
      'not_a_mind',
      `${path} is a SQLite database but not a Mindloom mind (it has tables of its own). Import it instead of opening it.`,
      { path },
    );
  }
  if (version > 0 && !MIND_TABLES.every((t) => tables.has(t))) {
    throw new MindError('not_a_mind', `${path} is a SQLite database but not a Mindloom mind.`, { path });
  }
  return version;
}

/**
 * SQLite's advice for long-lived connections: a bounded ANALYZE of the tables that need it, on
 * open. Cheap (analysis_limit samples each index) and it keeps the planner's statistics current
 * as a mind grows, which the list queries' plans rely on.
 */
function refreshPlannerStatistics(db: Db): void {
  db.pragma('analysis_limit = 400');
  // It writes, so it needs the write lock: while another connection holds it (an import, a
  // run), the statistics wait for the next open rather than the open waiting for them.
  const release = holdBusyWaits(db);
  try {
    db.pragma('optimize = 0x10002');
  } catch (error) {
    if (!isBusy(error)) throw error;
  } finally {
    release();
  }
}

/** SQLite's "someone else holds the lock" (SQLITE_BUSY and its extended codes, SQLITE_LOCKED): never damage. */
function isBusy(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code ?? '');
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

function runImmediate<T>(db: Db, work: () => T, path: string): T {
  try {
    return asAction(db, () => db.transaction(work).immediate());
  } catch (error) {
    if (isBusy(error)) throw new MindError('store_busy', `${path} is busy with another writer; nothing was written. Try again.`, { path });
    throw error;
  }
}

function applyPragmas(db: Db, skipWal: boolean): void {
  if (!skipWal) db.pragma('journal_mode = WAL');
  // Deleted and overwritten bytes are zeroed, so forgotten words do not linger in free pages.
  db.pragma('secure_delete = ON');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
}

/**
 * A consistent copy beside the file, so a failed or unwanted upgrade can be undone by hand. The
 * connection is closed first (the caller opens a new one): copying the file reads it through a
 * descriptor of our own, and closing that would drop the connection's locks (see `checkFile`).
 * Nothing else in this process can have the file open yet: every open migrates it first.
 */
function backupBeforeMigrating(db: Db, path: string, fromVersion: number): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const backupPath = `${path}.v${fromVersion}-${stamp}.bak`;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  copyFileSync(path, backupPath);
  return backupPath;
}

function asFileError(error: unknown, path: string): MindError {
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message ?? String(error);
  // A lock is not damage: another program is writing, and trying again later will do.
  if (isBusy(error)) return new MindError('store_busy', `${path} is busy: another program holds its write lock. Try again in a moment.`, { path });
  if (code === 'SQLITE_NOTADB') {
    return new MindError('not_a_mind', `${path} is not a SQLite file, so it cannot be a Mindloom mind.`, { path });
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_CANTOPEN') {
    return new MindError('corrupt_file', `${path} is damaged and cannot be read: ${message}`, { path });
  }
  return new MindError('corrupt_file', `Cannot open ${path}: ${message}`, { path });
}
