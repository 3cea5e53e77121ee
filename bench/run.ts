/**
 * `npm run bench`: generates (or reuses) minds of each size and runs the store benchmarks on them.
 *   --sizes 100000,1000000   sizes to run (default)
 *   --quick                  10,000 memories only, fewer repetitions (a smoke run)
 *   --seed N                 generator seed (default 42)
 *   --reps N                 repetitions of the quick operations (default 200; 40 with --quick)
 *   --consolidation          only the consolidation benchmark (10,000 beliefs + 10,000 episodes)
 *   --ui                     only the UI bench (the app in Chromium through `mindloom serve`)
 *   --quality                only the quality bench (planted corpora, bench/quality/quality-report.ts):
 *     --provider offline|openai, --corpus lexical|paraphrase, --split calibration|heldout,
 *     --settings-from MIND (the openai endpoint a mind's settings name)
 *     --provider agent: the connected agent's model (MCP sampling) needs a real model to answer; the bench
 *     says so and runs a scripted agent answering with the planted lessons, labelled as such
 *   --recall                 only the recall bench (generated long conversations imported as transcripts, bench/recall/):
 *     recall@5/@10 per category beside plain bm25, and latency → bench/results/recall.json;
 *     --provider openai, --split calibration|heldout, --settings-from MIND as for --quality;
 *     --recall-corpus PATH: a LoCoMo-format file, or a folder of them (kept outside the repository), measured instead, on screen only
 *   --recall-latency         only recall's latency at scale, in-process and over MCP stdio, on a migrated copy of each
 *                            cached mind of --sizes (never generated for it) → bench/results/recall-latency.json
 *   --mcp                    only the MCP bench (recall, consult, a write over stdio on the 100k mind)
 *   --reflect                only the reflect bench on the 100k mind: reflect (batch of 50) and propose_beliefs (10),
 *                            through the SDK's client in process → bench/results/reflect.json
 *   --live                   only the live bench (the Browser scrolling the 1M mind while an agent writes)
 *   --trust                  only the trust bench on the largest size (run lease, forget impact, check, backup)
 *   --travel                 only the time travel bench on the largest size (as-of Browser page, mind diff over a
 *                            month: store, round trip and painted in Chromium through `mindloom serve`), bench/results/travel.json
 *   --timeline               only the timeline bench (a belief reinforced 5,000 times, its Timeline tab in
 *                            Chromium through `mindloom serve`; --reps sets its repetitions, default 10)
 *   --lineage                only the lineage bench on the largest size (query, elk vs the fast layout, the
 *                            Lineage view's click to painted, pan/zoom with 5,000 nodes) → bench/results/lineage.json
 *   --kernle [PATH]          only the Kernle bench: import PATH (default: a generated 20k Kernle database) and time
 *                            lineage, the uncertain list, search and a belief's history against Kernle's SDK
 *   --fuzz                   only the contract fuzz (src-main/host/contract-fuzz) at --reps times the test's size
 *                            (default 10), --seed N: calls, answers by code, latency, lock waits → bench/results/fuzz.json
 *   --search                 only the search bench: memories.search by kind of query (commonest words, two of them,
 *                            2- and 3-letter prefixes, rare words, the typical mix) and the Browser's text filter
 *                            (memories.list by updated and by confidence) at each size whose mind is cached
 *                            (the smallest generated first when missing), in a copy (opening may migrate it) → bench/results/search.json
 *   --code-refs              only the code references bench: check-refs over 10,000 code refs into a generated git
 *                            repository after a commit that edits, deletes and renames files → bench/results/code-refs.json
 *   --follow                 only the linked-source bench: an agent process writing 10 Kernle notes a second for a
 *                            minute while `import kernle --follow` runs (killed with SIGKILL halfway, restarted) → bench/results/follow.json
 *   --follow --source engram|alexandria   the same with an Engram or Alexandria agent writing into a copy of its fixture → follow-SYSTEM.json
 *   --interop                only the interop bench: Mindloom JSON export of each size whose mind is cached
 *                            (the smallest generated first when missing), and 3 imports of the smallest into a fresh mind,
 *                            then one more while another process writes (how long its writes wait for the lock)
 * Prints a table per size and writes bench/results/store-<N>.json; then the consolidation
 * benchmark, which writes bench/results/consolidation.json; then the UI bench on the largest
 * size, which writes bench/results/ui.json.
 */
