/**
 * The recall bench's report: one table per split (recall@5/@10 per category beside plain bm25,
 * and latency), the held-out verdicts, and bench/results/recall.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MindSettings } from '../../shared/settings';
import type { QualityOptions } from '../quality/quality-report';
import { qualitySettings } from '../quality/quality-report';
import { CATEGORIES } from './corpus';
import { readLocomoCorpus } from './locomo-corpus';
import type { RecallLatency } from './recall-latency';
import { type AtCutoffs, RECALL_TARGETS, type RecallVerdict, recallVerdicts, runRecallBench, type Scores, type SplitResult } from './recall-bench';

const resultsDir = join(dirname(dirname(fileURLToPath(import.meta.url))), 'results');

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(8);

export interface RecallSectionOptions extends QualityOptions {
  /** A LoCoMo-format file of conversations to measure instead of the generated corpus (locomo-corpus.ts). */
  corpusPath?: string | undefined;
}

/** One table of a reading of the scores: the share of evidence found (the bench's own), or any / all of it. */
function table(result: SplitResult, title: string, reading: (s: Scores) => AtCutoffs): string[] {
  const row = (name: string, scores: Scores) => {
    const s = reading(scores);
    return `${name.padEnd(13)}${String(scores.questions).padStart(6)}${pct(s.recallAt5)}${pct(s.bm25At5)}${pct(s.recallAt10)}${pct(s.bm25At10)}${pct(s.recallAt10 - s.bm25At10)}`;
  };
  const header = `${title.padEnd(13)}${'n'.padStart(6)}${'rec@5'.padStart(8)}${'bm25@5'.padStart(8)}${'rec@10'.padStart(8)}${'bm25@10'.padStart(8)}${'Δ@10'.padStart(8)}`;
  return [header, '-'.repeat(header.length), ...CATEGORIES.map((c) => row(c, result.byCategory[c])), row('all', result.overall)];
}

function describe(result: SplitResult, source: string, readings: 'share' | 'share, any, all'): string {
  return [
    '',
    `recall / ${source}: ${result.conversations} conversations, ${result.turns} turns (meaning: ${result.meaning})`,
    ...table(result, 'category', (s) => s),
    ...(readings === 'share'
      ? []
      : ['', ...table(result, 'any evidence', (s) => s.anyEvidence), '', ...table(result, 'all evidence', (s) => s.allEvidence)]),
    `latency per question: median ${result.latency.medianMs.toFixed(2)} ms, p95 ${result.latency.p95Ms.toFixed(2)} ms (CPU time: median ${result.cpu.medianMs.toFixed(2)} ms, p95 ${result.cpu.p95Ms.toFixed(2)} ms)`,
    '',
  ].join('\n');
}

export async function runRecallSection(options: RecallSectionOptions, machine: Record<string, unknown>): Promise<void> {
  const settings = qualitySettings(options);
  const secrets = { openAiApiKey: options.env.MINDLOOM_OPENAI_API_KEY?.trim() || options.env.OPENAI_API_KEY?.trim() || undefined };
  if (settings.provider === 'openai' && secrets.openAiApiKey === undefined) {
    throw new Error(
      'the recall bench with --provider openai needs an embedding endpoint and its key: set MINDLOOM_OPENAI_API_KEY, and name the endpoint with MINDLOOM_OPENAI_BASE_URL and MINDLOOM_OPENAI_EMBEDDING_MODEL (a local server) or --settings-from a mind configured for one',
    );
  }
  if (options.corpusPath !== undefined) {
    await runExternalCorpus(options.corpusPath, settings, secrets);
    return;
  }
  const results = await runRecallBench({ splits: options.splits, settings, secrets });
  for (const result of results) process.stdout.write(describe(result, result.split, 'share'));
  const verdicts = recallVerdicts(results);
  writeRecallReport(results, verdicts, settings.provider, machine);
}

/**
 * A public benchmark's conversations, measured the same way and reported on screen only (its data
 * stays outside the repository, and so do its figures). Any / all evidence are shown beside the
 * share, since LoCoMo's figures are usually "any evidence turn in the top k".
 */
async function runExternalCorpus(path: string, settings: MindSettings, secrets: { openAiApiKey?: string | undefined }): Promise<void> {
  const { conversations, adversarialLeftOut } = readLocomoCorpus(path);
  const [result] = await runRecallBench({ splits: ['heldout'], settings, secrets, corpus: { seed: 0, splits: { calibration: [], heldout: conversations } }, external: true });
  if (result === undefined) return;
  process.stdout.write(describe(result, path, 'share, any, all'));
  process.stdout.write(`(${adversarialLeftOut} adversarial questions and those without evidence left out; not written to bench/results)\n`);
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
