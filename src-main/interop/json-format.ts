/**
 * The Mindloom JSON format (docs/ARCHITECTURE.md §interop): newline-delimited JSON. Line 1 is the
 * header (format, versions, when, and how many rows each table holds, so a reader knows the total
 * and can tell a truncated file); every other line is one row, `{"table": T, "row": {column: value}}`,
 * tables in the order an import writes them. Values are SQLite's own (numbers, text, null); the one
 * binary column, a vector's embedding, is base64 of its float32 bytes.
 */
import { z } from 'zod';
import { EXPORT_TABLES } from '../store/export-query';

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
  row: z.record(z.string().regex(/^[a-z_]+$/), z.union([z.string(), z.number(), z.null()])),
});
export type JsonRowLine = z.output<typeof JsonRowLineSchema>;
