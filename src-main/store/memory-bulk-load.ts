/**
 * A bulk load of memories into a mind that holds none yet, for an import that brings every
 * memory's version history with it (the Mindloom JSON import into a fresh mind).
 *
 * Row by row, each memory's insert triggers write its search-index row, count it in the tallies
 * and open a first version that such an import then replaces with the file's own; and because each
 * insert is a statement of its own, the full-text index flushes to disk after every one of them,
 * so most of a 100k-memory import went there. Instead, the three insert triggers are set aside
 * while the rows go in and their work is done once, over all the rows, before the transaction
 * commits: one INSERT…SELECT into the search index, one GROUP BY into the tallies, the version
 * numbers the replaced versions would have used spent. The mind ends as the row-by-row import
 * leaves it (store/memory-bulk-load.test.ts compares the two).
 *
 * Dropping and re-creating the triggers is DDL inside the import's own transaction: a rollback (a
 * malformed file, a dry run) brings them back with everything else, and no other connection ever
 * sees the mind without them.
 */
import type { Db } from './connection';
import { COUNTED_TALLIES_SQL, ftsTextSql } from './derived-rows';
import { stmt } from './statements';

/** The memories' insert triggers (migrations 0001 and 0005): what a bulk load does once at its end. */
const INSERT_TRIGGERS = ['memories_fts_insert', 'memories_version_insert', 'memory_tallies_insert'] as const;

export interface MemoryBulkLoad {
  /** The set-aside triggers' definitions, in the order they were created, to be created again as they were. */
  readonly triggers: readonly string[];
}

/**
 * Sets the memories' insert triggers aside. Only inside a transaction (the triggers must come back
 * whatever happens) and only on a mind without memories (the work done at the end covers every row).
 */
export function startMemoryBulkLoad(db: Db): MemoryBulkLoad {
  if (!db.inTransaction) throw new Error('a memory bulk load runs inside a transaction');
  if (stmt(db, 'SELECT 1 FROM memories LIMIT 1').get() !== undefined) throw new Error('a memory bulk load starts on a mind without memories');
  const triggers = (
    stmt(db, `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${INSERT_TRIGGERS.map((name) => `'${name}'`).join(', ')}) ORDER BY rowid`).all() as {
      name: string;
      sql: string;
    }[]
  );
  if (triggers.length !== INSERT_TRIGGERS.length) throw new Error(`the memories' insert triggers are not all there (found ${triggers.map((t) => t.name).join(', ')})`);
  for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
  return { triggers: triggers.map((t) => t.sql) };
}

/**
 * Does the set-aside triggers' work over every memory now in the mind and puts the triggers back.
 * The memories' versions are the importer's to write; only their numbers are taken, as the
 * version trigger's row per memory would have taken them (the sequence's high-water mark).
 */
export function finishMemoryBulkLoad(db: Db, load: MemoryBulkLoad): void {
  stmt(db, `INSERT INTO memories_fts (rowid, text) SELECT m.seq, ${ftsTextSql('m')} FROM memories m ORDER BY m.seq`).run();
  stmt(db, `INSERT INTO memory_tallies (type, status, tier, review, bucket, n) ${COUNTED_TALLIES_SQL}`).run();
  const loaded = (stmt(db, 'SELECT count(*) AS n FROM memories').get() as { n: number }).n;
  if (loaded > 0) spendVersionNumbers(db, loaded);
  for (const sql of load.triggers) db.exec(sql);
}

function spendVersionNumbers(db: Db, count: number): void {
  const raised = stmt(db, `UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'memory_versions'`).run(count);
  if (raised.changes === 0) stmt(db, `INSERT INTO sqlite_sequence (name, seq) VALUES ('memory_versions', ?)`).run(count);
}
