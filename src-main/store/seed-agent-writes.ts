/**
 * Test and bench support: writes into a copy of an Engram or Alexandria database as those systems'
 * own code writes them (WAL mode, one transaction per write, the rows and columns their stores
 * insert and update). Only tests and the bench write these files; the importers only read them.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { nativeBinding } from './connection';

type WriteDb = Database.Database;

/** A writable copy of a fixture database (checkpointed: the file alone is the whole database). */
export function copySeedDatabase(fixture: string, path: string): void {
  copyFileSync(fixture, path);
}

/** The database as the agent's process holds it open: WAL mode, a busy timeout. */
export function openAsAgent(path: string): WriteDb {
  const db = new Database(path, { fileMustExist: true, timeout: 5_000, ...nativeBinding() });
  db.pragma('journal_mode = WAL');
  return db;
}

/** Runs `write` as one write transaction (taking the write lock at its start, as the systems' stores do). */
export function writeOnce<T>(db: WriteDb, write: (db: WriteDb) => T): T {
  return db.transaction(() => write(db)).immediate();
}

/** Runs `write` in one transaction on `path`, opened for it and closed after. */
export function writeAsAgent<T>(path: string, write: (db: WriteDb) => T): T {
  const db = openAsAgent(path);
  try {
    return writeOnce(db, write);
  } finally {
    db.close();
  }
}

/** Engram's store: a new episode (summary and full content, as the daemon records a turn). */
export function insertEngramEpisode(db: WriteDb, episode: { id: string; summary: string; at: number; sessionId?: string }): void {
  db.prepare(
    `INSERT INTO episodes (id, session_id, project, scope, summary, entities, importance, source_type, full_content, created_at, accessed_at, access_count)
     VALUES (@id, @session, NULL, 'global', @summary, '[]', 'normal', 'auto', @summary, @at, @at, 0)`,
  ).run({ id: episode.id, session: episode.sessionId ?? 'agent-session', summary: episode.summary, at: episode.at });
}

/** Engram's consolidation: a new belief. */
export function insertEngramBelief(db: WriteDb, belief: { id: string; statement: string; at: number; supporting?: string[]; parent?: string }): void {
  db.prepare(
    `INSERT INTO beliefs (id, statement, confidence_alpha, confidence_beta, scope, supporting_episodes, parent_belief_id, status, evidence_count, created_at, updated_at)
     VALUES (@id, @statement, 2, 1, 'global', @supporting, @parent, 'active', @count, @at, @at)`,
  ).run({ ...belief, supporting: JSON.stringify(belief.supporting ?? []), parent: belief.parent ?? null, count: belief.supporting?.length ?? 0 });
}

/** Engram's revision in place: the new statement, the old one appended to `revision_history`. */
export function reviseEngramBelief(db: WriteDb, id: string, statement: string, at: number): void {
  db.prepare(
    `UPDATE beliefs SET revision_history = json_insert(revision_history, '$[#]', json_object('timestamp', @at, 'old_statement', statement,
       'old_confidence', confidence_alpha / (confidence_alpha + confidence_beta), 'reason', 'revised')), statement = @statement, updated_at = @at WHERE id = @id`,
  ).run({ id, statement, at });
}

/** Engram's reinforcement: an episode supports the belief, α grows by one. */
export function reinforceEngramBelief(db: WriteDb, id: string, episodeId: string, at: number): void {
  db.prepare(
    `UPDATE beliefs SET confidence_alpha = confidence_alpha + 1, supporting_episodes = json_insert(supporting_episodes, '$[#]', @episode),
       evidence_count = evidence_count + 1, last_reinforced_at = @at, updated_at = @at WHERE id = @id`,
  ).run({ id, episode: episodeId, at });
}

/** Engram's revision by replacement: the parent marked `revised` and pointing at its child, the child naming its parent. */
export function replaceEngramBelief(db: WriteDb, parentId: string, child: { id: string; statement: string; at: number }): void {
  insertEngramBelief(db, { ...child, parent: parentId });
  db.prepare(
    `UPDATE beliefs SET status = 'revised', child_belief_ids = json_insert(child_belief_ids, '$[#]', @child), updated_at = @at WHERE id = @id`,
  ).run({ id: parentId, child: child.id, at: child.at });
}

/** Alexandria's `alex add`: a new memory object, pending review. */
export function insertAlexandriaObject(db: WriteDb, object: { id: string; content: string; at: string; type?: string; events?: string[] }): void {
  db.prepare(
    `INSERT INTO memory_objects (id, content, object_type, scope_type, status, confidence, evidence_event_ids, review_status, created_at, updated_at, code_refs)
     VALUES (@id, @content, @type, 'project', 'active', 'medium', @events, 'pending', @at, @at, '[]')`,
  ).run({ id: object.id, content: object.content, type: object.type ?? 'decision', events: JSON.stringify(object.events ?? []), at: object.at });
}

/** Alexandria's edit of an object's words. */
export function editAlexandriaObject(db: WriteDb, id: string, content: string, at: string): void {
  db.prepare('UPDATE memory_objects SET content = @content, updated_at = @at WHERE id = @id').run({ id, content, at });
}

/** Alexandria's review queue: approve or reject. */
export function reviewAlexandriaObject(db: WriteDb, id: string, verdict: 'approved' | 'rejected', at: string): void {
  db.prepare('UPDATE memory_objects SET review_status = @verdict, reviewed_at = @at, updated_at = @at WHERE id = @id').run({ id, verdict, at });
}

/** Alexandria's supersession: the older object marked superseded by the newer. */
export function supersedeAlexandriaObject(db: WriteDb, olderId: string, newerId: string, at: string): void {
  db.prepare("UPDATE memory_objects SET status = 'superseded', superseded_by = @newer, updated_at = @at WHERE id = @older").run({ older: olderId, newer: newerId, at });
}

/** Alexandria's code reference: a row in memory_code_refs and the object's `code_refs` JSON. */
export function addAlexandriaCodeRef(db: WriteDb, ref: { id: string; memoryId: string; path: string; lineStart: number; lineEnd: number; commit: string }): void {
  db.prepare(
    `INSERT INTO memory_code_refs (id, memory_id, path, ref_type, line_start, line_end, verified_at_commit) VALUES (@id, @memoryId, @path, 'line_range', @lineStart, @lineEnd, @commit)`,
  ).run(ref);
  db.prepare(
    `UPDATE memory_objects SET code_refs = json_insert(coalesce(code_refs, '[]'), '$[#]', json_object('type', 'line_range', 'path', @path, 'lineRange', json_array(@lineStart, @lineEnd),
       'verifiedAtCommit', @commit)) WHERE id = @memoryId`,
  ).run(ref);
}

/** Alexandria's `alex feedback`: an outcome reported for an object. */
export function addAlexandriaOutcome(db: WriteDb, outcome: { id: string; memoryId: string; at: string; outcome: 'helpful' | 'unhelpful' | 'neutral'; context?: string }): void {
  db.prepare(
    `INSERT INTO memory_outcomes (id, memory_id, session_id, timestamp, outcome, context) VALUES (@id, @memoryId, 'manual-feedback', @at, @outcome, @context)`,
  ).run({ ...outcome, context: outcome.context ?? null });
}
