/**
 * What is new or changed in an Alexandria `alexandria.db` since a cursor, for a linked source
 * (`import alexandria PATH --follow`), read in one snapshot of the live file (live-sqlite.ts). New
 * rows by rowid. A memory object counts as changed when its `updated_at`, `reviewed_at` or
 * `last_verified_at` moved (Alexandria's ISO stamps), or when a code reference or an outcome about
 * it was added; each object read comes with all its code references. Events and outcomes are only
 * ever added; a session changes as it ends or checkpoints.
 */
import { type AlexandriaRow, type AlexandriaSource, checkAlexandriaSchema, workingDirectoriesOf } from './alexandria-source';
import { type FollowedTable, readLiveSqlite, readRowsSince, type RowCursor } from './live-sqlite';

export interface AlexandriaChanges {
  source: AlexandriaSource;
  cursor: RowCursor;
  read: number;
}

/** An ISO stamp as ms since the epoch (SQL); a missing one as 0. */
const msOf = (column: string) => `coalesce((julianday(${column}) - 2440587.5) * 86400000, 0)`;

const OBJECTS: FollowedTable = {
  name: 'memory_objects',
  columns: 't.*',
  stamp: `max(${msOf('t.updated_at')}, ${msOf('t.reviewed_at')}, ${msOf('t.last_verified_at')})`,
  alsoChanged:
    't.id IN (SELECT memory_id FROM memory_code_refs WHERE rowid > @refsAfter) OR t.id IN (SELECT memory_id FROM memory_outcomes WHERE rowid > @outcomesAfter)',
};
const SESSIONS: FollowedTable = { name: 'sessions', columns: 't.*', stamp: `max(${msOf('t.started_at')}, ${msOf('t.ended_at')}, ${msOf('t.last_checkpoint_at')})` };
const EVENTS: FollowedTable = {
  name: 'events',
  join: 'LEFT JOIN blobs b ON b.id = t.blob_id',
  columns: 't.*, coalesce(t.content, CAST(b.content AS TEXT)) AS words',
  stamp: null,
};
const OUTCOMES: FollowedTable = { name: 'memory_outcomes', columns: 't.*', stamp: null };

export function readAlexandriaChanges(path: string, cursor: RowCursor): AlexandriaChanges {
  return readLiveSqlite(path, (db, name) => {
    checkAlexandriaSchema(db, name);
    const next: RowCursor = { rowids: { ...cursor.rowids }, stamps: { ...cursor.stamps } };
    const sessions = readRowsSince(db, SESSIONS, cursor, next) as AlexandriaRow[];
    const events = readRowsSince(db, EVENTS, cursor, next) as AlexandriaRow[];
    const refsAfter = cursor.rowids.memory_code_refs ?? 0;
    const outcomesAfter = cursor.rowids.memory_outcomes ?? 0;
    const objects = readRowsSince(db, OBJECTS, cursor, next, { refsAfter, outcomesAfter }) as AlexandriaRow[];
    const outcomes = readRowsSince(db, OUTCOMES, cursor, next) as AlexandriaRow[];
    const codeRefs = db
      .prepare('SELECT * FROM memory_code_refs WHERE memory_id IN (SELECT value FROM json_each(@ids)) ORDER BY rowid')
      .all({ ids: JSON.stringify(objects.map((o) => o.id)) }) as AlexandriaRow[];
    next.rowids.memory_code_refs = Math.max(refsAfter, (db.prepare('SELECT max(rowid) AS top FROM memory_code_refs').get() as { top: number | null }).top ?? 0);
    const source: AlexandriaSource = { objects, codeRefs, events, sessions, outcomes, workingDirectories: workingDirectoriesOf(db) };
    return { source, cursor: next, read: objects.length + events.length + sessions.length + outcomes.length };
  });
}
