/**
 * Reading a Kernle `memories.db` (a foreign SQLite file, store/foreign-sqlite.ts): read-only, its schema checked
 * before anything is read, every row read at once. A file that is not SQLite, is damaged, or is
 * not Kernle's schema is refused with a MindError naming the file and what is wrong.
 */
import { MindError } from '../../shared/errors';
import { type ForeignDb, readForeignSqlite, requireTables } from './foreign-sqlite';

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
  return readForeignSqlite(path, (db, name) => {
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
  });
}

/** Every stack that holds a memory, in name order. */
export function stacksOf(db: ForeignDb): string[] {
  return (
    db.prepare(STACKED_TABLES.filter((t) => t !== 'relationship_history').map((t) => `SELECT stack_id FROM ${t}`).join(' UNION ') + ' ORDER BY 1').all() as {
      stack_id: string;
    }[]
  ).map((r) => r.stack_id);
}

/** Refuses a file that lacks a table or column the import reads. */
export function checkSchema(db: ForeignDb, name: string): void {
  requireTables(db, name, 'Kernle', KERNLE_TABLES);
}
