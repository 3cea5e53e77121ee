/**
 * The Mindloom JSON format (docs/ARCHITECTURE.md §interop): newline-delimited JSON. Line 1 is the
 * header (format, versions, when, and how many rows each table holds, so a reader knows the total
 * and can tell a truncated file); every other line is one row, `{"table": T, "row": {column: value}}`,
 * tables in the order an import writes them. Values are SQLite's own (numbers, text, null); the one
 * binary column, a vector's embedding, is base64 of its float32 bytes.
 */
import { z } from 'zod';
import { EXPORT_TABLES, type ExportRow, type ExportTable } from '../store/export-query';

export const JSON_FORMAT_NAME = 'mindloom-json';
export const JSON_FORMAT_VERSION = 1;

export const JsonHeaderSchema = z.strictObject({
  format: z.literal(JSON_FORMAT_NAME),
  formatVersion: z.literal(JSON_FORMAT_VERSION),
  /** The mind's schema version: a newer one than this build knows is refused. */
  schemaVersion: z.number().int().min(1),
  exportedAt: z.iso.datetime({ offset: true }),
  counts: z.record(z.enum(EXPORT_TABLES), z.number().int().min(0)),
});
export type JsonHeader = z.output<typeof JsonHeaderSchema>;

export const JsonRowLineSchema = z.strictObject({
  table: z.enum(EXPORT_TABLES),
  // Each column's name and value (text, a number or null) are checked against the table's own
  // columns as the row is written: one pass instead of a union per value.
  row: z.record(z.string(), z.unknown()),
});

export type JsonRowLine = { table: ExportTable; row: ExportRow };

const TABLE_NAMES: ReadonlySet<string> = new Set(EXPORT_TABLES);

/**
 * What JsonRowLineSchema accepts, checked without building a parse result: a file holds a row per
 * line, millions of them, and nearly all are well formed. A line this refuses goes through the
 * schema, for the message that names what is wrong.
 */
export function isJsonRowLine(value: unknown): value is JsonRowLine {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { table, row } = value as Record<string, unknown>;
  return (
    typeof table === 'string' && TABLE_NAMES.has(table) && typeof row === 'object' && row !== null && !Array.isArray(row) && Object.keys(value).length === 2
  );
}
