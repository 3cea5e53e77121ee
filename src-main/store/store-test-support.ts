/** Test helpers that read tables directly: kept in the store, the only layer that speaks SQL. */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as sqliteVec from 'sqlite-vec';
import { findMigrationsFolder } from './migrations-folder';
import type { Db } from './connection';
import type { JournalRow } from './journal-repo';
import type { MemoryWrite } from './memory-record';

/** Tables a test may count (a fixed list: the name goes into the SQL text). */
export type CountedTable =
  | 'links'
  | 'evidence_refs'
  | 'memory_versions'
  | 'rejections'
  | 'contradictions'
  | 'proposals'
  | 'consolidation_runs'
  | 'consolidation_marks'
  | 'memory_vectors'
  | 'meta';

export function countRows(db: Db, table: CountedTable): number {
  return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** Every memory row as stored, in seq order (tests that compare whole states). */
export function allMemoryRows(db: Db): Record<string, unknown>[] {
  return db.prepare('SELECT * FROM memories ORDER BY seq').all() as Record<string, unknown>[];
}

/** Every row of a table as stored, in rowid order (tests that compare whole states). */
export function allRows(db: Db, table: 'links' | 'contradictions'): Record<string, unknown>[] {
  return db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all() as Record<string, unknown>[];
}

/** The meta table as key → value. */
export function metaEntries(db: Db): Record<string, string> {
  return Object.fromEntries((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
}

/** Journal rows exactly as written, for tests that check the stored form. */
export function storedJournalRows(db: Db, memoryId: string): JournalRow[] {
  return db.prepare('SELECT * FROM journal WHERE memory_id = ? ORDER BY seq').all(memoryId) as JournalRow[];
}

/** A memory row with every column filled, for store-level tests that insert directly. */

export function memoryRow(over: Partial<MemoryWrite> & Pick<MemoryWrite, 'id'>): MemoryWrite {
  return {
    type: 'note',
    content: 'a note',
    fields: {},
    sourceType: 'direct_experience',
    sourceEntity: null,
    confidence: 0.8,
    alpha: null,
    beta: null,
    timesReinforced: 0,
    verificationCount: 0,
    lastVerifiedAt: null,
    lastReinforcedAt: null,
    reviewStatus: null,
    status: 'active',
    protected: false,
    scope: 'global',
    project: null,
    stability: 1,
    accessCount: 0,
    lastAccessedAt: null,
    codeRefCount: 0,
    eventEvidenceCount: 0,
    supersededBy: null,
    createdAt: 1_000,
    updatedAt: 1_000,
    version: 1,
    ...over,
  };
}

/** A mind file migrated only up to `version` (the first `version` migrations), as an older app left it. */
export function writeOlderMind(workDir: string, path: string, version: number): void {
  const source = findMigrationsFolder();
  const partial = join(workDir, `migrations-v${version}`);
  mkdirSync(join(partial, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(source, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, version);
  writeFileSync(join(partial, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) copyFileSync(join(source, `${entry.tag}.sql`), join(partial, `${entry.tag}.sql`));
  const db = new Database(path);
  sqliteVec.load(db);
  migrate(drizzle(db), { migrationsFolder: partial });
  db.pragma(`user_version = ${version}`);
  db.close();
}

/**
 * A whole mind as stored, for tests that compare two minds: its schema (without page numbers, with
 * each table's indexes in the planner's order) and
 * every table's rows, generated columns, tallies, sequences, planner statistics and virtual tables'
 * rows included. Left out: the full-text index's segments (how its b-trees were merged, not what
 * they hold; FTS5's integrity-check holds them to the rows). Sequences and statistics are read in
 * key order: the order their rows were first written in means nothing.
 */
export function wholeMindAsStored(db: Db): Record<string, unknown[]> {
  // FTS5 segments are laid out by the order of writes (one bulk insert or row by row): their words are compared by searching.
  const segments = ['memories_fts_data', 'memories_fts_idx', 'memory_turns_fts_data', 'memory_turns_fts_idx', 'belief_fts_data', 'belief_fts_idx'];
  const tables = (db.prepare(`SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type != 'view' ORDER BY name`).all() as { name: string; wr: number }[]).filter(
    (t) => t.name !== 'sqlite_schema' && !segments.includes(t.name),
  );
  const whole: Record<string, unknown[]> = {
    schema: db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name`).all(),
    // The order the planner meets each table's indexes in (ties between equal plans go to the first).
    indexOrder: db.prepare(`SELECT t.name AS "table", i.seq, i.name FROM sqlite_schema t, pragma_index_list(t.name) i WHERE t.type = 'table' ORDER BY t.name, i.seq`).all(),
  };
  const inKeyOrder = (name: string) =>
    name === 'sqlite_sequence'
      ? 'SELECT name, seq FROM sqlite_sequence ORDER BY name'
      : `SELECT * FROM "${name}" WHERE tbl NOT IN (${segments.map((t) => `'${t}'`).join(', ')}) ORDER BY tbl, idx${name === 'sqlite_stat4' ? ', sample' : ''}`;
  for (const { name, wr } of tables) {
    // A contentless-delete index's `origin` numbers the segment write that brought each row: its sizes are what is compared.
    const sql = name.startsWith('sqlite_s')
      ? inKeyOrder(name)
      : name === 'memory_turns_fts_docsize' || name === 'belief_fts_docsize'
        ? `SELECT id, sz FROM "${name}" ORDER BY id`
        : wr
          ? `SELECT * FROM "${name}"`
          : `SELECT rowid AS "(rowid)", * FROM "${name}" ORDER BY rowid`;
    // Blobs as base64: a deep comparison walks a Buffer byte by byte (a vector chunk is megabytes).
    whole[name] = (db.prepare(sql).all() as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [column, Buffer.isBuffer(value) ? value.toString('base64') : value])),
    );
  }
  return whole;
}

/** Runs SQL on another system's database file (a test's copy of a fixture, changed to be refused). */
export function execOnFile(path: string, sql: string): void {
  const db = new Database(path);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/** The turns whose context (migration 0014's index column) holds all of the words, by seq. */
export function turnsWithContext(db: Db, words: string): number[] {
  return (db.prepare('SELECT rowid FROM memory_turns_fts WHERE memory_turns_fts MATCH ? ORDER BY rowid').all(`context : (${words})`) as { rowid: number }[]).map(
    (r) => r.rowid,
  );
}

/** The turns whose own words (in the turn index) hold all of the words, by seq. */
export function turnsWithOwnWords(db: Db, words: string): number[] {
  return (db.prepare('SELECT rowid FROM memory_turns_fts WHERE memory_turns_fts MATCH ? ORDER BY rowid').all(`own : (${words})`) as { rowid: number }[]).map((r) => r.rowid);
}
