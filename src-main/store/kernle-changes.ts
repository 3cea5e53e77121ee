/**
 * What is new or changed in a Kernle `memories.db` since a cursor, for a linked source
 * (`import kernle PATH --follow`). The file is opened read-only and read inside one read
 * transaction: one consistent snapshot however the agent keeps writing (WAL readers never block
 * the writer and see only committed transactions). A busy file (a checkpoint, a recovery) is waited
 * on by SQLite's busy timeout; what still fails is a MindError the follower retries.
 *
 * New rows are found by rowid: SQLite has one writer at a time and a row's rowid is taken inside
 * the writer's transaction, so every row committed after a read has a larger rowid than all it
 * saw. Changed rows are found by `local_updated_at` (Kernle's own clock), re-reading a few seconds
 * before the newest change seen: a writer stamps the time before it commits, so a stamp may land
 * just behind one already read. Re-read rows that did not change are recognized and skipped. A
 * changed row Kernle soft-deleted (`deleted = 1`) is read too: the memory it became is archived.
 */
import Database from 'better-sqlite3';
import { basename } from 'node:path';
import { MindError } from '../../shared/errors';
import { nativeBinding } from './connection';
import { sqliteFailure } from './foreign-sqlite';
import { checkSchema, KERNLE_TABLES, type KernleRow, type KernleSource, type KernleTable, STACKED_TABLES, stacksOf } from './kernle-source';

/** How far before the newest change seen the next read looks again, in days (julianday units): 5 s. */
const REREAD_DAYS = 5 / 86_400;
/** How long a read waits on a busy file before it gives up (and the follower tries again). */
const BUSY_TIMEOUT_MS = 5_000;

export interface KernleCursor {
  /** The largest rowid read of each table. */
  rowids: Partial<Record<KernleTable, number>>;
  /** The newest `local_updated_at` read (a julian day number), or null before the first read. */
  changedSince: number | null;
}

export const EMPTY_KERNLE_CURSOR: KernleCursor = { rowids: {}, changedSince: null };

export interface KernleChanges {
  source: KernleSource;
  cursor: KernleCursor;
  /** Rows read (new and re-read). */
  read: number;
}

type ReadRow = KernleRow & { __rowid: number; __stamp?: number | null };

export function readKernleChanges(path: string, stack: string | undefined, cursor: KernleCursor): KernleChanges {
  const name = basename(path);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS, ...nativeBinding() });
  } catch (error) {
    throw new MindError('unreadable_file', `${name}: cannot be opened (${(error as Error).message}).`, { path });
  }
  try {
    // A deferred transaction: the first read takes the snapshot every later read of it shares.
    return db.transaction(() => readSnapshot(db, name, stack, cursor))();
  } catch (error) {
    if (error instanceof MindError) throw error;
    throw sqliteFailure(error, name, path);
  } finally {
    db.close();
  }
}

function readSnapshot(db: Database.Database, name: string, stack: string | undefined, cursor: KernleCursor): KernleChanges {
  checkSchema(db, name);
  const stacks = stacksOf(db);
  const rows = {} as Record<KernleTable, KernleRow[]>;
  const next: KernleCursor = { rowids: { ...cursor.rowids }, changedSince: cursor.changedSince };
  let read = 0;
  const inStack = stack === undefined ? '' : ' AND stack_id = @stack';
  for (const table of Object.keys(KERNLE_TABLES) as KernleTable[]) {
    const after = cursor.rowids[table] ?? 0;
    const stamped = (STACKED_TABLES as readonly KernleTable[]).includes(table);
    const withStack = <T extends object>(params: T) => (stamped && stack !== undefined ? { ...params, stack } : params);
    const stampColumn = stamped ? ', julianday(local_updated_at) AS __stamp' : '';
    const fresh = db
      .prepare(`SELECT rowid AS __rowid${stampColumn}, * FROM ${table} WHERE rowid > @after${stamped ? ` AND deleted = 0${inStack}` : ''} ORDER BY rowid`)
      .all(withStack({ after })) as ReadRow[];
    const changed =
      stamped && cursor.changedSince !== null
        ? (db
            .prepare(`SELECT rowid AS __rowid${stampColumn}, * FROM ${table} WHERE rowid <= @after${inStack} AND julianday(local_updated_at) > @since ORDER BY rowid`)
            .all(withStack({ after, since: cursor.changedSince - REREAD_DAYS })) as ReadRow[])
        : [];
    const all = [...changed, ...fresh];
    read += all.length;
    rows[table] = all.map(({ __rowid: _, __stamp: stamp, ...row }) => {
      if (typeof stamp === 'number') next.changedSince = Math.max(next.changedSince ?? 0, stamp);
      return row as KernleRow;
    });
    // Every row, deleted or in another stack, moves the rowid mark: none of them is read again as new.
    const top = db.prepare(`SELECT max(rowid) AS top FROM ${table}`).get() as { top: number | null };
    next.rowids[table] = Math.max(after, top.top ?? 0);
  }
  return { source: { stacks, rows }, cursor: next, read };
}
