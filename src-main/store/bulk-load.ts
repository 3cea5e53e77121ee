/**
 * A bulk load into a mind that holds no memories yet, for an import that brings every memory's
 * version history with it (the Mindloom JSON import into a fresh mind).
 *
 * Row by row, each memory's insert triggers write its search-index row, count it in the tallies
 * and open a first version that such an import then replaces with the file's own; and because each
 * insert is a statement of its own, the full-text index flushes to disk after every one of them.
 * Every row of the large tables also goes into each of their secondary indexes, in no useful order.
 * Instead, while the rows go in, the memories' three insert triggers are set aside and so are the
 * non-unique indexes of the large tables that start empty; at the end their work is done once over
 * all the rows: one INSERT…SELECT into the search index, one GROUP BY into the tallies, each index
 * built from sorted rows. Unique indexes stay, so a duplicate row still fails on its own line.
 * The mind ends as the row-by-row import leaves it (host/cli/interop.test.ts compares the two):
 * the same rows, the same schema, indexes in the same order (only those after a table's last
 * unique one are set aside, so the planner meets them as it did).
 *
 * Dropping and re-creating triggers and indexes is DDL inside the import's own transaction: a
 * rollback (a malformed file, a dry run) brings them back with everything else, and no other
 * connection ever sees the mind without them.
 */
import type { Db } from './connection';
import { ACTIVE_BELIEF_SQL, COUNTED_TALLIES_SQL, ftsTextSql, TURNS_SQL } from './derived-rows';
import { stmt } from './statements';

/** The memories' insert triggers (migrations 0001, 0005, 0014 and 0016): their work is done once at the end. */
const INSERT_TRIGGERS = ['memories_fts_insert', 'memories_version_insert', 'memory_tallies_insert', 'memory_turns_insert', 'belief_fts_insert'] as const;

/** The tables a mind's size is in: their secondary indexes are built once at the end when they start empty. */
const LARGE_TABLES = ['memories', 'memory_versions', 'journal', 'links'] as const;

export interface BulkLoad {
  /** The definitions of the triggers and indexes set aside, in the order they were created, to be created again so. */
  readonly setAside: readonly string[];
}

interface SchemaObject {
  type: 'trigger' | 'index';
  name: string;
  tbl_name: string;
  sql: string | null;
  unique: boolean;
}

/**
 * Sets the triggers and indexes aside. Only inside a transaction (they must come back whatever
 * happens) and only on a mind without memories (the work done at the end covers every row).
 */
export function startBulkLoad(db: Db): BulkLoad {
  if (!db.inTransaction) throw new Error('a bulk load runs inside a transaction');
  if (!isEmpty(db, 'memories')) throw new Error('a bulk load starts on a mind without memories');
  const objects = stmt(
    db,
    `SELECT type, name, tbl_name, sql, sql LIKE 'CREATE UNIQUE INDEX%' AS "unique" FROM sqlite_master
     WHERE (type = 'trigger' AND name IN (${INSERT_TRIGGERS.map((name) => `'${name}'`).join(', ')}))
        OR (type = 'index' AND tbl_name IN (${LARGE_TABLES.map((name) => `'${name}'`).join(', ')}))
     ORDER BY rowid`,
  ).all() as SchemaObject[];
  const triggers = objects.filter((o) => o.type === 'trigger');
  if (triggers.length !== INSERT_TRIGGERS.length) throw new Error(`the memories' insert triggers are not all there (found ${triggers.map((t) => t.name).join(', ')})`);
  const setAside = [...triggers, ...LARGE_TABLES.filter((table) => isEmpty(db, table)).flatMap((table) => deferrableIndexes(objects, table))];
  for (const { type, name } of setAside) db.exec(`DROP ${type === 'trigger' ? 'TRIGGER' : 'INDEX'} "${name}"`);
  return { setAside: setAside.map((o) => o.sql as string) };
}

/** A table's indexes after its last unique one (or an automatic one, sql null): all of them non-unique. */
function deferrableIndexes(objects: readonly SchemaObject[], table: string): SchemaObject[] {
  const indexes = objects.filter((o) => o.type === 'index' && o.tbl_name === table);
  const lastUnique = indexes.findLastIndex((index) => index.unique || index.sql === null);
  return indexes.slice(lastUnique + 1);
}

/**
 * Does the set-aside triggers' work over every memory now in the mind, then creates the triggers
 * and indexes again. The memories' versions are the importer's to write; only their numbers are
 * taken, as the version trigger's row per memory would have taken them (the sequence's high-water mark).
 */
export function finishBulkLoad(db: Db, load: BulkLoad): void {
  stmt(db, `INSERT INTO memories_fts (rowid, text) SELECT m.seq, ${ftsTextSql('m')} FROM memories m ORDER BY m.seq`).run();
  stmt(db, `INSERT INTO belief_fts (rowid, text) SELECT m.seq, ${ftsTextSql('m')} FROM memories m WHERE ${ACTIVE_BELIEF_SQL('m')} ORDER BY m.seq`).run();
  stmt(db, `INSERT INTO memory_tallies (type, status, tier, review, bucket, n) ${COUNTED_TALLIES_SQL}`).run();
  stmt(db, `INSERT INTO memory_turns (seq, conversation, at, speaker) ${TURNS_SQL}`).run();
  stmt(db, 'INSERT INTO memory_turns_fts (rowid, own, context) SELECT seq, own, context FROM memory_turn_context').run();
  const loaded = (stmt(db, 'SELECT count(*) AS n FROM memories').get() as { n: number }).n;
  if (loaded > 0) spendVersionNumbers(db, loaded);
  for (const sql of load.setAside) db.exec(sql);
}

function isEmpty(db: Db, table: (typeof LARGE_TABLES)[number]): boolean {
  return stmt(db, `SELECT 1 FROM ${table} LIMIT 1`).get() === undefined;
}

function spendVersionNumbers(db: Db, count: number): void {
  const raised = stmt(db, `UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'memory_versions'`).run(count);
  if (raised.changes === 0) stmt(db, `INSERT INTO sqlite_sequence (name, seq) VALUES ('memory_versions', ?)`).run(count);
}
