/**
 * Reading an Alexandria `alexandria.db` (a coding agent's memory; store/foreign-sqlite.ts reads it
 * from a private copy): memory objects, their code references, the events and sessions they cite
 * (an event too long for its row is in `blobs`, read as text), and the outcomes people reported.
 * Embeddings and search tokens are not read.
 */
import { type ForeignDb, type ForeignRow, readForeignSqlite, requireTables } from './foreign-sqlite';

const ALEXANDRIA_TABLES = {
  memory_objects: [
    'id', 'content', 'object_type', 'scope_type', 'scope_path', 'status', 'superseded_by', 'confidence', 'evidence_event_ids', 'evidence_excerpt',
    'review_status', 'reviewed_at', 'created_at', 'updated_at', 'code_refs', 'last_verified_at', 'structured', 'strength', 'outcome_score',
  ],
  memory_code_refs: ['memory_id', 'path', 'ref_type', 'symbol', 'line_start', 'line_end', 'verified_at_commit', 'content_hash'],
  events: ['id', 'session_id', 'timestamp', 'event_type', 'content', 'blob_id'],
  sessions: ['id', 'started_at', 'ended_at'],
  blobs: ['id', 'content'],
  memory_outcomes: ['id', 'memory_id', 'timestamp', 'outcome'],
} as const;

export type AlexandriaRow = ForeignRow & { id: string };

export interface AlexandriaSource {
  objects: AlexandriaRow[];
  /** `memory_code_refs`: each code reference as columns (Alexandria mirrors its objects' `code_refs` JSON here). */
  codeRefs: ForeignRow[];
  /** Each event with its words (`content`, or its blob's text). */
  events: AlexandriaRow[];
  sessions: AlexandriaRow[];
  outcomes: AlexandriaRow[];
  /** The distinct folders every session of the file ran in (the project its memories belong to). */
  workingDirectories: string[];
}

/** The folders Alexandria's sessions ran in. */
export function workingDirectoriesOf(db: ForeignDb): string[] {
  const rows = db
    .prepare("SELECT DISTINCT working_directory AS folder FROM sessions WHERE working_directory IS NOT NULL AND working_directory <> '' ORDER BY 1")
    .all() as { folder: string }[];
  return rows.map((r) => r.folder);
}

/** Refuses a file that lacks a table or column the import reads. */
export function checkAlexandriaSchema(db: ForeignDb, name: string): void {
  requireTables(db, name, 'Alexandria', ALEXANDRIA_TABLES);
}

export function readAlexandriaSource(path: string): AlexandriaSource {
  return readForeignSqlite(path, (db, name) => {
    checkAlexandriaSchema(db, name);
    const all = (sql: string) => db.prepare(sql).all() as AlexandriaRow[];
    return {
      objects: all('SELECT * FROM memory_objects ORDER BY created_at, rowid'),
      codeRefs: all('SELECT * FROM memory_code_refs ORDER BY rowid'),
      events: all(
        `SELECT e.*, coalesce(e.content, CAST(b.content AS TEXT)) AS words FROM events e LEFT JOIN blobs b ON b.id = e.blob_id
         ORDER BY e.timestamp, e.rowid`,
      ),
      sessions: all('SELECT * FROM sessions ORDER BY started_at, rowid'),
      outcomes: all('SELECT * FROM memory_outcomes ORDER BY timestamp, rowid'),
      workingDirectories: workingDirectoriesOf(db),
    };
  });
}
