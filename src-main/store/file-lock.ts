/**
 * Whether another connection has a mind file open: SQLite removes a database's write-ahead log
 * when its last connection closes, so a log still there after ours closed belongs to someone else.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { nativeBinding } from './connection';

export function isOpenElsewhere(path: string): boolean {
  const db = new Database(path, { fileMustExist: true, ...nativeBinding() });
  try {
    // Reading opens the log (as every connection does); the checkpoint folds in what it holds.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Not a database SQLite can read: no SQLite connection can be holding it either.
    return false;
  } finally {
    db.close();
  }
  return existsSync(`${path}-wal`);
}
