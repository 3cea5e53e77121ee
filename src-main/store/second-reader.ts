/**
 * Another program's connection to a mind, as the contract fuzz (src-main/host/contract-fuzz) holds
 * one beside the app: an agent's MCP server or the CLI reading the same file. It never writes: it
 * reads the file as any SQLite reader would, asks for the write lock without waiting (to see who
 * holds it), and checks what the app wrote (integrity, text that is valid UTF-8).
 */
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { integrityProblems } from './check-queries';
import { type Db, nativeBinding } from './connection';

export interface SecondReader {
  readonly path: string;
  /** True when another connection holds the write lock now (this one asks without waiting). */
  writeLockHeld(): boolean;
  /** Reads the file (a read transaction): how many memories it holds. */
  memoryCount(): number;
  /** SQLite's integrity_check as this connection sees the file: [] when sound. */
  integrityProblems(): string[];
  /** Text values whose bytes are not valid UTF-8 (a lone surrogate written as CESU bytes...), by table and column. */
  invalidUtf8(): InvalidText[];
  close(): void;
}

export interface InvalidText {
  table: string;
  column: string;
  rowid: number;
  /** The first bytes, in hex, so a report shows what was stored. */
  bytes: string;
}

export function openSecondReader(path: string): SecondReader {
  const db: Db = new Database(path, { fileMustExist: true, ...nativeBinding() });
  sqliteVec.load(db);
  db.pragma('busy_timeout = 0');
  return {
    path,
    writeLockHeld() {
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
        return false;
      } catch (error) {
        if (String((error as { code?: unknown }).code ?? '').startsWith('SQLITE_BUSY')) return true;
        throw error;
      }
    },
    memoryCount: () => db.prepare('SELECT count(*) FROM memories').pluck().get() as number,
    integrityProblems: () => integrityProblems(db),
    invalidUtf8: () => invalidUtf8In(db),
    close: () => db.close(),
  };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const MAX_SAMPLES = 20;

/** Every text value of every ordinary table, read as bytes and decoded strictly (the FTS shadow tables hold the same text). */
function invalidUtf8In(db: Db): InvalidText[] {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' AND name NOT LIKE '%vec%'`)
    .pluck()
    .all() as string[];
  const found: InvalidText[] = [];
  for (const table of tables) {
    const columns = (db.prepare(`SELECT name FROM pragma_table_xinfo(?)`).pluck().all(table) as string[]).filter((column) => column !== 'rowid');
    const withoutRowid = (db.prepare(`SELECT sql FROM sqlite_master WHERE name = ?`).pluck().get(table) as string).includes('WITHOUT ROWID');
    for (const column of columns) {
      const rows = db
        .prepare(`SELECT ${withoutRowid ? '0' : 'rowid'} AS rowid, CAST("${column}" AS BLOB) AS bytes FROM "${table}" WHERE typeof("${column}") = 'text'`)
        .raw()
        .iterate() as IterableIterator<[number, Buffer]>;
      for (const [rowid, bytes] of rows) {
        try {
          strictUtf8.decode(bytes);
        } catch {
          found.push({ table, column, rowid, bytes: bytes.subarray(0, 24).toString('hex') });
          if (found.length >= MAX_SAMPLES) return found;
        }
      }
    }
  }
  return found;
}
