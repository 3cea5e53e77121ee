/**
 * What is new or changed in a Kernle `memories.db` since a cursor, for a linked source
 * (`import kernle PATH --follow`), read in one snapshot of the live file (live-sqlite.ts).
 *
 * New rows are found by rowid: SQLite has one writer at a time and a row's rowid is taken inside
 * the writer's transaction, so every row committed after a read has a larger rowid than all it
 * saw. Changed rows are found by `local_updated_at` (Kernle's own clock), re-reading a few seconds
 * before the newest change seen: a writer stamps the time before it commits, so a stamp may land
 * just behind one already read. Re-read rows that did not change are recognized and skipped (their
 * fingerprints are in the cursor), so a re-read never undoes what changed here since. A
 * changed row Kernle soft-deleted (`deleted = 1`) is read too: the memory it became is archived.
 */
import type { ForeignDb } from './foreign-sqlite';
import { checkSchema, KERNLE_TABLES, type KernleRow, type KernleSource, type KernleTable, STACKED_TABLES, stacksOf } from './kernle-source';
import { type ReadRow, readLiveSqlite, REREAD_MS, skipUnchanged } from './live-sqlite';

/** How far before the newest change seen the next read looks again, in days (julianday units). */
const REREAD_DAYS = REREAD_MS / 86_400_000;

export interface KernleCursor {
  /** The largest rowid read of each table. */
  rowids: Partial<Record<KernleTable, number>>;
  /** The newest `local_updated_at` read (a julian day number), or null before the first read. */
  changedSince: number | null;
  /** Fingerprints of the rows the next read looks back over, by table and rowid (live-sqlite.ts `skipUnchanged`). */
  seen?: Partial<Record<KernleTable, Record<string, string>>>;
}

export const EMPTY_KERNLE_CURSOR: KernleCursor = { rowids: {}, changedSince: null, seen: {} };

export interface KernleChanges {
  source: KernleSource;
  cursor: KernleCursor;
  /** Rows read (new and re-read). */
  read: number;
}

export function readKernleChanges(path: string, stack: string | undefined, cursor: KernleCursor): KernleChanges {
  return readLiveSqlite(path, (db, name) => readSnapshot(db, name, stack, cursor));
}

function readSnapshot(db: ForeignDb, name: string, stack: string | undefined, cursor: KernleCursor): KernleChanges {
  checkSchema(db, name);
  const stacks = stacksOf(db);
  const rows = {} as Record<KernleTable, KernleRow[]>;
  const next: KernleCursor = { rowids: { ...cursor.rowids }, changedSince: cursor.changedSince, seen: {} };
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
    for (const row of all) if (typeof row.__stamp === 'number') next.changedSince = Math.max(next.changedSince ?? 0, row.__stamp);
    const kept = skipUnchanged(all, cursor.seen?.[table] ?? {}, next.changedSince === null ? null : next.changedSince - REREAD_DAYS);
    read += kept.read.length;
    rows[table] = kept.read as KernleRow[];
    if (next.seen) next.seen[table] = kept.seen;
    // Every row, deleted or in another stack, moves the rowid mark: none of them is read again as new.
    const top = db.prepare(`SELECT max(rowid) AS top FROM ${table}`).get() as { top: number | null };
    next.rowids[table] = Math.max(after, top.top ?? 0);
  }
  return { source: { stacks, rows }, cursor: next, read };
}
