/**
 * Where an import preview tries its rows: a scratch mind in memory with the real schema, its
 * triggers and foreign keys set aside, so each row meets the same columns, types, NOT NULL and
 * CHECK constraints it would meet in the mind, and nothing is written to the mind itself. The
 * preview reads the mind through a read-only connection: it holds no write lock and blocks no one.
 * Rows are thrown away every few thousand (a rolled-back transaction), so memory stays bounded.
 */
import type { Db } from './connection';
import { openStore } from './connection';
import type { ExportRow, ExportTable } from './export-query';
import { insertImportedRow } from './import-writes';

const ROWS_KEPT = 2_000;

export interface ImportRehearsal {
  /** Inserts the row (keys as given) into the scratch mind; throws as the real insert would. */
  tryRow(table: ExportTable, row: ExportRow): void;
  close(): void;
}

export function openImportRehearsal(): ImportRehearsal {
  const store = openStore(':memory:');
  const db: Db = store.db;
  const triggers = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger'`).all() as { name: string }[];
  for (const { name } of triggers) db.exec(`DROP TRIGGER "${name}"`);
  db.pragma('foreign_keys = OFF');
  db.exec('BEGIN');
  let held = 0;
  return {
    tryRow(table, row) {
      try {
        insertImportedRow(db, table, row, true);
      } catch (error) {
        // Whether a row is already there is asked of the mind itself (existingKey); the scratch's own rows say nothing.
        if (!String((error as { code?: unknown }).code).match(/^SQLITE_CONSTRAINT_(PRIMARYKEY|UNIQUE)$/)) throw error;
      }
      held += 1;
      if (held < ROWS_KEPT) return;
      db.exec('ROLLBACK');
      db.exec('BEGIN');
      held = 0;
    },
    close: () => store.close(),
  };
}

/** The read transaction a preview holds across its awaits: one consistent moment of the mind, and no lock that stops a writer. */
export function beginRead(db: Db): void {
  db.exec('BEGIN DEFERRED');
}
