/**
 * Reading a Kernle `memories.db` (a foreign SQLite file): opened read-only, its schema checked
 * before anything is read, every row read at once. A file that is not SQLite, is damaged, or is
 * not Kernle's schema is refused with a MindError naming the file and what is wrong.
 */
import Database from 'better-sqlite3';
import { basename } from 'node:path';
import { MindError } from '../../shared/errors';
import { nativeBinding } from './connection';

/** The tables an import reads, each with the columns it cannot do without. */
export const KERNLE_TABLES = {
  raw_entries: ['id', 'stack_id', 'blob', 'captured_at', 'processed', 'processed_into', 'deleted'],
  episodes: ['id', 'stack_id', 'objective', 'outcome', 'created_at', 'confidence', 'derived_from', 'source_episodes', 'deleted'],
  notes: ['id', 'stack_id', 'content', 'note_type', 'created_at', 'confidence', 'derived_from', 'deleted'],
  beliefs: ['id', 'stack_id', 'statement', 'confidence', 'created_at', 'supersedes', 'superseded_by', 'is_active', 'confidence_history', 'deleted'],
  agent_values: ['id', 'stack_id', 'name', 'statement', 'priority', 'created_at', 'deleted'],
  goals: ['id', 'stack_id', 'title', 'status', 'created_at', 'deleted'],
  drives: ['id', 'stack_id', 'drive_type', 'intensity', 'created_at', 'deleted'],
  relationships: ['id', 'stack_id', 'entity_name', 'entity_type', 'relationship_type', 'created_at', 'deleted'],
  memory_suggestions: ['id', 'stack_id', 'memory_type', 'content', 'source_raw_ids', 'status', 'created_at', 'deleted'],
  memory_audit: ['id', 'memory_type', 'memory_id', 'operation', 'actor', 'created_at'],
  relationship_history: ['id', 'stack_id', 'relationship_id', 'event_type', 'created_at', 'deleted'],
} as const;
export type KernleTable = keyof typeof KERNLE_TABLES;

export type KernleRow = Record<string, unknown> & { id: string };

export interface KernleSource {
  /** Every stack in the file that holds a memory, in name order, whichever stack is read. */
  stacks: string[];
  /** Rows of each table (Kernle's soft-deleted rows left out), in the order Kernle wrote them. */
  rows: Record<KernleTable, KernleRow[]>;
}

export const STACKED_TABLES = (Object.keys(KERNLE_TABLES) as KernleTable[]).filter((t) => t !== 'memory_audit');

export function readKernleSource(path: string, stack: string | undefined): KernleSource {
  const name = basename(path);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true, ...nativeBinding() });
  } catch (error) {
    throw new MindError('unreadable_file', `${name}: cannot be opened (${(error as Error).message}).`, { path });
  }
  try {
    checkSchema(db, name);
    const stacks = stacksOf(db);
    if (stack !== undefined && !stacks.includes(stack)) {
      throw new MindError('not_found', `${name}: no stack named "${stack}" (stacks: ${stacks.join(', ') || 'none'}).`, { path, stack, stacks });
    }
    const rows = {} as Record<KernleTable, KernleRow[]>;
    for (const table of STACKED_TABLES) {
      const where = `deleted = 0${stack === undefined ? '' : ' AND stack_id = @stack'}`;
      rows[table] = db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY rowid`).all(stack === undefined ? {} : { stack }) as KernleRow[];
    }
    rows.memory_audit = db.prepare('SELECT * FROM memory_audit ORDER BY created_at, rowid').all() as KernleRow[];
    return { stacks, rows };
  } catch (error) {
    if (error instanceof MindError) throw error;
    throw sqliteFailure(error, name, path);
  } finally {
    db.close();
  }
}

/** Every stack that holds a memory, in name order. */
export function stacksOf(db: Database.Database): string[] {
  return (
    db.prepare(STACKED_TABLES.filter((t) => t !== 'relationship_history').map((t) => `SELECT stack_id FROM ${t}`).join(' UNION ') + ' ORDER BY 1').all() as {
      stack_id: string;
    }[]
  ).map((r) => r.stack_id);
}

export function checkSchema(db: Database.Database, name: string): void {
  for (const [table, required] of Object.entries(KERNLE_TABLES)) {
    const columns = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
    if (columns.size === 0) {
      throw new MindError('invalid_input', `${name}: not a Kernle database (no ${table} table).`, { table });
    }
    const missing = required.filter((c) => !columns.has(c));
    if (missing.length > 0) {
      throw new MindError('invalid_input', `${name}: the ${table} table lacks ${missing.join(', ')} (not a Kernle schema this importer reads).`, {
        table,
        missing,
      });
    }
  }
}

/** SQLite's own verdict on a file, in words naming it. */
export function sqliteFailure(error: unknown, name: string, path: string): MindError {
  const code = (error as { code?: string }).code ?? '';
  const message = (error as Error).message;
  if (code === 'SQLITE_NOTADB') return new MindError('unreadable_file', `${name}: not a SQLite database.`, { path });
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_IOERR_SHORT_READ') {
    return new MindError('corrupt_file', `${name}: the database is damaged or truncated (${message}).`, { path });
  }
  return new MindError('unreadable_file', `${name}: cannot be read (${message}).`, { path, code });
}