import { cpus, totalmem } from 'node:os';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_SEED, GENERATOR_VERSION, generateMind, type GenerateResult, removeMindFile } from './generate/generate';
import { GENERATION_META_KEY } from './generate/landmarks';
import type { Timing } from './measure';
import { openStore } from '../src-main/store/connection';
import { readMeta } from '../src-main/store/meta-repo';
import { runStoreBench, TARGETS_AT_1M } from './store-bench';
import { reportReflectBench, runReflectBench } from './reflect-bench';
import { reportConsolidationBench, runConsolidationBench } from './consolidation-bench';
import { reportTrustBench, runTrustBench } from './trust-bench';
import { reportTimelineBench, runTimelineBench } from './timeline-bench';
import { reportUiBench, runUiBench } from './ui-bench';
import { CORPUS_NAMES, SPLITS } from './quality/corpus';
import { type QualityOptions, qualitySettings, runQualityBench, writeQualityReport } from './quality/quality-report';
import { PROVIDER_IDS, type ProviderId } from '../shared/settings';
import { reportMcpBench, runMcpBench } from './mcp-bench';
import { type RecallSectionOptions, reportRecallLatency, runRecallSection } from './recall/recall-report';
import { measureRecallLatency, type RecallLatency } from './recall/recall-latency';
import { reportLiveBench, runLiveBench } from './live-bench';
import { reportTravelBench, runTravelBench } from './travel-bench';
import { reportLineageBench, runLineageBench } from './lineage-bench';
import { reportKernleBench, runKernleBench } from './kernle-bench';
import { reportInteropBench, runInteropBench } from './interop-bench';
import { runFuzzBench } from './fuzz-bench';
import { reportSearchBench, runSearchBench } from './search-bench';
import { reportCodeRefsBench, runCodeRefsBench } from './code-refs-bench';
import { type FollowedSystem, reportFollowBench, runFollowBench } from './follow-bench';

const benchDir = dirname(fileURLToPath(import.meta.url));

/** The generator's report without the path it wrote to (the cache file may have moved since). */
type GenerationFigures = Omit<GenerateResult, 'path'> & { path?: undefined };

interface Args {
  sizes: number[];
  consolidationOnly: boolean;
  uiOnly: boolean;
  quality: QualityOptions | null;
  recall: RecallSectionOptions | null;
  recallLatencyOnly: boolean;
  mcpOnly: boolean;
  liveOnly: boolean;
  trustOnly: boolean;
  travelOnly: boolean;
  /** --timeline: its repetitions (--reps when given, else 10: each opens a page in Chromium). */
  timeline: { reps: number } | null;
  lineageOnly: boolean;
  /** `--kernle`: null when absent; `{path: undefined}` for a generated database. */
  kernle: { path: string | undefined } | null;
  interopOnly: boolean;
  /** --fuzz: the fuzz's scale (--reps, default 10) and seed (--seed, default 27). */
  fuzz: { scale: number; seed: number } | null;
  reflectOnly: boolean;
  searchOnly: boolean;
  codeRefsOnly: boolean;
  followOnly: boolean;
  followSource: FollowedSystem;
  seed: number;
  reps: number;
}

