/**
 * The recall bench's report: one table per split (recall@5/@10 per category beside plain bm25,
 * and latency), the held-out verdicts, and bench/results/recall.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QualityOptions } from '../quality/quality-report';
import { qualitySettings } from '../quality/quality-report';
import { CATEGORIES } from './corpus';
import type { RecallLatency } from './recall-latency';
import { RECALL_TARGETS, type RecallVerdict, recallVerdicts, runRecallBench, type Scores, type SplitResult } from './recall-bench';

const resultsDir = join(dirname(dirname(fileURLToPath(import.meta.url))), 'results');

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(8);

function describe(result: SplitResult): string {
  const row = (name: string, s: Scores) =>
    `${name.padEnd(13)}${String(s.questions).padStart(6)}${pct(s.recallAt5)}${pct(s.bm25At5)}${pct(s.recallAt10)}${pct(s.bm25At10)}${pct(s.recallAt10 - s.bm25At10)}`;
  const header = `${'category'.padEnd(13)}${'n'.padStart(6)}${'rec@5'.padStart(8)}${'bm25@5'.padStart(8)}${'rec@10'.padStart(8)}${'bm25@10'.padStart(8)}${'Δ@10'.padStart(8)}`;
  return [
    '',
    `recall / ${result.split}: ${result.conversations} conversations, ${result.turns} turns (meaning: ${result.meaning})`,
    header,
    '-'.repeat(header.length),
    ...CATEGORIES.map((c) => row(c, result.byCategory[c])),
    row('all', result.overall),
    `latency per question: median ${result.latency.medianMs.toFixed(2)} ms, p95 ${result.latency.p95Ms.toFixed(2)} ms (CPU time: median ${result.cpu.medianMs.toFixed(2)} ms, p95 ${result.cpu.p95Ms.toFixed(2)} ms)`,
    '',
  ].join('\n');
}

export async function runRecallSection(options: QualityOptions, machine: Record<string, unknown>): Promise<void> {
  const settings = qualitySettings(options);
  const secrets = { openAiApiKey: options.env.MINDLOOM_OPENAI_API_KEY?.trim() || options.env.OPENAI_API_KEY?.trim() || undefined };
  if (settings.provider === 'openai' && secrets.openAiApiKey === undefined) {
    throw new Error(
      'the recall bench with --provider openai needs an embedding endpoint and its key: set MINDLOOM_OPENAI_API_KEY, and name the endpoint with MINDLOOM_OPENAI_BASE_URL and MINDLOOM_OPENAI_EMBEDDING_MODEL (a local server) or --settings-from a mind configured for one',
    );
  }
  const results = await runRecallBench({ splits: options.splits, settings, secrets });
  for (const result of results) process.stdout.write(describe(result));
  const verdicts = recallVerdicts(results);
  writeRecallReport(results, verdicts, settings.provider, machine);
}

function writeRecallReport(results: readonly SplitResult[], verdicts: readonly RecallVerdict[], provider: string, machine: Record<string, unknown>): void {
  const out = join(resultsDir, 'recall.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, provider, targets: RECALL_TARGETS, verdicts, results }, null, 2)}\n`);
  const lines = verdicts.map((v) => `  ${v.pass ? 'PASS' : 'MISS'}  ${v.check.padEnd(34)} ${v.value.toFixed(3)} (target ${v.target})`);
  process.stdout.write(`${verdicts.length > 0 ? `held-out targets (${provider}):\n${lines.join('\n')}\n` : ''}wrote ${relative(process.cwd(), out)}\n`);
}

/** Recall's latency at scale: a table, the p95 verdicts and bench/results/recall-latency.json. */
export function reportRecallLatency(results: readonly RecallLatency[], machine: Record<string, unknown>): void {
  const verdict = (p95: number, target: number | null) => (target === null ? '' : p95 < target ? 'PASS' : 'MISS');
  const header = `${'recall at scale'.padEnd(50)}${'median'.padStart(9)}${'p95'.padStart(9)}${'target'.padStart(9)}  `;
  const rows = results.flatMap((r) =>
    [r.inProcess, r.inProcessCpu, r.mcp].flatMap((t) =>
      t === null
        ? []
        : [
            `${`${t.name} @ ${r.size.toLocaleString('en')}`.padEnd(50)}${t.medianMs.toFixed(2).padStart(9)}${t.p95Ms.toFixed(2).padStart(9)}${(r.targetP95Ms === null ? '' : `< ${r.targetP95Ms}`).padStart(9)}  ${verdict(t.p95Ms, r.targetP95Ms)}`,
          ],
    ),
  );
  const notes = results.map((r) => `${r.size.toLocaleString('en')}: opening the copy (the turn index's backfill) took ${(r.migrateMs / 1000).toFixed(1)} s${r.mcp === null ? '; MCP not measured (npm run build:cli first)' : ''}`);
  process.stdout.write(`\n${header}\n${'-'.repeat(header.length)}\n${rows.join('\n')}\n${notes.join('\n')}\n`);
  const out = join(resultsDir, 'recall-latency.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
