/**
 * Exporting a mind to Markdown, for people: the active beliefs, values and goals, grouped by tier
 * (best-founded first), each with its confidence, id and the fields that say what it is about.
 * Streamed like the JSON export, through the same partial file.
 */
import { performance } from 'node:perf_hooks';
import type { ExportSummary } from '../../shared/contract/interop';
import { TIERS, type Tier } from '../../shared/model';
import type { Mind } from '../mind/mind';
import { inReadSnapshot, iterateActiveCore, type MarkdownMemoryRow } from '../store/export-query';
import { exportDestination, withReader } from './export-target';
import type { ExportOptions } from './json-export';
import { openPartialFile } from './partial-file';

const TIER_HEADINGS: Record<Tier, string> = {
  grounded: 'Grounded (verified against code, not rejected)',
  observed: 'Observed (approved, or backed by episodes)',
  inferred: 'Inferred (waiting for review)',
  hypothesis: 'Hypotheses (not yet founded)',
};

const TYPE_HEADINGS: Record<string, string> = { belief: 'Beliefs', value: 'Values', goal: 'Goals' };

/** One list item: the text on one line (Markdown line breaks folded), then what qualifies it. */
function memoryLine(row: MarkdownMemoryRow): string {
  const fields = JSON.parse(row.fields) as Record<string, unknown>;
  const qualifiers = [
    `confidence ${row.confidence.toFixed(2)}`,
    ...['name', 'subject', 'description', 'priority', 'goalStatus', 'beliefType'].flatMap((key) => (typeof fields[key] === 'string' || typeof fields[key] === 'number' ? [`${key} ${String(fields[key])}`] : [])),
    ...(row.protected ? ['protected'] : []),
    `\`${row.id}\``,
  ];
  return `- ${row.content.replace(/\s*\n\s*/g, ' ')} — ${qualifiers.join(' · ')}\n`;
}

export async function exportMindMarkdown(mind: Mind, out: string, options: ExportOptions = {}): Promise<ExportSummary> {
  const started = performance.now();
  const target = exportDestination(mind, out, options.overwrite ?? false);
  return withReader(mind, (reader) =>
    inReadSnapshot(reader.store.db, async () => {
      const file = openPartialFile(target);
      let rows = 0;
      try {
        await file.write(`# ${mind.store.path === ':memory:' ? 'Mind' : mind.store.path.split(/[\\/]/).pop()}: beliefs, values and goals\n\nExported ${new Date(mind.now()).toISOString()}. Active memories only, grouped by tier (${TIERS.join(', ')}).\n`);
        let tier: string | null = null;
        let type: string | null = null;
        for (const row of iterateActiveCore(reader.store.db)) {
          if (row.tier !== tier) {
            tier = row.tier;
            type = null;
            await file.write(`\n## ${TIER_HEADINGS[row.tier as Tier] ?? row.tier}\n`);
          }
          if (row.type !== type) {
            type = row.type;
            await file.write(`\n### ${TYPE_HEADINGS[row.type] ?? row.type}\n\n`);
          }
          await file.write(memoryLine(row));
          rows += 1;
          if (rows % 10_000 === 0) options.onProgress?.(rows, rows);
        }
        if (rows === 0) await file.write('\nThis mind holds no active beliefs, values or goals yet.\n');
        const bytes = await file.finish();
        options.onProgress?.(rows, rows);
        return { format: 'markdown', path: target, rows, bytes, durationMs: Math.round(performance.now() - started) };
      } catch (error) {
        await file.abort();
        throw error;
      }
    }),
  );
}
