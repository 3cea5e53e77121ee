/**
 * Test support: damage a mind the ways `check` looks for, as a writer that went around Mindloom
 * (another tool, a bad restore, a disk) would leave it. Each damage breaks one invariant only:
 * where a trigger would keep another in step (or break another), it is set aside for the write.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Db } from './connection';

/** Runs `work` with the named triggers dropped, then puts them back as they were. */
function withoutTriggers(db: Db, names: readonly string[], work: () => void): void {
  const saved = names.map((name) => (db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(name) as { sql: string }).sql);
  for (const name of names) db.exec(`DROP TRIGGER ${name}`);
  try {
    work();
  } finally {
    for (const sql of saved) db.exec(sql);
  }
}

const VERSION_TRIGGERS = ['memories_version_update'];

/** A link whose `to` end is no memory. */
export function addDanglingLink(db: Db, fromSeq: number): void {
  db.pragma('foreign_keys = OFF');
  try {
    db.prepare(`INSERT INTO links (from_seq, to_seq, kind, created_at) VALUES (?, 999999, 'derived_from', 0)`).run(fromSeq);
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

/** A belief marked superseded with no successor named (its history is left as it was). */
export function supersedeWithoutSuccessor(db: Db, id: string): void {
  withoutTriggers(db, VERSION_TRIGGERS, () => db.prepare(`UPDATE memories SET status = 'superseded', superseded_by = NULL WHERE id = ?`).run(id));
}

/** One tally row counts three too many, and a tally row counts memories that do not exist. */
export function skewTallies(db: Db): void {
  db.prepare(
    `UPDATE memory_tallies SET n = n + 3
     WHERE (type, status, tier, review, bucket) = (SELECT type, status, tier, review, bucket FROM memory_tallies WHERE n > 0 LIMIT 1)`,
  ).run();
  db.prepare(`INSERT INTO memory_tallies (type, status, tier, review, bucket, n) VALUES ('note', 'archived', 'hypothesis', '', 3, 2)`).run();
}

/** Search rows out of step: one memory's row missing, another's text not its own, a row of no memory. */
export function desyncSearchRows(db: Db, missingSeq: number, differentSeq: number): void {
  db.prepare('DELETE FROM memories_fts WHERE rowid = ?').run(missingSeq);
  db.prepare(`UPDATE memories_fts SET text = 'words this memory never said' WHERE rowid = ?`).run(differentSeq);
  db.prepare(`INSERT INTO memories_fts (rowid, text) VALUES (999999, 'a ghost row')`).run();
}

/**
 * Recall's indexes out of step: a superseded belief in the belief index, a turn missing from its
 * conversation (so from the turn index too), a turn index row of no turn.
 */
export function desyncRecallIndexes(db: Db, supersededBeliefSeq: number, turnSeq: number): void {
  db.prepare(`INSERT INTO belief_fts (rowid, text) VALUES (?, 'a belief no longer held')`).run(supersededBeliefSeq);
  db.prepare('DELETE FROM memory_turns WHERE seq = ?').run(turnSeq);
  db.prepare(`INSERT INTO memory_turns_fts (rowid, own, context) VALUES (999999, 'a ghost turn', '')`).run();
}

/** The search index's own pages: its last segment zeroed (FTS5's integrity-check fails). */
export function damageSearchIndexPages(db: Db): void {
  db.unsafeMode(true);
  try {
    db.prepare(`UPDATE memories_fts_data SET block = zeroblob(length(block)) WHERE id = (SELECT max(id) FROM memories_fts_data)`).run();
  } finally {
    db.unsafeMode(false);
  }
}

/** A run left `running` by a process that is gone. */
export function leaveRunRunning(db: Db, runId: string, deadPid: number, host: string, startedAt = 1_000): void {
  db.prepare(
    `INSERT INTO consolidation_runs (id, trigger, provider, status, started_at, owner_host, owner_pid, owner_start, heartbeat_at)
     VALUES (?, 'manual', 'offline', 'running', ?, ?, ?, NULL, ?)`,
  ).run(runId, startedAt, host, deadPid, startedAt);
}

/** A memory's middle version gone from its history, and another memory whose current version has no record. */
export function breakVersionHistory(db: Db, gapSeq: number, currentSeq: number): void {
  db.prepare('DELETE FROM memory_versions WHERE seq = ? AND version = 2').run(gapSeq);
  withoutTriggers(db, VERSION_TRIGGERS, () => db.prepare('UPDATE memories SET version = version + 5 WHERE seq = ?').run(currentSeq));
}

/** The page number of an index's first page (dbstat), to damage in the file. */
export function firstPageOf(db: Db, index: string): number {
  return (db.prepare(`SELECT min(pageno) AS page FROM dbstat WHERE name = ?`).get(index) as { page: number }).page;
}

/** Writes garbage over one page of a closed database file. */
export function scribbleOverPage(path: string, page: number, pageSize: number): void {
  const fd = openSync(path, 'r+');
  try {
    const garbage = Buffer.alloc(pageSize, 0);
    for (let i = 0; i < pageSize; i++) garbage[i] = (i * 131 + 7) & 0xff;
    writeSync(fd, garbage, 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

/** A finished run put back to `running` under a process that is gone: killed after its last commit, before its end. */
export function reopenRun(db: Db, runId: string, deadPid: number, host: string): void {
  db.prepare(
    `UPDATE consolidation_runs SET status = 'running', finished_at = NULL, owner_host = ?, owner_pid = ?, owner_start = NULL WHERE id = ?`,
  ).run(host, deadPid, runId);
}

/** A memory's words stored as bytes that are not UTF-8 (a lone surrogate as V8 used to encode it), its history left alone. */
export function storeInvalidUtf8(db: Db, id: string): void {
  withoutTriggers(db, VERSION_TRIGGERS, () => db.prepare(`UPDATE memories SET content = CAST(X'61EDBFBF62' AS TEXT) WHERE id = ?`).run(id));
}
