/**
 * The writes of a Mindloom JSON import (interop/json-import.ts): a row is looked up by what makes
 * it the same row (a memory by its id, a link by its ends and kind, a journal row by its time, actor,
 * operation and content...), inserted when absent under the key it had when that key is free, and
 * its new key returned so rows that refer to it can follow. SQLite's own constraints check the rest.
 */
import type Database from 'better-sqlite3';
import type { Db } from './connection';
import { type ExportRow, type ExportTable, storedColumns, TABLE_KEY } from './export-query';
import { stmt } from './statements';

/**
 * The key of the row already in the mind that is this row, or null. Rows are matched on what
 * identifies them, never on their integer key (that depends on the mind they were written in).
 */
export function existingKey(db: Db, table: ExportTable, row: ExportRow): number | string | null {
  const found = (sql: string, ...values: unknown[]) => {
    const hit = stmt(db, sql).get(...values) as { key: number | string } | undefined;
    return hit?.key ?? null;
  };
  switch (table) {
    case 'meta':
      return found('SELECT key FROM meta WHERE key = ?', row.key);
    case 'consolidation_runs':
      return found('SELECT id AS key FROM consolidation_runs WHERE id = ?', row.id);
    case 'memories':
      return found('SELECT seq AS key FROM memories WHERE id = ?', row.id);
    case 'journal':
      return found(
        `SELECT seq AS key FROM journal WHERE at = ? AND actor = ? AND op = ? AND memory_id IS ? AND run_id IS ? AND before IS ? AND after IS ? AND reason IS ? LIMIT 1`,
        row.at, row.actor, row.op, row.memory_id ?? null, row.run_id ?? null, row.before ?? null, row.after ?? null, row.reason ?? null,
      );
    case 'links':
      return found('SELECT seq AS key FROM links WHERE from_seq = ? AND kind = ? AND to_seq = ?', row.from_seq, row.kind, row.to_seq);
    case 'evidence_refs':
      return found('SELECT seq AS key FROM evidence_refs WHERE memory_seq = ? AND kind = ? AND ref = ?', row.memory_seq, row.kind, row.ref);
    case 'contradictions':
      return found('SELECT seq AS key FROM contradictions WHERE id = ? OR (a_seq = ? AND b_seq = ?)', row.id, row.a_seq, row.b_seq);
    case 'rejections':
      return found('SELECT seq AS key FROM rejections WHERE fingerprint = ? AND created_at = ? AND text = ? LIMIT 1', row.fingerprint, row.created_at, row.text);
    case 'proposals':
      return found('SELECT seq AS key FROM proposals WHERE id = ?', row.id);
    case 'consolidation_marks':
      return found('SELECT seq AS key FROM consolidation_marks WHERE seq = ?', row.seq);
    case 'belief_explanations':
      return found('SELECT memory_seq AS key FROM belief_explanations WHERE memory_seq = ?', row.memory_seq);
    case 'memory_origins':
      return found('SELECT memory_seq AS key FROM memory_origins WHERE system = ? AND original_id = ?', row.system, row.original_id);
    case 'memory_vectors':
      return found('SELECT rowid AS key FROM memory_vectors WHERE rowid = ?', BigInt(row.rowid as number));
    case 'memory_versions':
      // Only the versions of a memory this import wrote come: they are there already when an interrupted import is run again.
      return found('SELECT version_seq AS key FROM memory_versions WHERE seq = ? AND valid_from = ? AND version IS ? LIMIT 1', row.seq, row.valid_from, row.version ?? null);
  }
}

const columnCache = new WeakMap<Db, Map<ExportTable, Set<string>>>();

/** The columns a row of `table` may carry in this mind. */
export function importableColumns(db: Db, table: ExportTable): Set<string> {
  let tables = columnCache.get(db);
  if (!tables) {
    tables = new Map();
    columnCache.set(db, tables);
  }
  let columns = tables.get(table);
  if (!columns) {
    columns = new Set(storedColumns(db, table));
    tables.set(table, columns);
  }
  return columns;
}

/**
 * The table's highest integer key, or null when it is empty. An import keeps the file's keys in a
 * table only while it is the table's one writer: between two of its transactions another may write.
 */
export function highestKey(db: Db, table: ExportTable): number | null {
  const row = stmt(db, `SELECT max("${TABLE_KEY[table]}") AS key FROM ${table}`).get() as { key: number | null };
  return row.key;
}

/** Whether the table holds no rows yet: an import keeps the file's keys only in an empty table. */
export function tableIsEmpty(db: Db, table: ExportTable): boolean {
  return stmt(db, `SELECT 1 FROM ${table} LIMIT 1`).get() === undefined;
}

/**
 * Inserts the row and returns the key it got: its own with `keepKey` (a table that was empty
 * takes the file's keys as they were, so ids, seqs and the journal read exactly as they did),
 * otherwise the next free one, so rows keep the file's order after the mind's own.
 */
