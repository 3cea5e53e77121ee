/**
 * Migrations are append-only. Each has a named test of what it adds, and replaying them all on an
 * empty database must produce exactly the committed schema snapshot (a changed migration, or a
 * schema change without a migration, shows up as a snapshot diff).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from './connection';
import { findMigrationsFolder } from './migrations-folder';

function schemaOf(): string {
  const store = openStore(':memory:');
  try {
    const rows = store.db
      .prepare(
        `SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type, name`,
      )
      .all() as { type: string; name: string; sql: string }[];
    return `${rows.map((r) => `-- ${r.type} ${r.name}\n${r.sql};`).join('\n\n')}\n`;
  } finally {
    store.close();
  }
}

function objectNames(): Set<string> {
  const store = openStore(':memory:');
  try {
    return new Set((store.db.prepare('SELECT name FROM sqlite_master').all() as { name: string }[]).map((r) => r.name));
  } finally {
    store.close();
  }
}

describe('migrations', () => {
  it('are listed in order in the drizzle journal, one file each', () => {
    const folder = findMigrationsFolder();
    const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const entry of journal.entries) expect(readFileSync(join(folder, `${entry.tag}.sql`), 'utf8').length).toBeGreaterThan(0);
  });

  it('0000_init creates the tables of DESIGN §3', () => {
    const names = objectNames();
    for (const table of [
      'memories',
      'memory_versions',
      'links',
      'evidence_refs',
      'journal',
      'contradictions',
      'rejections',
      'consolidation_runs',
      'meta',
    ]) {
      expect(names.has(table), table).toBe(true);
    }
  });

  it('0001_search_and_history adds full-text search, version triggers and the vec0 table', () => {
    const names = objectNames();
    for (const object of [
      'memories_fts',
      'memories_fts_insert',
      'memories_fts_update',
      'memories_fts_delete',
      'memories_version_insert',
      'memories_version_update',
      'memory_vectors',
    ]) {
      expect(names.has(object), object).toBe(true);
    }
  });

  it('0002_list_sorts adds the indexes behind the type and tier sorts and the as-of list order', () => {
    const names = objectNames();
    for (const index of ['memories_type_seq', 'memories_tier_seq', 'memory_versions_updated']) {
      expect(names.has(index), index).toBe(true);
    }
  });

  it('0003_search_secure_delete turns on FTS5 secure-delete, so deleted text leaves the index at once', () => {
    const store = openStore(':memory:');
    try {
      expect(store.db.prepare(`SELECT v FROM memories_fts_config WHERE k = 'secure-delete'`).get()).toEqual({ v: 1 });
    } finally {
      store.close();
    }
  });

  it('0004_consolidation_proposals adds proposals, consolidation marks and the run revert time', () => {
    const names = objectNames();
    for (const object of ['proposals', 'proposals_id', 'proposals_status', 'proposals_run', 'consolidation_marks']) {
      expect(names.has(object), object).toBe(true);
    }
    const store = openStore(':memory:');
    try {
      const columns = (store.db.prepare('PRAGMA table_info(consolidation_runs)').all() as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('reverted_at');
    } finally {
      store.close();
    }
  });

  it('replayed on an empty database, match the committed schema snapshot', async () => {
    await expect(schemaOf()).toMatchFileSnapshot('./__snapshots__/schema.sql');
  });
});
