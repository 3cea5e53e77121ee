/**
 * Reading a whole mind out, table by table, for the Mindloom JSON export (interop/json-export.ts).
 * Rows are read with `.iterate()`, one at a time, so a million-memory mind streams in bounded
 * memory. Columns come from the schema itself (generated columns such as `tier` are left out: the
 * database computes them again), so a column added by a later migration is exported without a change here.
 *
 * The tables are listed in the order an import can write them: a row only refers to rows of
 * tables before it (memories before their links; journal rows before the links whose action they name).
 */
import type { Db } from './connection';
import { stmt } from './statements';

export const EXPORT_TABLES = [
  'meta',
  'consolidation_runs',
  'memories',
  'memory_vectors',
  'memory_versions',
  'journal',
  'links',
  'evidence_refs',
  'contradictions',
  'rejections',
  'proposals',
  'consolidation_marks',
  'belief_explanations',
] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

/** A row as exported: column → value (vectors' float32 bytes as base64). */
export type ExportRow = Record<string, string | number | null>;

/**
 * Meta keys that describe the mind's content and settings. Anything else (the bench generator's
 * notes, keys a later build adds) stays out: an export carries no secrets by construction.
 */
export const EXPORTED_META_KEYS = ['settings', 'embedder', 'embedder_dimension', 'belief_consolidation_checkpoint'] as const;

/** The integer key each table's rows are read in (and an import keeps when it is free). */
export const TABLE_KEY: Record<ExportTable, string> = {
  meta: 'key',
  consolidation_runs: 'id',
  memories: 'seq',
  memory_vectors: 'rowid',
  memory_versions: 'version_seq',
  journal: 'seq',
  links: 'seq',
  evidence_refs: 'seq',
  contradictions: 'seq',
  rejections: 'seq',
  proposals: 'seq',
  consolidation_marks: 'seq',
  belief_explanations: 'memory_seq',
};

/** The stored (not generated) columns of a table, in schema order. */
export function storedColumns(db: Db, table: ExportTable): string[] {
  if (table === 'memory_vectors') return ['rowid', 'embedding'];
  const columns = stmt(db, 'SELECT name, hidden FROM pragma_table_xinfo(?)').all(table) as { name: string; hidden: number }[];
  return columns.filter((column) => column.hidden === 0).map((column) => column.name);
}

function selectSql(db: Db, table: ExportTable): string {
  const columns = storedColumns(db, table).map((name) => `"${name}"`).join(', ');
  const where = table === 'meta' ? ` WHERE key IN (${EXPORTED_META_KEYS.map((key) => `'${key}'`).join(', ')})` : '';
  return `SELECT ${columns} FROM ${table}${where} ORDER BY "${TABLE_KEY[table]}"`;
}

/** How many rows each table will export. */
export function exportRowCounts(db: Db): Record<ExportTable, number> {
  const counts = {} as Record<ExportTable, number>;
  for (const table of EXPORT_TABLES) {
    const where = table === 'meta' ? ` WHERE key IN (${EXPORTED_META_KEYS.map((key) => `'${key}'`).join(', ')})` : '';
    counts[table] = (stmt(db, `SELECT count(*) AS n FROM ${table}${where}`).get() as { n: number }).n;
  }
  return counts;
}

/** The table's rows one at a time, in key order. */
export function* iterateExportRows(db: Db, table: ExportTable): Generator<ExportRow> {
  const rows = db.prepare(selectSql(db, table)).iterate() as IterableIterator<Record<string, unknown>>;
  for (const row of rows) {
    if (table === 'memory_vectors') {
      yield { rowid: Number(row.rowid), embedding: (row.embedding as Buffer).toString('base64') };
    } else {
      yield row as ExportRow;
    }
  }
}

/** Runs `work` inside one read transaction: every table is read as of one moment, while others write. */
export async function inReadSnapshot<T>(db: Db, work: () => Promise<T>): Promise<T> {
  db.exec('BEGIN');
  try {
    // A deferred transaction takes its snapshot at the first read.
    stmt(db, 'SELECT count(*) FROM meta').get();
    return await work();
  } finally {
    db.exec('COMMIT');
  }
}

export interface MarkdownMemoryRow {
  id: string;
  type: string;
  content: string;
  fields: string;
  confidence: number;
  tier: string;
  protected: number;
  updatedAt: number;
}

/** Active beliefs, values and goals, strongest tier first, then by confidence: what the Markdown export lists. */
export function* iterateActiveCore(db: Db): Generator<MarkdownMemoryRow> {
  yield* db
    .prepare(
      `SELECT id, type, content, fields, confidence, tier, protected, updated_at AS updatedAt FROM memories
       WHERE status = 'active' AND type IN ('belief', 'value', 'goal')
       ORDER BY CASE tier WHEN 'grounded' THEN 0 WHEN 'observed' THEN 1 WHEN 'inferred' THEN 2 ELSE 3 END, type, confidence DESC, seq`,
    )
    .iterate() as Generator<MarkdownMemoryRow>;
}
