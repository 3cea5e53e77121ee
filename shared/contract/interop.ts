/**
 * Import and export as the app sees them (File → Import… / Export…): preview an import (a dry
 * run), import with progress, export the open mind to Mindloom JSON or Markdown with progress.
 * Paths are typed by the person in the served app; the desktop shell asks with a native dialog.
 */
import { z } from 'zod';
import { MEMORY_TYPES } from '../model';
import { count, filePathInput } from './common';

/** Every kind of source an importer may read (src-main/interop/importer.ts); a build may not have them all. */
export const IMPORT_KIND_NAMES = ['kernle', 'engram', 'alexandria', 'mcp-memory', 'transcripts', 'json'] as const;
export const EXPORT_FORMATS = ['json', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const ImportSummarySchema = z.object({
  kind: z.enum(IMPORT_KIND_NAMES),
  dryRun: z.boolean(),
  imported: z.object({
    byType: z.partialRecord(z.enum(MEMORY_TYPES), count),
    links: count,
    journal: count,
  }),
  skipped: count,
  problems: z.array(z.object({ place: z.string(), message: z.string() })),
  /** Kernle: every stack the file holds (the import may be narrowed to one). */
  stacks: z.array(z.string()).optional(),
});
export type ImportSummaryView = z.output<typeof ImportSummarySchema>;

export const ExportSummarySchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  path: z.string(),
  /** Lines written after the header (JSON: one per row; Markdown: one per memory listed). */
  rows: count,
  bytes: count,
  durationMs: count,
});
export type ExportSummary = z.output<typeof ExportSummarySchema>;

const importRequest = z.strictObject({ kind: z.enum(IMPORT_KIND_NAMES), path: filePathInput, stack: z.string().trim().min(1).max(200).optional() });

export const INTEROP_CALLS = {
  /** A dry run: what importing `path` would bring in and the problems found; nothing is written. */
  'interop.preview': { request: importRequest, response: ImportSummarySchema },
  /** Imports `path` into the open mind in one transaction; progress arrives as `interop.progress` events. */
  'interop.import': { request: importRequest, response: ImportSummarySchema },
  /** Exports the open mind to `path` (relative: beside the mind); progress arrives as `interop.progress` events. */
  'interop.export': {
    request: z.strictObject({ format: z.enum(EXPORT_FORMATS), path: filePathInput, overwrite: z.boolean().optional() }),
    response: ExportSummarySchema,
  },
  /** The desktop shell's native dialog for the file to import or export to (null: cancelled); `unsupported` elsewhere. */
  'interop.pickPath': { request: z.strictObject({ purpose: z.enum(['import', 'export']) }), response: z.string().nullable() },
  /** Asks every window to show its Import… or Export… dialog (the desktop menu's items). */
  'interop.showDialog': { request: z.strictObject({ dialog: z.enum(['import', 'export']) }), response: z.null() },
} as const;

export const INTEROP_EVENTS = {
  /** An import's or export's progress (`total` null while unknown), and its end. */
  'interop.progress': z.object({
    job: z.enum(['import', 'export']),
    path: z.string(),
    stage: z.enum(['running', 'done', 'failed']),
    done: count,
    total: count.nullable(),
    message: z.string().optional(),
  }),
  /** Show the Import… or Export… dialog (asked for by the desktop menu). */
  'interop.showDialog': z.object({ dialog: z.enum(['import', 'export']) }),
} as const;
