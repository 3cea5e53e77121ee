/**
 * The consolidation benchmark: a mind with 10,000 active beliefs and 10,000 episodes since the
 * checkpoint, consolidated in one run with the offline provider in the worker thread, as the
 * scheduler runs it. Measures the whole job (target < 10 s) and the main thread's event-loop
 * delay meanwhile (target p99 < 50 ms: the app stays responsive while consolidation runs).
 * The mind is built once per seed and cached under bench/.cache; each run consolidates a copy.
 * The worker is the bundled one the CLI ships (rebuilt first), not the TypeScript sources, which
 * would add tsx's compile time to the start of every run.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMemory } from '../src-main/mind/create';
import { getRunChangeset, listRunHistory } from '../src-main/mind/run-history';
import { type Mind, openMind, wrapStore } from '../src-main/mind/mind';
import { readSettings, writeSettings } from '../src-main/consolidation/settings-store';
import type { RunStage, RunSummary } from '../src-main/consolidation/run-types';
import { startWorkerRun } from '../src-main/consolidation/worker-run';
import { finishBulkLoad, tuneForBulkLoad } from '../src-main/store/bulk-queries';
import { openStore } from '../src-main/store/connection';
import { readMeta, writeMeta } from '../src-main/store/meta-repo';
import { batchingStore } from './generate/batching-store';
import { removeMindFile } from './generate/generate';
import { uniqueHexSource } from '../shared/seeded-ids';
import { createRng } from './generate/prng';
import { episodeText, neutralBeliefText, type Words } from './generate/text';
import { catalogFor } from './generate/topics';
import { measure, type Timing } from './measure';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = dirname(benchDir);

export const TARGETS = { totalMs: 10_000, eventLoopP99Ms: 50 } as const;

/** Bump when what the mind holds changes, so cached minds are rebuilt. */
const MIND_VERSION = 1;
const MIND_META_KEY = 'bench_consolidation_mind';
/** Beliefs age in real time (the worker's clock is the wall clock): rebuild a cached mind after a week. */
const MAX_CACHE_AGE_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;

export interface ConsolidationBenchOptions {
  seed: number;
  beliefs: number;
  episodes: number;
}

interface CachedMind {
  version: number;
  seed: number;
  beliefs: number;
  episodes: number;
  builtAt: number;
  buildMs: number;
}

export interface ConsolidationBenchResult {
  mind: CachedMind & { cached: boolean };
  totalMs: number;
  /** When each stage first reported, ms after the run started. */
  stageStartsMs: Partial<Record<RunStage, number>>;
  eventLoopDelayMs: { p50: number; p99: number; max: number; samples: number };
  summary: Omit<RunSummary, 'actions' | 'skipped'> & { actions: number; skipped: number };
  /** The run as a person then reviews it (#/runs): the list, and pages of its changeset. */
  history: { changes: number; timings: Timing[] };
}

export async function runConsolidationBench(options: ConsolidationBenchOptions): Promise<ConsolidationBenchResult> {
  const mind = cachedMind(options);
  const work = `${mind.path}.run`;
  removeMindFile(work);
  copyFileSync(mind.path, work);
  try {
    // A budget that never stops the run, so the figure is the whole job.
    const workerUrl = bundledWorker();
    const settings = withMindFile(work, (m) => {
      writeSettings(
        m,
        { provider: 'offline', budget: { maxClustersPerCycle: 100_000, maxCycleMs: 24 * 3_600_000 }, scheduler: { enabled: false } },
        'user',
      );
      return readSettings(m);
    });
    // Sampled every millisecond: each value is how late that timer fired (≥ 1 ms by construction).
    const delay = monitorEventLoopDelay({ resolution: 1 });
    const stageStartsMs: Partial<Record<RunStage, number>> = {};
    delay.enable();
    const started = performance.now();
    const run = startWorkerRun(
      { mindPath: work, trigger: 'manual', dryRun: false, settings, secrets: {} },
      {
        workerUrl,
        onProgress: (progress) => {
          stageStartsMs[progress.stage] ??= Math.round(performance.now() - started);
        },
      },
    );
    const summary = await run.result;
    const totalMs = performance.now() - started;
    delay.disable();
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const history = withMindFile(work, (m) => timeRunHistory(m, summary.runId));
    return {
      mind: { ...mind.figures, cached: mind.cached },
      totalMs: Math.round(totalMs),
      stageStartsMs,
      eventLoopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), samples: delay.count },
      summary: { ...summary, actions: summary.actions.length, skipped: summary.skipped.length },
      history,
    };
  } finally {
    removeMindFile(work);
  }
}

/** The run history's reads after a large run: the list of runs, the changeset's first page and one from its middle. */
function timeRunHistory(mind: Mind, runId: string): ConsolidationBenchResult['history'] {
  const first = getRunChangeset(mind, runId, { limit: 200 });
  const middle = first.items[0] === undefined ? null : first.items[0].seq + Math.floor(first.run.changes / 2);
  return {
    changes: first.run.changes,
    timings: [
      measure({ name: 'runs list (50)', reps: 50, input: () => null, run: () => listRunHistory(mind, { limit: 50 }) }),
      measure({ name: 'changeset, first 200', reps: 50, input: () => null, run: () => getRunChangeset(mind, runId, { limit: 200 }) }),
      measure({ name: 'changeset, 200 from the middle', reps: 50, input: () => middle, run: (after) => getRunChangeset(mind, runId, { limit: 200, after }) }),
    ],
  };
}

/** The worker as the CLI bundles it (scripts/build-cli.mjs), built from the current sources. */
function bundledWorker(): URL {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs')], { cwd: root, stdio: 'inherit' });
  return pathToFileURL(join(root, 'out', 'cli', 'consolidation-worker.mjs'));
}

