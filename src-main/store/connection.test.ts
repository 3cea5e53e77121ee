import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MindError } from '../../shared/errors';
import { knownSchemaVersion, openStore } from './connection';
import { writeOlderMind } from './store-test-support';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function expectMindError(work: () => unknown, code: string): MindError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(MindError);
    expect((error as MindError).code).toBe(code);
    return error as MindError;
  }
  throw new Error(`expected a ${code} error`);
}

/**
 * Whether another program could take the file for itself right now: SQLite's own test for "am I
 * the last connection" (a closing connection that gets this lock folds the write-ahead log in and
 * deletes it). While a connection of ours is open it must not.
 */
function anotherProgramGetsExclusiveLock(path: string): boolean {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const probe = `const D = require(${JSON.stringify(driver)}); const d = new D(process.argv[1], { timeout: 0 });
    d.pragma('locking_mode = EXCLUSIVE');
    try { d.prepare('SELECT count(*) FROM sqlite_master').get(); process.stdout.write('taken'); } catch (e) { process.stdout.write(String(e.code)); }
    d.close();`;
  const answer = execFileSync(process.execPath, ['-e', probe, path], { encoding: 'utf8' });
  if (answer !== 'taken' && answer !== 'SQLITE_BUSY') throw new Error(`unexpected probe answer: ${answer}`);
  return answer === 'taken';
}

