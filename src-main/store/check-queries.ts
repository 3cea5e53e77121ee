/**
 * The queries behind `mindloom check`: SQLite's own integrity check, and the mind's invariants
 * (link ends, superseded beliefs and their successors, the tallies, the full-text index, the
 * version history). Each finds problems and returns a count and the first few; the repairs of
 * what can be derived from the rows (tallies, the full-text index) are here too.
 */
import type { Db } from './connection';
import { COUNTED_TALLIES_SQL, ftsTextSql } from './derived-rows';
import { stmt } from './statements';

/** Problems found by one query: how many, and the first few as rows. */
export interface Found<T> {
  count: number;
  samples: T[];
}

const SAMPLES = 20;

/**
 * SQLite's `integrity_check` (virtual tables' own checks included): its messages, or [] when the
 * file is sound. `quick` runs `quick_check`: every page and b-tree, without matching each index to
 * its table (about a third of the time on a large mind).
 */
export function integrityProblems(db: Db, options: { quick?: boolean } = {}): string[] {
  const pragma = options.quick ? 'quick_check' : 'integrity_check';
  let rows: Record<string, string>[];
  // One read snapshot for the refresh and the check: nothing another connection commits between them.
  const ownTransaction = !db.inTransaction;
  try {
    if (ownTransaction) db.exec('BEGIN');
    refreshFullTextIndexes(db);
    rows = db.pragma(`${pragma}(100)`) as Record<string, string>[];
  } catch (error) {
    // Damage bad enough stops the check itself.
    return [(error as Error).message];
  } finally {
    if (ownTransaction && db.inTransaction) db.exec('COMMIT');
  }
  const messages = rows.map((row) => row[pragma] as string);
  return messages.length === 1 && messages[0] === 'ok' ? [] : messages;
}

/**
 * FTS5 keeps each index's structure cached on the connection and looks again only when a cursor
 * opens or a write begins; its integrity check does neither. On a connection whose last full-text
 * read came before another connection's writes (a consolidation run in its worker), the check
 * reads segments merged away since and reports damage the file does not have. Opening a cursor on
 * each index first makes FTS5 notice the newer data.
 */