function parse(argv: string[]): Args {
  const { values, positionals } = parseArgs({
    args: argv,
    // `--kernle PATH`: the path is the one positional argument.
    allowPositionals: true,
    options: {
      kernle: { type: 'boolean' },
      sizes: { type: 'string' },
      quick: { type: 'boolean' },
      seed: { type: 'string' },
      reps: { type: 'string' },
      consolidation: { type: 'boolean' },
      ui: { type: 'boolean' },
      quality: { type: 'boolean' },
      recall: { type: 'boolean' },
      'recall-latency': { type: 'boolean' },
      'recall-corpus': { type: 'string' },
      provider: { type: 'string' },
      corpus: { type: 'string' },
      split: { type: 'string' },
      'settings-from': { type: 'string' },
      mcp: { type: 'boolean' },
      live: { type: 'boolean' },
      trust: { type: 'boolean' },
      travel: { type: 'boolean' },
      timeline: { type: 'boolean' },
      lineage: { type: 'boolean' },
      interop: { type: 'boolean' },
      fuzz: { type: 'boolean' },
      reflect: { type: 'boolean' },
      search: { type: 'boolean' },
      'code-refs': { type: 'boolean' },
      follow: { type: 'boolean' },
      source: { type: 'string' },
    },
  });
  const whole = (text: string, what: string) => {
    const n = Number(text.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a whole number of at least 1 (got "${text}")`);
    return n;
  };
  const sizes = values.quick ? [10_000] : (values.sizes ?? '100000,1000000').split(',').map((s) => whole(s.trim(), '--sizes'));
  return {
    sizes,
    consolidationOnly: values.consolidation ?? false,
    uiOnly: values.ui ?? false,
    quality: values.quality ? qualityOptions(values) : null,
    recall: values.recall ? { ...qualityOptions(values), corpusPath: values['recall-corpus'] } : null,
    recallLatencyOnly: values['recall-latency'] ?? false,
    mcpOnly: values.mcp ?? false,
    liveOnly: values.live ?? false,
    trustOnly: values.trust ?? false,
    travelOnly: values.travel ?? false,
    timeline: values.timeline ? { reps: values.reps === undefined ? 10 : whole(values.reps, '--reps') } : null,
    lineageOnly: values.lineage ?? false,
    kernle: kernleOption(values.kernle ?? false, positionals),
    interopOnly: values.interop ?? false,
    fuzz: values.fuzz ? { scale: values.reps === undefined ? 10 : whole(values.reps, '--reps'), seed: values.seed === undefined ? 27 : whole(values.seed, '--seed') } : null,
    reflectOnly: values.reflect ?? false,
    searchOnly: values.search ?? false,
    codeRefsOnly: values['code-refs'] ?? false,
    followOnly: values.follow ?? false,
    followSource: followSourceOf(values.source),
    seed: values.seed === undefined ? DEFAULT_SEED : whole(values.seed, '--seed'),
    reps: values.reps === undefined ? (values.quick ? 40 : 200) : whole(values.reps, '--reps'),
  };
}

/** `--source` of `--follow`: which system's agent writes (Kernle when not given). */
function followSourceOf(source: string | undefined): FollowedSystem {
  if (source === undefined) return 'kernle';
  if (source === 'kernle' || source === 'engram' || source === 'alexandria') return source;
  throw new Error(`--source must be kernle, engram or alexandria (got "${source}").`);
}

function kernleOption(kernle: boolean, positionals: string[]): Args['kernle'] {
  if (positionals.length > (kernle ? 1 : 0)) throw new Error(`unexpected arguments: ${positionals.join(' ')} (only --kernle takes a PATH)`);
  return kernle ? { path: positionals[0] } : null;
}

function qualityOptions(values: { provider?: string; corpus?: string; split?: string; 'settings-from'?: string }): QualityOptions {
  const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], what: string): T[] => {
    if (value === undefined) return [...allowed];
    const found = allowed.find((a) => a === value);
    if (!found) throw new Error(`${what} must be one of ${allowed.join(', ')} (got "${value}")`);
    return [found];
  };
  return {
    provider: oneOf(values.provider, PROVIDER_IDS, '--provider')[0] as ProviderId,
    corpora: oneOf(values.corpus, CORPUS_NAMES, '--corpus'),
    splits: oneOf(values.split, SPLITS, '--split'),
    settingsFrom: values['settings-from'],
    env: process.env,
  };
}

const cachedMindPath = (size: number, seed: number) => join(benchDir, '.cache', `mind-${size}-${seed}.mind`);

/** The cached mind of this size and seed, generated first when missing or from another generator. */
function mindFor(size: number, seed: number): { path: string; generation: GenerationFigures; cached: boolean } {
  const path = cachedMindPath(size, seed);
  mkdirSync(dirname(path), { recursive: true });
  if (existsSync(path)) {
    const store = openStore(path, { mustExist: true });
    try {
      const stored = readMeta(store.db, GENERATION_META_KEY);
      const generation = stored === null ? null : (JSON.parse(stored) as GenerationFigures);
      if (generation?.generatorVersion === GENERATOR_VERSION) return { path, generation, cached: true };
    } finally {
      store.close();
    }
    process.stderr.write(`the cached mind at ${relative(process.cwd(), path)} is from another generator; regenerating\n`);
    removeMindFile(path);
  }
  process.stderr.write(`generating ${size.toLocaleString('en')} memories (seed ${seed}) into ${relative(process.cwd(), path)}\n`);
  let lastReport = 0;
  const generation = generateMind({
    memories: size,
    out: path,
    seed,
    onProgress: (done, total) => {
      const now = performance.now();
      if (now - lastReport > 10_000 || done === total) {
        lastReport = now;
        process.stderr.write(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')}\n`);
      }
    },
  });
  return { path, generation: { ...generation, path: undefined }, cached: false };
}

