/**
 * What is new or changed in an Engram `memory.db` since a cursor, for a linked source
 * (`import engram PATH --follow`), read in one snapshot of the live file (live-sqlite.ts). New
 * rows by rowid; changed rows by Engram's own stamps (ms): a belief's `updated_at`, which its
 * store moves on every revision, split, merge, status and α/β change; a project's and a file
 * chunk's `updated_at`; an episode's `accessed_at` or `graduated_at` (episodes have no update
 * stamp: those are the writes Engram makes to one after it is recorded).
 */
import { checkEngramSchema, type EngramRow, type EngramSource, keyedProject, withoutEmbedding } from './engram-source';
import { columnsOf } from './foreign-sqlite';
import { type FollowedTable, readLiveSqlite, readRowsSince, type RowCursor } from './live-sqlite';

export interface EngramChanges {
  source: EngramSource;
  cursor: RowCursor;
  read: number;
}

const STAMPS: Readonly<Record<'projects' | 'episodes' | 'chunks' | 'beliefs', string>> = {
  projects: 't.updated_at',
  episodes: 'max(t.accessed_at, coalesce(t.graduated_at, 0))',
  chunks: 't.updated_at',
  beliefs: 't.updated_at',
};

export function readEngramChanges(path: string, cursor: RowCursor): EngramChanges {
  return readLiveSqlite(path, (db, name) => {
    checkEngramSchema(db, name, path);
    const next: RowCursor = { rowids: { ...cursor.rowids }, stamps: { ...cursor.stamps } };
    const rowsOf = (table: keyof typeof STAMPS) => {
      const columns = withoutEmbedding(columnsOf(db, table)).replace(/"([^"]+)"/g, 't."$1"');
      const followed: FollowedTable = { name: table, columns, stamp: STAMPS[table] };
      return readRowsSince(db, followed, cursor, next) as EngramRow[];
    };
    const source: EngramSource = {
      projects: rowsOf('projects').map(keyedProject),
      episodes: rowsOf('episodes'),
      chunks: rowsOf('chunks'),
      beliefs: rowsOf('beliefs'),
      // The import says once that embeddings are skipped; a sync does not repeat it.
      embeddedEpisodes: 0,
    };
    const read = source.projects.length + source.episodes.length + source.chunks.length + source.beliefs.length;
    return { source, cursor: next, read };
  });
}
