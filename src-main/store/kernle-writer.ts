/**
 * Writes a database in Kernle's schema (the benchmark's generated `memories.db`): the schema's SQL
 * as Kernle ships it, then each table's rows in one transaction. Only the bench writes Kernle files;
 * the importer only reads them (kernle-source.ts); the linked-source tests add and change rows as an agent would.
 */
import Database from 'better-sqlite3';
import { nativeBinding } from './connection';

export function writeKernleDatabase(path: string, schemaSql: string, tables: Readonly<Record<string, readonly Record<string, unknown>[]>>): void {
  const db = new Database(path, nativeBinding());
  try {
    db.exec(schemaSql);
    db.transaction(() => {
      for (const [table, rows] of Object.entries(tables)) {
        const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
        if (columns.length === 0) continue;
        const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
        for (const row of rows) insert.run(Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
      }
    })();
  } finally {
    db.close();
  }
}

/** Test support: rows added to (or changed in) a Kernle database as its agent would, in WAL mode, one transaction. */
export function writeKernleRows(path: string, table: string, rows: readonly Record<string, unknown>[], mode: 'insert' | 'update' = 'insert'): void {
  const db = new Database(path, { fileMustExist: true, ...nativeBinding() });
  try {
    db.pragma('journal_mode = WAL');
    db.transaction(() => {
      for (const row of rows) {
        const columns = Object.keys(row);
        const sql =
          mode === 'insert'
            ? `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`
            : `UPDATE ${table} SET ${columns.filter((c) => c !== 'id').map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`;
        db.prepare(sql).run(row);
      }
    })();
  } finally {
    db.close();
  }
}
