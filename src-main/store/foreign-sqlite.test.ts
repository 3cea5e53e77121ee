/**
 * Another system's SQLite file is read from a private copy: rows still in its write-ahead log are
 * seen while the writer holds the file open, no side file appears beside a source that had none,
 * and SQLite's verdicts name the file.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MindError } from '../../shared/errors';
import { readForeignSqlite, requireTables } from './foreign-sqlite';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-foreign-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const count = (path: string) => readForeignSqlite(path, (db) => (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n);

describe('reading a foreign SQLite file', () => {
  it('sees what a busy writer has only in its write-ahead log, and leaves the source folder as it was', () => {
    const path = join(dir, 'agent.db');
    const writer = new Database(path);
    try {
      writer.pragma('journal_mode = WAL');
      writer.pragma('wal_autocheckpoint = 0');
      writer.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, words TEXT)');
      const insert = writer.prepare('INSERT INTO notes (words) VALUES (?)');
      for (let i = 0; i < 50; i++) insert.run(`note ${i}`);
      const files = readdirSync(dir).sort();
      expect(files).toEqual(['agent.db', 'agent.db-shm', 'agent.db-wal']);
      expect(count(path)).toBe(50);
      expect(readdirSync(dir).sort()).toEqual(files);
    } finally {
      writer.close();
    }
    // Closed and checkpointed: the source is one file, and reading it adds none beside it.
    expect(readdirSync(dir)).toEqual(['agent.db']);
    expect(count(path)).toBe(50);
    expect(readdirSync(dir)).toEqual(['agent.db']);
  });

  it('names a file that is missing, not SQLite, or lacks a table the reader needs', () => {
    const refusal = (path: string, read: Parameters<typeof readForeignSqlite>[1] = () => null) => {
      try {
        readForeignSqlite(path, read);
      } catch (error) {
        return error instanceof MindError ? [error.code, error.message] : ['not a MindError', String(error)];
      }
      return null;
    };
    expect(refusal(join(dir, 'gone.db'))).toEqual(['unreadable_file', 'gone.db: cannot be opened (no such file).']);
    const text = join(dir, 'notes.db');
    writeFileSync(text, 'plain words, no database\n'.repeat(100));
    expect(refusal(text, (db) => db.prepare('SELECT 1 FROM sqlite_master').all())).toEqual(['unreadable_file', 'notes.db: not a SQLite database.']);
    const empty = join(dir, 'empty.db');
    new Database(empty).close();
    expect(refusal(empty, (db, name) => requireTables(db, name, 'Engram', { episodes: ['id'] }))).toEqual([
      'invalid_input',
      'empty.db: not an Engram database (no episodes table).',
    ]);
  });
});
