/**
 * Exporting a mind to Mindloom JSON (json-format.ts), streamed: rows are read one at a time inside
 * one read transaction and written through a stream with backpressure, so a million-memory mind
 * exports in bounded memory. Everything an import needs for a lossless round trip is there: every
 * memory column, links (voided ones too), evidence, the journal, the version history, contradictions,
 * rejections, proposals, consolidation runs and marks, explanations, vectors and the settings.
 */
import { performance } from 'node:perf_hooks';
import type { ExportSummary } from '../../shared/contract/interop';
import type { Mind } from '../mind/mind';
import { EXPORT_TABLES, exportRowCounts, inReadSnapshot, iterateExportRows } from '../store/export-query';
import { exportDestination, withReader } from './export-target';
import { JSON_FORMAT_NAME, JSON_FORMAT_VERSION, type JsonHeader } from './json-format';
import { openPartialFile } from './partial-file';

export interface ExportOptions {
  /** Replace a file already at the destination (otherwise `invalid_state`). */
  overwrite?: boolean;
  /** Called every few thousand rows and at the end. */
  onProgress?: (done: number, total: number) => void;
}

const PROGRESS_EVERY = 10_000;

export async function exportMindJson(mind: Mind, out: string, options: ExportOptions = {}): Promise<ExportSummary> {
  const started = performance.now();
  const target = exportDestination(mind, out, options.overwrite ?? false);
  return withReader(mind, (reader) =>
    inReadSnapshot(reader.store.db, async () => {
      const db = reader.store.db;
      const counts = exportRowCounts(db);
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      const header: JsonHeader = {
        format: JSON_FORMAT_NAME,
        formatVersion: JSON_FORMAT_VERSION,
        schemaVersion: reader.store.schemaVersion,
        exportedAt: new Date(mind.now()).toISOString(),
        counts,
      };
      const file = openPartialFile(target);
      let rows = 0;
      try {
        await file.write(`${JSON.stringify(header)}\n`);
        options.onProgress?.(0, total);
        for (const table of EXPORT_TABLES) {
          for (const row of iterateExportRows(db, table)) {
            await file.write(`${JSON.stringify({ table, row })}\n`);
            rows += 1;
            if (rows % PROGRESS_EVERY === 0) options.onProgress?.(rows, total);
          }
        }
        const bytes = await file.finish();
        options.onProgress?.(rows, total);
        return { format: 'json', path: target, rows, bytes, durationMs: Math.round(performance.now() - started) };
      } catch (error) {
        await file.abort();
        throw error;
      }
    }),
  );
}