export function insertImportedRow(db: Db, table: ExportTable, row: ExportRow, keepKey: boolean): number | string {
  if (table === 'memory_vectors') {
    const rowid = BigInt(row.rowid as number);
    stmt(db, 'INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)').run(rowid, Buffer.from(row.embedding as string, 'base64'));
    return Number(rowid);
  }
  const key = TABLE_KEY[table];
  const statement = insertStatement(db, table, row);
  const values: unknown[] = [];
  for (const column in row) values.push(column === key && !keepKey && typeof row[column] === 'number' ? null : row[column]);
  const result = statement.run(values);
  return typeof row[key] === 'string' ? (row[key] as string) : Number(result.lastInsertRowid);
}

const lastInserts = new WeakMap<Db, Map<string, { columns: readonly string[]; statement: Database.Statement }>>();

/**
 * The INSERT of `rows` rows with this row's columns. Every row of a table in a file has the same
 * columns, so the last statement is kept per table and only the column names compared: a
 * million-row import neither builds nor looks up its SQL text once per row.
 */
function insertStatement(db: Db, table: ExportTable, row: ExportRow, rows = 1): Database.Statement {
  let last = lastInserts.get(db);
  if (!last) {
    last = new Map();
    lastInserts.set(db, last);
  }
  const slot = `${table} ${rows}`;
  const previous = last.get(slot);
  if (previous && hasColumns(row, previous.columns)) return previous.statement;
  const columns = Object.keys(row);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const values = Array.from({ length: rows }, () => tuple).join(', ');
  const statement = stmt(db, `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${values}`);
  last.set(slot, { columns, statement });
  return statement;
}

/** Whether the row's columns are these, in this order (the order its values are bound in). */
function hasColumns(row: ExportRow, columns: readonly string[]): boolean {
  let i = 0;
  for (const column in row) {
    if (columns[i] !== column) return false;
    i += 1;
  }
  return i === columns.length;
}

/** Rows one INSERT writes together into a table that keeps the file's keys: one statement to step instead of 32. */
export const IMPORT_BATCH_ROWS = 32;

/**
 * Rows of one table held back to go in together, each keeping its key: only into a table that
 * was empty (nothing to look up, and each row's key is its own, known before it is written).
 */
export class ImportBatch {
  private readonly held: ExportRow[] = [];
  private readonly columns: readonly string[];

  constructor(
    readonly table: ExportTable,
    first: ExportRow,
  ) {
    this.columns = Object.keys(first);
  }

  get rows(): readonly ExportRow[] {
    return this.held;
  }

  add(row: ExportRow): void {
    this.held.push(row);
  }

  isFull(): boolean {
    return this.held.length === IMPORT_BATCH_ROWS;
  }

  /** Whether the row may join: the same table and columns, its own key, and room left. */
  accepts(table: ExportTable, row: ExportRow): boolean {
    return table === this.table && this.held.length < IMPORT_BATCH_ROWS && typeof row[TABLE_KEY[table]] === 'number' && hasColumns(row, this.columns);
  }
}

/** Whether a row of this table can wait in a batch (vectors are converted one by one, meta rows are keyed by text). */
export function batchable(table: ExportTable, row: ExportRow): boolean {
  return table !== 'memory_vectors' && typeof row[TABLE_KEY[table]] === 'number';
}

/**
 * Writes a full batch as one statement, which SQLite applies whole or not at all: when it fails,
 * the caller writes the rows one by one to learn which one does not fit.
 */
export function insertImportBatch(db: Db, batch: ImportBatch): void {
  if (!batch.isFull()) throw new Error(`a batch of ${IMPORT_BATCH_ROWS} rows is written together, not ${batch.rows.length}`);
  const values: unknown[] = [];
  for (const row of batch.rows) for (const column in row) values.push(row[column]);
  insertStatement(db, batch.table, batch.rows[0] as ExportRow, IMPORT_BATCH_ROWS).run(values);
}

/** The version row the insert trigger wrote for a memory just imported: its exported history replaces it. */
export function dropTriggerVersions(db: Db, memorySeq: number): void {
  stmt(db, 'DELETE FROM memory_versions WHERE seq = ?').run(memorySeq);
}

/**
 * One of an import's short write transactions: IMMEDIATE, so the write lock is taken before the
 * first read, and released by its commit well before another writer's busy wait runs out.
 */
export function beginImmediate(db: Db): void {
  db.exec('BEGIN IMMEDIATE');
}

export function commit(db: Db): void {
  db.exec('COMMIT');
}

export function rollback(db: Db): void {
  if (db.inTransaction) db.exec('ROLLBACK');
}

/** A journal row that opened its own action names itself: when its seq changed on import, so does its action. */
export function selfActionJournalRow(db: Db, seq: number): void {
  stmt(db, 'UPDATE journal SET action_id = seq WHERE seq = ?').run(seq);
}

/**
 * The import's own connection: a page cache large enough that a big import's indexes stay in
 * memory instead of spilling to the write-ahead log page by page mid-transaction.
 */
export function tuneForImport(db: Db): void {
  db.pragma('cache_size = -524288');
  db.pragma('temp_store = MEMORY');
}