function refreshFullTextIndexes(db: Db): void {
  const indexes = stmt(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'").all() as { name: string }[];
  for (const { name } of indexes) db.prepare(`SELECT rowid FROM "${name.replaceAll('"', '""')}" LIMIT 1`).get();
}

/** Integrity messages about the search index alone: rebuilding the index from its rows heals them. */
export function onlySearchIndexDamaged(messages: readonly string[]): boolean {
  return messages.length > 0 && messages.every((message) => message.includes('memories_fts'));
}

function found<T>(countSql: string, sampleSql: string, db: Db): Found<T> {
  const count = (stmt(db, countSql).get() as { n: number }).n;
  return { count, samples: count === 0 ? [] : (stmt(db, `${sampleSql} LIMIT ${SAMPLES}`).all() as T[]) };
}

export interface DanglingLink {
  fromSeq: number;
  toSeq: number;
  kind: string;
  missing: 'from' | 'to' | 'both';
}

/** Links with an end that is no memory at all (a forgotten memory keeps its row: its tombstone is an end). */
export function danglingLinks(db: Db): Found<DanglingLink> {
  const where = `NOT EXISTS (SELECT 1 FROM memories m WHERE m.seq = l.from_seq) OR NOT EXISTS (SELECT 1 FROM memories m WHERE m.seq = l.to_seq)`;
  return found(
    `SELECT count(*) AS n FROM links l WHERE ${where}`,
    `SELECT l.from_seq AS fromSeq, l.to_seq AS toSeq, l.kind,
       CASE WHEN NOT EXISTS (SELECT 1 FROM memories m WHERE m.seq = l.from_seq)
         THEN CASE WHEN NOT EXISTS (SELECT 1 FROM memories m WHERE m.seq = l.to_seq) THEN 'both' ELSE 'from' END
         ELSE 'to' END AS missing
     FROM links l WHERE ${where} ORDER BY l.seq`,
    db,
  );
}

export interface OrphanedSupersession {
  id: string;
  supersededBy: string | null;
  problem: 'no_successor' | 'successor_missing' | 'no_link';
}

/**
 * Superseded memories whose successor is not there: none named, a name that is no memory, or a
 * successor without the link that says it replaced this one (supersedes, merged_from or split_from).
 */
export function supersededWithoutSuccessor(db: Db): Found<OrphanedSupersession> {
  const problem = `CASE
      WHEN m.superseded_by IS NULL THEN 'no_successor'
      WHEN NOT EXISTS (SELECT 1 FROM memories s WHERE s.id = m.superseded_by) THEN 'successor_missing'
      WHEN NOT EXISTS (SELECT 1 FROM memories s JOIN links l ON l.from_seq = s.seq
                       WHERE s.id = m.superseded_by AND l.to_seq = m.seq AND l.kind IN ('supersedes', 'merged_from', 'split_from')
                         AND l.voided_at IS NULL) THEN 'no_link'
    END`;
  return found(
    `SELECT count(*) AS n FROM memories m WHERE m.status = 'superseded' AND ${problem} IS NOT NULL`,
    `SELECT m.id, m.superseded_by AS supersededBy, ${problem} AS problem FROM memories m
     WHERE m.status = 'superseded' AND ${problem} IS NOT NULL ORDER BY m.seq`,
    db,
  );
}

export interface TallyMismatch {
  type: string;
  status: string;
  tier: string;
  review: string;
  bucket: number;
  counted: number;
  tallied: number;
}

/** Tally rows that disagree with a count of the memories (missing, extra, or a different number). */
export function tallyMismatches(db: Db): TallyMismatch[] {
  return stmt(
    db,
    `WITH counted AS (${COUNTED_TALLIES_SQL}), tallied AS (SELECT type, status, tier, review, bucket, n FROM memory_tallies WHERE n != 0)
     SELECT c.type, c.status, c.tier, c.review, c.bucket, c.n AS counted, coalesce(t.n, 0) AS tallied
       FROM counted c LEFT JOIN tallied t USING (type, status, tier, review, bucket) WHERE t.n IS NOT c.n
     UNION ALL
     SELECT t.type, t.status, t.tier, t.review, t.bucket, 0 AS counted, t.n AS tallied
       FROM tallied t LEFT JOIN counted c USING (type, status, tier, review, bucket) WHERE c.n IS NULL`,
  ).all() as TallyMismatch[];
}

/** Recounts the tallies from the memories. */
export function rebuildTallies(db: Db): void {
  stmt(db, 'DELETE FROM memory_tallies').run();
  stmt(db, `INSERT INTO memory_tallies (type, status, tier, review, bucket, n) ${COUNTED_TALLIES_SQL}`).run();
}

export interface SearchIndexProblems {
  /** Memories with no search row, or one whose text is not theirs. */
  stale: Found<{ seq: number; id: string; problem: 'missing' | 'different' }>;
  /** Search rows of no memory. */
  extra: Found<{ seq: number }>;
  /** The index's own structure disagrees with its rows (FTS5 integrity-check); null when it agrees. */
  structure: string | null;
}

const STALE_FTS = `FROM memories m LEFT JOIN memories_fts f ON f.rowid = m.seq WHERE f.rowid IS NULL OR f.text IS NOT (${ftsTextSql('m')})`;
const EXTRA_FTS = `FROM memories_fts f WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.seq = f.rowid)`;

export function searchIndexProblems(db: Db): SearchIndexProblems {
  return {
    stale: found(
      `SELECT count(*) AS n ${STALE_FTS}`,
      `SELECT m.seq, m.id, CASE WHEN f.rowid IS NULL THEN 'missing' ELSE 'different' END AS problem ${STALE_FTS} ORDER BY m.seq`,
      db,
    ),
    extra: found(`SELECT count(*) AS n ${EXTRA_FTS}`, `SELECT f.rowid AS seq ${EXTRA_FTS} ORDER BY f.rowid`, db),
    structure: ftsStructureProblem(db),
  };
}

function ftsStructureProblem(db: Db): string | null {
  try {
    stmt(db, `INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)`).run();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Brings the search index in step with the memories: rows of no memory go, missing or different
 * ones are written again from the memory, and an index whose structure is damaged is rebuilt from
 * its rows. Returns how many rows were written or removed.
 */
export function repairSearchIndex(db: Db): number {
  if (ftsStructureProblem(db) !== null) stmt(db, `INSERT INTO memories_fts(memories_fts) VALUES ('rebuild')`).run();
  const extra = stmt(db, `DELETE FROM memories_fts WHERE rowid IN (SELECT f.rowid ${EXTRA_FTS})`).run().changes;
  const stale = (stmt(db, `SELECT m.seq ${STALE_FTS}`).all() as { seq: number }[]).map((row) => row.seq);
  const remove = stmt(db, 'DELETE FROM memories_fts WHERE rowid = ?');
  const write = stmt(db, `INSERT INTO memories_fts (rowid, text) SELECT m.seq, ${ftsTextSql('m')} FROM memories m WHERE m.seq = ?`);
  for (const seq of stale) {
    remove.run(seq);
    write.run(seq);
  }
  return extra + stale.length;
}

/**
 * What recall and reflection keep beside the search index, each derived from the memories by
 * triggers: where each conversation turn sits (`memory_turns`), and two word indexes that hold no
 * text of their own (contentless FTS5: `belief_fts` over active beliefs, `memory_turns_fts` over
 * turns and their context). With no text to compare, each is checked by which memories it holds,
 * and repaired by filling it again from the memories, in order (the turn index reads the turns).
 */
const RECALL_INDEXES = [
  {
    name: 'memory_turns',
    holds: 'SELECT seq FROM memory_turns',
    shouldHold: `SELECT seq FROM memories WHERE type = 'raw' AND json_extract(fields, '$.source.conversationId') IS NOT NULL`,
    empty: 'DELETE FROM memory_turns',
    fill: `INSERT INTO memory_turns (seq, conversation, at, speaker)
      SELECT seq, json_extract(fields, '$.source.conversationId'), created_at, coalesce(json_extract(fields, '$.source.role'), source_entity, '')
      FROM memories WHERE type = 'raw' AND json_extract(fields, '$.source.conversationId') IS NOT NULL`,
  },
  {
    name: 'belief_fts',
    holds: 'SELECT rowid AS seq FROM belief_fts',
    shouldHold: `SELECT seq FROM memories WHERE type = 'belief' AND status = 'active'`,
    empty: `INSERT INTO belief_fts(belief_fts) VALUES ('delete-all')`,
    fill: `INSERT INTO belief_fts (rowid, text) SELECT m.seq, ${ftsTextSql('m')} FROM memories m WHERE m.type = 'belief' AND m.status = 'active' ORDER BY m.seq`,
  },
  {
    name: 'memory_turns_fts',
    holds: 'SELECT rowid AS seq FROM memory_turns_fts',
    shouldHold: 'SELECT seq FROM memory_turn_context',
    empty: `INSERT INTO memory_turns_fts(memory_turns_fts) VALUES ('delete-all')`,
    fill: 'INSERT INTO memory_turns_fts (rowid, own, context) SELECT seq, own, context FROM memory_turn_context',
  },
] as const;

export interface RecallIndexProblem {
  index: (typeof RECALL_INDEXES)[number]['name'];
  seq: number;
  problem: 'missing' | 'no_memory';
}

const outOfStepSql = ({ name, holds, shouldHold }: (typeof RECALL_INDEXES)[number]): string =>
  `SELECT '${name}' AS "index", seq, 'missing' AS problem FROM (${shouldHold} EXCEPT ${holds})
   UNION ALL SELECT '${name}', seq, 'no_memory' FROM (${holds} EXCEPT ${shouldHold})`;

/** Memories a recall index lacks, and rows it holds of no memory it should index. */
export function recallIndexProblems(db: Db): Found<RecallIndexProblem> {
  const sql = RECALL_INDEXES.map(outOfStepSql).join(' UNION ALL ');
  return found(`SELECT count(*) AS n FROM (${sql})`, `SELECT * FROM (${sql})`, db);
}

/** Fills again the first recall index out of step and every one after it (which may read it). Returns the names of those filled. */
export function repairRecallIndexes(db: Db): string[] {
  const first = RECALL_INDEXES.findIndex((index) => stmt(db, `SELECT EXISTS (${outOfStepSql(index)}) AS damaged`).pluck().get() === 1);
  if (first === -1) return [];
  const refilled = RECALL_INDEXES.slice(first);
  for (const { empty, fill } of refilled) {
    stmt(db, empty).run();
    stmt(db, fill).run();
  }
  return refilled.map(({ name }) => name);
}

export interface VersionBreak {
  id: string;
  version: number | null;
  problem: 'gap' | 'overlap' | 'not_closed' | 'current_missing';
}

/**
 * Each memory's recorded versions (memory_versions, behind history and time travel) run one after
 * another: each next version is one higher and starts when the previous ended, only the last is
 * open, and the last is the memory's current version.
 */
export function versionBreaks(db: Db): Found<VersionBreak> {
  const breaks = `WITH chained AS (
      SELECT seq, id, version, valid_to, lead(version) OVER w AS next_version, lead(valid_from) OVER w AS next_from
      FROM memory_versions WINDOW w AS (PARTITION BY seq ORDER BY version_seq))
    SELECT id, version, CASE
        WHEN next_version IS NULL THEN 'not_closed'
        WHEN next_version != version + 1 THEN 'gap'
        ELSE 'overlap' END AS problem
      FROM chained
      WHERE (next_version IS NULL AND valid_to IS NOT NULL)
         OR (next_version IS NOT NULL AND (next_version != version + 1 OR valid_to IS NOT next_from))
    UNION ALL
    SELECT m.id, m.version, 'current_missing' AS problem FROM memories m
      WHERE NOT EXISTS (SELECT 1 FROM memory_versions v WHERE v.seq = m.seq AND v.version = m.version AND v.valid_to IS NULL)`;
  return found(`SELECT count(*) AS n FROM (${breaks})`, `SELECT * FROM (${breaks})`, db);
}
