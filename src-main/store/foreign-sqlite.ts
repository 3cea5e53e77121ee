/**
 * Reading another system's SQLite file (Kernle, Engram, Alexandria) without touching it: the file
 * (and its write-ahead log, if one sits beside it) is copied into a private folder and the copy is
 * opened read-only, so no `-shm`/`-wal` side file ever appears next to the source, even when the
 * source is in WAL mode or busy. A file that is not SQLite, is damaged, or lacks the tables the
 * reader needs is refused with a MindError naming the file and what is wrong.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { MindError } from '../../shared/errors';
import { nativeBinding } from './connection';

export type ForeignDb = Database.Database;
export type ForeignRow = Record<string, unknown>;

/**
 * Runs `read` on a read-only copy of the SQLite file at `path` and returns what it returns. Every
 * failure is a MindError naming the file: SQLite's own verdict (not a database, damaged or
 * truncated) or what `read` throws.
 */
export function readForeignSqlite<T>(path: string, read: (db: ForeignDb, name: string) => T): T {
  const name = basename(path);
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new MindError('unreadable_file', `${name}: cannot be opened (no such file).`, { path });
  }
  const folder = mkdtempSync(join(tmpdir(), 'mindloom-source-'));
  try {
    const copy = join(folder, name);
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    let db: ForeignDb;
    try {
      db = new Database(copy, { readonly: true, fileMustExist: true, ...nativeBinding() });
    } catch (error) {
      throw new MindError('unreadable_file', `${name}: cannot be opened (${(error as Error).message}).`, { path });
    }
    try {
      return read(db, name);
    } catch (error) {
      if (error instanceof MindError) throw error;
      throw sqliteFailure(error, name, path);
    } finally {
      db.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The column names of `table` (none when there is no such table). */
export function columnsOf(db: ForeignDb, table: string): Set<string> {
  return new Set((db.prepare(`PRAGMA table_info("${table.replaceAll('"', '""')}")`).all() as { name: string }[]).map((c) => c.name));
}

/**
 * Refuses the file unless every table holds the columns a reader cannot do without: "not a
 * SYSTEM database (no T table)" or "the T table lacks C".
 */
export function requireTables(db: ForeignDb, name: string, system: string, tables: Readonly<Record<string, readonly string[]>>): void {
  for (const [table, required] of Object.entries(tables)) {
    const columns = columnsOf(db, table);
    if (columns.size === 0) {
      throw new MindError('invalid_input', `${name}: not ${withArticleOf(system)} database (no ${table} table).`, { table });
    }
    const missing = required.filter((c) => !columns.has(c));
    if (missing.length > 0) {
      throw new MindError('invalid_input', `${name}: the ${table} table lacks ${missing.join(', ')} (not a ${system} schema this importer reads).`, {
        table,
        missing,
      });
    }
  }
}

function withArticleOf(system: string): string {
  return `${/^[AEIOU]/.test(system) ? 'an' : 'a'} ${system}`;
}

/** SQLite's own verdict on a file, in words naming it. */
export function sqliteFailure(error: unknown, name: string, path: string): MindError {
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message;
  if (code === 'SQLITE_NOTADB') return new MindError('unreadable_file', `${name}: not a SQLite database.`, { path });
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_IOERR_SHORT_READ') {
    return new MindError('corrupt_file', `${name}: the database is damaged or truncated (${message}).`, { path });
  }
  return new MindError('unreadable_file', `${name}: cannot be read (${message}).`, { path, code });
}