describe('opening a mind file', () => {
  it('creates a new file with WAL, foreign keys and a busy timeout', () => {
    const path = join(dir, 'new.mind');
    const store = openStore(path);
    try {
      expect(store.schemaVersion).toBe(knownSchemaVersion());
      expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(store.db.pragma('busy_timeout', { simple: true })).toBe(5000);
      expect(store.db.pragma('user_version', { simple: true })).toBe(knownSchemaVersion());
      expect(store.backupPath).toBeNull();
    } finally {
      store.close();
    }
  });

  it('reopens its own file without migrating or backing up again', () => {
    const path = join(dir, 'again.mind');
    openStore(path).close();
    const store = openStore(path);
    expect(store.backupPath).toBeNull();
    store.close();
  });

  it('backs up an older mind beside it before migrating, and the backup keeps the old schema', () => {
    const path = join(dir, 'old.mind');
    writeOlderMind(dir, path, 1);
    const store = openStore(path);
    try {
      expect(store.backupPath).not.toBeNull();
      expect(store.backupPath?.startsWith(`${path}.v1-`)).toBe(true);
      const names = store.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'memories_fts'`).all();
      expect(names).toHaveLength(1);
    } finally {
      store.close();
    }
    const backup = new Database(store.backupPath as string, { readonly: true });
    try {
      expect(backup.pragma('user_version', { simple: true })).toBe(1);
      expect(backup.prepare(`SELECT name FROM sqlite_master WHERE name = 'memories_fts'`).all()).toHaveLength(0);
    } finally {
      backup.close();
    }
  });

  it('migrates with room to sort in memory, then gives the connection back its usual page cache', () => {
    const fresh = new Database(':memory:');
    const usual = { cache: fresh.pragma('cache_size', { simple: true }), temp: fresh.pragma('temp_store', { simple: true }) };
    fresh.close();
    const path = join(dir, 'older.mind');
    writeOlderMind(dir, path, 15);
    const store = openStore(path);
    try {
      expect(store.backupPath).not.toBeNull();
      expect({ cache: store.db.pragma('cache_size', { simple: true }), temp: store.db.pragma('temp_store', { simple: true }) }).toEqual(usual);
    } finally {
      store.close();
    }
  });

  it('refuses a file written by a newer schema, naming both versions, and leaves it untouched', () => {
    const path = join(dir, 'newer.mind');
    openStore(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${knownSchemaVersion() + 3}`);
    db.close();
    const before = readFileSync(path);
    const error = expectMindError(() => openStore(path), 'schema_too_new');
    expect(error.message).toContain(`v${knownSchemaVersion() + 3}`);
    expect(error.message).toContain(`v${knownSchemaVersion()}`);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a file that is not SQLite and does not modify it', () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'just some text, not a database at all');
    expectMindError(() => openStore(path), 'not_a_mind');
    expect(readFileSync(path, 'utf8')).toBe('just some text, not a database at all');
  });

  it('refuses a SQLite database of another program without adding tables to it', () => {
    const path = join(dir, 'other.db');
    const other = new Database(path);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    other.close();
    expectMindError(() => openStore(path), 'not_a_mind');
    const check = new Database(path, { readonly: true });
    expect(check.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all()).toEqual([{ name: 'notes' }]);
    check.close();
  });

  it('reports a damaged file as corrupt', () => {
    const path = join(dir, 'damaged.mind');
    openStore(path).close();
    const bytes = readFileSync(path);
    // Keep the header, wreck the pages after it.
    for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    writeFileSync(path, bytes);
    const error = expectMindError(() => openStore(path), 'corrupt_file');
    expect(error.message).toContain(path);
  });

  it('refuses a folder, and a missing file when it must exist', () => {
    expectMindError(() => openStore(dir), 'not_a_mind');
    expectMindError(() => openStore(join(dir, 'missing.mind'), { mustExist: true }), 'not_found');
    const inMissingFolder = expectMindError(() => openStore(join(dir, 'no-such-folder', 'new.mind')), 'not_found');
    expect(inMissingFolder.message).toContain('folder does not exist');
  });

  it('treats an empty file as a new mind', () => {
    const path = join(dir, 'empty.mind');
    writeFileSync(path, '');
    const store = openStore(path);
    expect(store.schemaVersion).toBe(knownSchemaVersion());
    store.close();
  });

  it('keeps its hold on the file when the same process opens it again, so no other program deletes the log under it', () => {
    const path = join(dir, 'held.mind');
    const session = openStore(path);
    try {
      expect(anotherProgramGetsExclusiveLock(path)).toBe(false);
      // The scheduler's connection beside the session's: opening it once read the file directly,
      // and closing that descriptor dropped every lock the process held on it.
      openStore(path).close();
      expect(anotherProgramGetsExclusiveLock(path)).toBe(false);
    } finally {
      session.close();
    }
    expect(anotherProgramGetsExclusiveLock(path)).toBe(true);
  });

  it('keeps its hold on the file through the backup it makes before migrating', () => {
    const path = join(dir, 'upgraded.mind');
    writeOlderMind(dir, path, 1);
    const store = openStore(path);
    try {
      expect(store.backupPath).not.toBeNull();
      expect(anotherProgramGetsExclusiveLock(path)).toBe(false);
    } finally {
      store.close();
    }
  });

  it('takes the write lock before reading: a second writer meanwhile gets a typed store_busy, nothing half-checked', () => {
    const path = join(dir, 'busy.mind');
    const first = openStore(path);
    const second = openStore(path);
    second.db.pragma('busy_timeout = 50');
    try {
      const seen = first.transaction(() => {
        const error = expectMindError(() => second.transaction(() => second.db.prepare(`INSERT INTO meta VALUES ('k', 'v')`).run()), 'store_busy');
        return error.message;
      });
      expect(seen).toContain('nothing was written');
      expect(second.db.prepare(`SELECT value FROM meta WHERE key = 'k'`).get()).toBeUndefined();
    } finally {
      second.close();
      first.close();
    }
  });

  it('zeroes deleted bytes, so overwritten words do not linger in the file', () => {
    const path = join(dir, 'secure.mind');
    const store = openStore(path);
    try {
      expect(store.db.pragma('secure_delete', { simple: true })).toBe(1);
      store.db.prepare(`INSERT INTO meta VALUES ('secret', 'XYZZY-PLUGH-PHRASE')`).run();
      store.db.pragma('wal_checkpoint(TRUNCATE)');
      store.db.prepare(`DELETE FROM meta WHERE key = 'secret'`).run();
      store.db.pragma('wal_checkpoint(TRUNCATE)');
      expect(readFileSync(path).includes('XYZZY-PLUGH-PHRASE')).toBe(false);
    } finally {
      store.close();
    }
  });
});