function verdict(timing: Timing, target: number | undefined): string {
  if (target === undefined) return '';
  if (timing.p95Ms < target) return 'PASS';
  return timing.medianMs < target ? 'PASS*' : 'MISS';
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (ms: number) => ms.toFixed(2).padStart(9);

function printTable(size: number, timings: readonly Timing[]): void {
  const rows = timings.map((t) => {
    const target = TARGETS_AT_1M[t.name];
    return `${pad(t.name, 34)}${num(t.medianMs)}${num(t.p95Ms)}${(target === undefined ? '' : `< ${target}`).padStart(9)}  ${pad(verdict(t, target), 6)}${String(t.reps).padStart(6)}${t.meanSize === undefined ? '' : String(t.meanSize).padStart(9)}`;
  });
  const header = `${pad(`store @ ${size.toLocaleString('en')} memories`, 34)}${'median'.padStart(9)}${'p95'.padStart(9)}${'target'.padStart(9)}  ${pad('', 6)}${'reps'.padStart(6)}${'size'.padStart(9)}`;
  process.stdout.write(`\n${header}\n${'-'.repeat(header.length)}\n${rows.join('\n')}\n`);
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
  if (args.quality) {
    writeQualityReport(await runQualityBench(args.quality), qualitySettings(args.quality), machine);
    return;
  }
  if (args.recall) {
    await runRecallSection(args.recall, machine);
    return;
  }
  if (args.recallLatencyOnly) {
    const results: RecallLatency[] = [];
    for (const size of args.sizes) {
      const cached = cachedMindPath(size, args.seed);
      if (existsSync(cached)) results.push(await measureRecallLatency({ cachedMind: cached, size, seed: args.seed, reps: args.reps }));
      else process.stderr.write(`no cached ${size.toLocaleString('en')}-memory mind (npm run bench generates it): skipped\n`);
    }
    reportRecallLatency(results, machine);
    return;
  }
  if (args.travelOnly) {
    const size = Math.max(...args.sizes);
    reportTravelBench(await runTravelBench({ mindPath: mindFor(size, args.seed).path, size, reps: Math.min(args.reps, 7) }), machine);
    return;
  }
  if (args.timeline) {
    reportTimelineBench(await runTimelineBench(args.timeline), machine);
    return;
  }
  if (args.lineageOnly) {
    const size = Math.max(...args.sizes);
    reportLineageBench(await runLineageBench({ mindPath: mindFor(size, args.seed).path, reps: Math.min(args.reps, 5) }), machine);
    return;
  }
  if (args.followOnly) {
    reportFollowBench(await runFollowBench(args.followSource), machine);
    return;
  }
  if (args.codeRefsOnly) {
    // Each repetition of the check that finds changes undoes the previous one first: a few are enough.
    reportCodeRefsBench(runCodeRefsBench({ reps: Math.min(args.reps, 5) }), machine);
    return;
  }
  if (args.kernle) {
    reportKernleBench(runKernleBench({ path: args.kernle.path, seed: args.seed, reps: args.reps }), machine);
    return;
  }
  if (args.fuzz) {
    await runFuzzBench({ ...args.fuzz, machine });
    return;
  }
  if (args.interopOnly) {
    const minds = cachedSizes(args).map((size) => ({ size, path: mindFor(size, args.seed).path }));
    reportInteropBench(await runInteropBench({ minds, imports: 3 }), machine);
    return;
  }
  if (args.reflectOnly) {
    const size = Math.min(...args.sizes);
    reportReflectBench(await runReflectBench({ mindPath: mindFor(size, args.seed).path, size, seed: args.seed, reps: Math.min(args.reps, 30) }), machine);
    return;
  }
  if (args.searchOnly) {
    reportSearchBench(cachedSizes(args).map((size) => runSearchBench({ path: mindFor(size, args.seed).path, size, seed: args.seed, reps: args.reps })), machine);
    return;
  }
  if (args.trustOnly) {
    const size = Math.max(...args.sizes);
    reportTrustBench(await runTrustBench({ mindPath: mindFor(size, args.seed).path, size, seed: args.seed, reps: args.reps }), machine);
    return;
  }
  const only = args.consolidationOnly || args.uiOnly || args.mcpOnly || args.liveOnly;
  for (const size of only ? [] : args.sizes) {
    const mind = mindFor(size, args.seed);
    const g = mind.generation;
    process.stdout.write(
      `\nmind ${relative(process.cwd(), mind.path)}: ${g.memories.toLocaleString('en')} memories, ${g.links.toLocaleString('en')} links, ${g.journalEntries.toLocaleString('en')} journal entries; ` +
        `generated in ${(g.durationMs / 1000).toFixed(1)} s (${Math.round(g.memories / (g.durationMs / 1000)).toLocaleString('en')} memories/s)${mind.cached ? ', cached' : ''}\n`,
    );
    const result = runStoreBench({ path: mind.path, seed: args.seed, reps: args.reps });
    printTable(size, result.timings);
    if (result.ancestorHub) process.stdout.write(`(hub ${result.ancestorHub.id}: ${result.ancestorHub.ancestors} ancestors)\n`);
    process.stdout.write('targets are the issue\'s at 1M memories; PASS: p95 under target, PASS*: median under but p95 over, MISS: median over\n');
    const out = join(benchDir, 'results', `store-${size}.json`);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      `${JSON.stringify(
        {
          size,
          seed: args.seed,
          date: new Date().toISOString(),
          machine,
          generation: { ...g, cached: mind.cached, memoriesPerSecond: Math.round(g.memories / (g.durationMs / 1000)) },
          ancestorHub: result.ancestorHub,
          timings: result.timings.map((t) => ({
            ...t,
            targetMs: TARGETS_AT_1M[t.name] ?? null,
            verdict: verdict(t, TARGETS_AT_1M[t.name]) || null,
          })),
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
  }
  if (!only || args.consolidationOnly) reportConsolidationBench(await runConsolidationBench({ seed: args.seed, beliefs: 10_000, episodes: 10_000 }), machine);
  if (!only || args.uiOnly) await uiSection(args, machine);
  if (!only || args.mcpOnly) {
    const size = Math.min(...args.sizes);
    const mind = mindFor(size, args.seed);
    reportMcpBench(await runMcpBench({ mindPath: mind.path, size, seed: args.seed, reps: Math.min(args.reps, 200) }), machine);
  }
  if (!only || args.liveOnly) {
    const size = largestGenerated(args);
    reportLiveBench(await runLiveBench({ mindPath: mindFor(size, args.seed).path, size }), machine);
  }
}

/** The sizes asked for whose minds are cached, and the smallest in any case (generated when missing: the 1M mind takes tens of minutes). */
function cachedSizes(args: Args): number[] {
  const smallest = Math.min(...args.sizes);
  return args.sizes.filter((size) => size === smallest || existsSync(cachedMindPath(size, args.seed)));
}

/** The largest size asked for; with --live alone, 100,000 stands in for a large mind never generated. */
function largestGenerated(args: Args): number {
  const size = Math.max(...args.sizes);
  if (!args.liveOnly || size <= 100_000 || existsSync(cachedMindPath(size, args.seed))) return size;
  process.stderr.write(`the ${size.toLocaleString('en')}-memory mind is not generated yet (npm run bench generates it); the live bench runs on 100,000\n`);
  return 100_000;
}

/**
 * The UI bench on the largest size asked for. With --ui alone, a large mind that was never
 * generated (1M takes about 20 minutes) is not generated for it: 100,000 memories stand in.
 */
async function uiSection(args: Args, machine: Record<string, unknown>): Promise<void> {
  let size = Math.max(...args.sizes);
  const fallback = 100_000;
  if (args.uiOnly && size > fallback && !existsSync(cachedMindPath(size, args.seed))) {
    process.stderr.write(
      `the ${size.toLocaleString('en')}-memory mind is not generated yet (npm run bench generates it); the UI bench runs on ${fallback.toLocaleString('en')}\n`,
    );
    size = fallback;
  }
  const mind = mindFor(size, args.seed);
  reportUiBench(await runUiBench({ mindPath: mind.path, size }), machine);
}

await main();
