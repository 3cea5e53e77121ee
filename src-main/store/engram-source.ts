/**
 * Reading an Engram `memory.db` (the Claude Code memory daemon; store/foreign-sqlite.ts reads it
 * from a private copy): its schema version checked by name before anything is read, then every
 * episode, belief, project and file chunk. Embeddings are not read: they are another model's space.
 */
import { MindError } from '../../shared/errors';
import { columnsOf, type ForeignDb, type ForeignRow, readForeignSqlite, requireTables } from './foreign-sqlite';

/** The one schema version this importer reads (Engram's `_meta.schema_version`). */
export const ENGRAM_SCHEMA_VERSION = 11;

const ENGRAM_TABLES = {
  _meta: ['key', 'value'],
  episodes: ['id', 'session_id', 'project', 'scope', 'summary', 'entities', 'importance', 'source_type', 'full_content', 'created_at', 'accessed_at', 'access_count'],
  beliefs: [
    'id', 'statement', 'subject', 'predicate', 'context', 'timeframe', 'confidence_alpha', 'confidence_beta', 'scope', 'project',
    'supporting_episodes', 'contradicting_episodes', 'revision_history', 'parent_belief_id', 'child_belief_ids', 'status', 'created_at', 'updated_at',
  ],
  projects: ['full_path', 'name', 'description', 'created_at'],
  chunks: ['id', 'path', 'text', 'updated_at'],
} as const;

export type EngramRow = ForeignRow & { id: string };

export interface EngramSource {
  episodes: EngramRow[];
  beliefs: EngramRow[];
  /** Keyed by `full_path` (Engram's key for a project). */
  projects: EngramRow[];
  chunks: EngramRow[];
  /** Episodes that carry an embedding (left out of the import). */
  embeddedEpisodes: number;
}

/** Every column but the embedding, which is only counted. */
export const withoutEmbedding = (columns: Set<string>) => [...columns].filter((c) => c !== 'embedding').map((c) => `"${c}"`).join(', ');

export function readEngramSource(path: string): EngramSource {
  return readForeignSqlite(path, (db, name) => {
    checkEngramSchema(db, name, path);
    const all = (table: string, order: string) => {
      return db.prepare(`SELECT ${withoutEmbedding(columnsOf(db, table))} FROM ${table} ORDER BY ${order}`).all() as EngramRow[];
    };
    return {
      episodes: all('episodes', 'created_at, id'),
      beliefs: all('beliefs', 'created_at, id'),
      projects: all('projects', 'created_at, full_path').map(keyedProject),
      chunks: all('chunks', 'updated_at, id'),
      embeddedEpisodes: (db.prepare('SELECT count(*) AS n FROM episodes WHERE embedding IS NOT NULL').get() as { n: number }).n,
    };
  });
}

/** A project row keyed by its `full_path`, Engram's key for it. */
export const keyedProject = (row: ForeignRow): EngramRow => ({ ...row, id: String(row.full_path) });

/** Refuses a file that is not Engram's, or not its schema version 11, by name. */
export function checkEngramSchema(db: ForeignDb, name: string, path: string): void {
  const meta = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_meta'").get();
  if (!meta) throw new MindError('invalid_input', `${name}: not an Engram database (no _meta table).`, { path });
  const version = (db.prepare("SELECT value FROM _meta WHERE key = 'schema_version'").get() as { value: unknown } | undefined)?.value;
  if (String(version) !== String(ENGRAM_SCHEMA_VERSION)) {
    throw new MindError(
      'invalid_input',
      `${name}: Engram schema version ${version === undefined ? '(none)' : String(version)}; this importer reads version ${ENGRAM_SCHEMA_VERSION} only.`,
      { path, version: version ?? null, supported: ENGRAM_SCHEMA_VERSION },
    );
  }
  requireTables(db, name, 'Engram', ENGRAM_TABLES);
}
