/**
 * Looking into a file that does not open as a mind (damaged pages): a bare read-only connection,
 * no migrations, no pragmas that write, just SQLite's own integrity check.
 */
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { integrityProblems } from './check-queries';
import { nativeBinding } from './connection';

export interface FileIntegrity {
  /** SQLite's integrity messages, or why the file could not be read at all; [] when sound. */
  problems: string[];
  schemaVersion: number | null;
}

export function inspectFileIntegrity(path: string): FileIntegrity {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, ...nativeBinding() });
  } catch (error) {
    return { problems: [(error as Error).message], schemaVersion: null };
  }
  try {
    sqliteVec.load(db);
    return { problems: integrityProblems(db), schemaVersion: db.pragma('user_version', { simple: true }) as number };
  } catch (error) {
    return { problems: [(error as Error).message], schemaVersion: null };
  } finally {
    db.close();
  }
}