function withMindFile<T>(path: string, work: (mind: Mind) => T): T {
  const mind = openMind(path, { mustExist: true });
  try {
    return work(mind);
  } finally {
    mind.close();
  }
}

/** The cached mind for these options, built first when missing, stale or from another version. */
function cachedMind(options: ConsolidationBenchOptions): { path: string; figures: CachedMind; cached: boolean } {
  const path = join(benchDir, '.cache', `consolidation-${options.beliefs}-${options.episodes}-${options.seed}.mind`);
  mkdirSync(dirname(path), { recursive: true });
  if (existsSync(path)) {
    const store = openStore(path, { mustExist: true });
    let figures: CachedMind | null;
    try {
      const stored = readMeta(store.db, MIND_META_KEY);
      figures = stored === null ? null : (JSON.parse(stored) as CachedMind);
    } finally {
      store.close();
    }
    if (figures?.version === MIND_VERSION && Date.now() - figures.builtAt < MAX_CACHE_AGE_MS) return { path, figures, cached: true };
    removeMindFile(path);
  }
  process.stderr.write(
    `building ${options.beliefs.toLocaleString('en')} beliefs + ${options.episodes.toLocaleString('en')} episodes (seed ${options.seed}) into ${relative(process.cwd(), path)}\n`,
  );
  return { path, figures: buildMind(path, options), cached: false };
}

/**
 * Beliefs written over the last sixty days (recent enough that no archive gate fires on age
 * alone), then the episodes of the last week, all about the generator's topics so episodes of
 * one topic cluster and some clusters land near an existing belief.
 */
function buildMind(path: string, options: ConsolidationBenchOptions): CachedMind {
  const started = performance.now();
  const temp = `${path}.building-${process.pid}`;
  removeMindFile(temp);
  const builtAt = Date.now();
  let now = builtAt - 60 * DAY_MS;
  const store = openStore(temp);
  let figures: CachedMind;
  try {
    tuneForBulkLoad(store.db);
    const mind = wrapStore(batchingStore(store), { clock: () => now, randomHex: uniqueHexSource(options.seed) });
    const rng = createRng(options.seed);
    const catalog = catalogFor(options.seed, options.beliefs + options.episodes);
    const words = (): Words => ({ rng, catalog, topic: catalog.topics[catalog.pickTopic(rng)] as Words['topic'] });
    const write = (count: number, span: number, make: () => Parameters<typeof createMemory>[1]) => {
      const step = span / count;
      store.transaction(() => {
        for (let i = 0; i < count; i++) {
          now += step;
          createMemory(mind, make(), { actor: 'agent:bench' });
        }
      });
    };
    write(options.beliefs, 53 * DAY_MS, () => ({ type: 'belief', ...neutralBeliefText(words()), reviewStatus: 'approved' }));
    write(options.episodes, 7 * DAY_MS - 60_000, () => ({ type: 'episode', ...episodeText(words()) }));
    figures = {
      version: MIND_VERSION,
      seed: options.seed,
      beliefs: options.beliefs,
      episodes: options.episodes,
      builtAt,
      buildMs: Math.round(performance.now() - started),
    };
    writeMeta(store.db, MIND_META_KEY, JSON.stringify(figures));
    finishBulkLoad(store.db);
  } catch (error) {
    store.close();
    removeMindFile(temp);
    throw error;
  }
  store.close();
  renameSync(temp, path);
  return figures;
}

/** Prints the figures and writes bench/results/consolidation.json. */
export function reportConsolidationBench(result: ConsolidationBenchResult, machine: Record<string, unknown>): void {
  const verdict = (value: number, target: number) => (value < target ? 'PASS' : 'MISS');
  const { eventLoopDelayMs: loop, summary } = result;
  process.stdout.write(
    [
      '',
      `consolidation: ${result.mind.beliefs.toLocaleString('en')} active beliefs + ${result.mind.episodes.toLocaleString('en')} new episodes, offline provider, in the bundled worker${result.mind.cached ? ' (cached mind)' : ''}`,
      `  total                     ${(result.totalMs / 1000).toFixed(2).padStart(8)} s    target < ${TARGETS.totalMs / 1000} s   ${verdict(result.totalMs, TARGETS.totalMs)}`,
      `  main event-loop delay p50 ${loop.p50.toFixed(2).padStart(8)} ms`,
      `  main event-loop delay p99 ${loop.p99.toFixed(2).padStart(8)} ms   target < ${TARGETS.eventLoopP99Ms} ms   ${verdict(loop.p99, TARGETS.eventLoopP99Ms)}`,
      `  main event-loop delay max ${loop.max.toFixed(2).padStart(8)} ms   (${loop.samples} samples at 1 ms)`,
      `  run ${summary.runId}: ${summary.status}; ${summary.clustersFound} clusters, ${summary.created} created, ${summary.reinforced} reinforced, ${summary.contradicted} contradicted, ${summary.proposals} proposals, ${summary.skipped} skipped`,
      `  stages began at (ms): ${Object.entries(result.stageStartsMs).map(([stage, at]) => `${stage} ${at}`).join(', ')}`,
      `  the run's history (${result.history.changes.toLocaleString('en')} changes):`,
      ...result.history.timings.map((t) => `    ${t.name.padEnd(32)} median ${t.medianMs.toFixed(2).padStart(7)} ms   p95 ${t.p95Ms.toFixed(2).padStart(7)} ms`),
      '',
    ].join('\n'),
  );
  const out = join(benchDir, 'results', 'consolidation.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, targets: TARGETS, ...result }, null, 2)}\n`,
  );
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
