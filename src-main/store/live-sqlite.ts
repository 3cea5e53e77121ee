/**
 * Reading another system's SQLite file while its agent keeps writing it (a linked source,
 * `import KIND PATH --follow`): the file itself is opened read-only (not a copy: a copy of a live
 * WAL database may tear) with a busy timeout, and everything is read inside one read transaction,
 * one consistent snapshot however the agent keeps writing (WAL readers never block the writer and
 * see only committed transactions). A busy file is waited on by SQLite's busy timeout; what still
 * fails is a MindError naming the file, which the follower retries.
 *
 * `readRowsSince` is the cursor query every followed table shares. New rows are found by rowid:
 * SQLite has one writer at a time and a row's rowid is taken inside the writer's transaction, so
 * every row committed after a read has a larger rowid than all it saw (a row replaced by
 * `INSERT OR REPLACE` gets a new rowid, so it reads as new). Changed rows are found by the table's
 * own change stamp, re-reading a few seconds before the newest stamp seen: a writer stamps the
 * time before it commits, so a stamp may land just behind one already read. A re-read row that is
 * as it was when read (its fingerprint is in the cursor) is skipped.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { MindError } from '../../shared/errors';
import { nativeBinding } from './connection';
import { type ForeignDb, type ForeignRow, sqliteFailure } from './foreign-sqlite';

/** How far before the newest change seen the next read looks again: 5 s. */
export const REREAD_MS = 5_000;
/** How long a read waits on a busy file before it gives up (and the follower tries again). */
const BUSY_TIMEOUT_MS = 5_000;

/** Runs `read` on the live file at `path`, read-only, in one read transaction. */
export function readLiveSqlite<T>(path: string, read: (db: ForeignDb, name: string) => T): T {
  const name = basename(path);
  let db: ForeignDb;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS, ...nativeBinding() });
  } catch (error) {
    throw new MindError('unreadable_file', `${name}: cannot be opened (${(error as Error).message}).`, { path });
  }
  try {
    // A deferred transaction: the first read takes the snapshot every later read of it shares.
    return db.transaction(() => read(db, name))();
  } catch (error) {
    if (error instanceof MindError) throw error;
    throw sqliteFailure(error, name, path);
  } finally {
    db.close();
  }
}

/** Where a follower stands in each table: the largest rowid read, and the newest change stamp read (ms). */
export interface RowCursor {
  rowids: Record<string, number>;
  stamps: Record<string, number | null>;
  /**
   * A fingerprint of each row read whose stamp the next read looks back over, by rowid: a row
   * re-read as it was is skipped, so only what the source changed comes again (not a memory's
   * local change undone by a re-read of the row it came from).
   */
  seen?: Record<string, Record<string, string>>;
}

export const EMPTY_ROW_CURSOR: RowCursor = { rowids: {}, stamps: {}, seen: {} };

const fingerprint = (row: ForeignRow) => createHash('sha256').update(JSON.stringify(row)).digest('base64').slice(0, 16);

export interface FollowedTable {
  /** The table (aliased `t` in the SQL below). */
  name: string;
  /** Tables joined to it for what its rows name (`LEFT JOIN blobs b ON b.id = t.blob_id`). */
  join?: string;
  /** Columns read (may name joined tables). */
  columns: string;
  /** SQL giving the row's change stamp in ms, or null for a table whose rows never change (only new ones are read). */
  stamp: string | null;
  /** SQL condition that also counts a row already read as changed (another table's new rows about it). */
  alsoChanged?: string;
}

/** A row as a cursor query reads it: its rowid, its change stamp, whether another table's new rows are about it. */
export type ReadRow = ForeignRow & { __rowid: number; __stamp?: unknown; __also?: number };

/**
 * The rows read, less those re-read exactly as they were read before (`seenBefore`, fingerprints by
 * rowid); and the fingerprints of those whose stamp is after `lookBackFrom`, which the next read
 * looks back over. A row another table's new rows are about is kept however it looks itself.
 */
export function skipUnchanged(rows: readonly ReadRow[], seenBefore: Record<string, string>, lookBackFrom: number | null): { read: ForeignRow[]; seen: Record<string, string> } {
  const seen: Record<string, string> = {};
  const read: ForeignRow[] = [];
  for (const { __rowid: rowid, __stamp: stamp, __also: also, ...row } of rows) {
    const print = fingerprint(row);
    if (typeof stamp === 'number' && lookBackFrom !== null && stamp > lookBackFrom) seen[rowid] = print;
    if (seenBefore[rowid] !== print || also === 1) read.push(row);
  }
  return { read, seen };
}

/**
 * The rows of `table` new or changed since `cursor`, moving `next` (a copy of the cursor) past
 * them. Every row committed so far moves the rowid mark, read or not: none is read again as new.
 */
export function readRowsSince(db: ForeignDb, table: FollowedTable, cursor: RowCursor, next: RowCursor, params: Record<string, unknown> = {}): ForeignRow[] {
  const after = cursor.rowids[table.name] ?? 0;
  const seen = cursor.stamps[table.name] ?? null;
  const changed = [
    ...(table.stamp !== null && seen !== null ? [`(${table.stamp}) > @since`] : []),
    ...(table.alsoChanged === undefined ? [] : [`(${table.alsoChanged})`]),
  ];
  const where = changed.length === 0 ? 't.rowid > @after' : `t.rowid > @after OR (${changed.join(' OR ')})`;
  const rows = db
    .prepare(`SELECT t.rowid AS __rowid, ${table.stamp ?? 'NULL'} AS __stamp, ${table.alsoChanged === undefined ? '0' : `(${table.alsoChanged})`} AS __also, ${table.columns} FROM ${table.name} t ${table.join ?? ''} WHERE ${where} ORDER BY t.rowid`)
    .all({ ...params, after, since: (seen ?? 0) - REREAD_MS }) as ReadRow[];
  let stamp = seen;
  for (const row of rows) if (typeof row.__stamp === 'number') stamp = Math.max(stamp ?? row.__stamp, row.__stamp);
  const { read, seen: seenNow } = skipUnchanged(rows, cursor.seen?.[table.name] ?? {}, stamp === null ? null : stamp - REREAD_MS);
  next.seen = { ...next.seen, [table.name]: seenNow };
  const top = (db.prepare(`SELECT max(rowid) AS top FROM ${table.name}`).get() as { top: number | null }).top;
  next.rowids[table.name] = Math.max(after, top ?? 0);
  next.stamps[table.name] = stamp;
  return read;
}
