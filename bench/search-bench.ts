/**
 * `npm run bench -- --search`: `memories.search` at each cached size, by the kind of query that
 * used to cost most: the mind's commonest words, two of them together, the 2- and 3-letter prefixes
 * a person types on the way to them, rare words, the store bench's typical mix, and words cut off
 * mid-way (5 letters of a long common word); and the Browser's text filter (`memories.list`, its
 * first page) by the same kinds under two sorts. Queries come from the index's own vocabulary, so a
 * run of older code on the same mind asks the same ones. Runs in a copy of the cached mind: opening
 * may migrate it (timed), and the cache stays as the generator left it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listMemories, type SortKey } from '../src-main/mind/list';
import { openMind } from '../src-main/mind/mind';
import { searchMemories } from '../src-main/mind/search';
import { indexedWords } from '../src-main/store/search-vocabulary';
import { measure, median, p95, type Timing } from './measure';
import { searchQueries } from './search-queries';

const benchDir = dirname(fileURLToPath(import.meta.url));

export interface SearchBenchResult {
  size: number;
  /** Opening the copy, which migrates it when the code is newer than the cache. */
  openMs: number;
  timings: QueryTiming[];
  queries: Record<string, string[]>;
}

const QUERIES_PER_KIND = 20;

/** The Browser's page of a list (renderer `LIST_PAGE_SIZE`). */
const LIST_PAGE = 100;

/** The query kinds the Browser's text filter is timed on, under its default sort and one other. */
const LIST_KINDS = ['rare word', 'common word', 'two common words', '2-letter prefix', '3-letter prefix'] as const;
const LIST_SORTS: readonly SortKey[] = ['updated', 'confidence'];
const isWord = (word: string) => /^[a-z]+$/.test(word);

/** The queries of each kind, drawn from the words the mind holds (deterministic for a given mind). */
export function searchBenchQueries(words: readonly { word: string; memories: number }[], seed: number, size: number): Record<string, string[]> {
  const common = words.filter((w) => isWord(w.word) && w.word.length >= 2).map((w) => w.word);
  const commonest = common.slice(0, QUERIES_PER_KIND);
  const pairs = Array.from({ length: QUERIES_PER_KIND }, (_, i) => `${common[i % 10]} ${common[10 + ((i * 7) % 20)]}`);
  const prefixes = (n: number) => [...new Set(common.filter((w) => w.length > n).map((w) => w.slice(0, n)))].slice(0, QUERIES_PER_KIND);
  const rare = words.filter((w) => isWord(w.word) && w.word.length >= 5 && w.memories >= 3 && w.memories <= 50);
  const step = Math.max(1, Math.floor(rare.length / QUERIES_PER_KIND));
  return {
    'common word': commonest,
    'two common words': pairs,
    '2-letter prefix': prefixes(2),
    '3-letter prefix': prefixes(3),
    'rare word': rare.filter((_, i) => i % step === 0).slice(0, QUERIES_PER_KIND).map((w) => w.word),
    'typical mix (store bench)': searchQueries(seed, size, 200),
    'word cut at 5 letters': [...new Set(common.filter((w) => w.length >= 8).map((w) => w.slice(0, 5)))].filter((p) => !common.includes(p)).slice(0, QUERIES_PER_KIND),
  };
}

export function runSearchBench(options: { path: string; size: number; seed: number; reps: number }): SearchBenchResult {
  // A folder of its own: a migration leaves its backup of the copy beside it, and all of it goes afterwards.
  const folder = mkdtempSync(join(tmpdir(), 'mindloom-search-bench-'));
  const copy = join(folder, 'mind.mind');
  copyFileSync(options.path, copy);
  try {
    const opened = performance.now();
    const mind = openMind(copy, { mustExist: true });
    const openMs = performance.now() - opened;
    try {
      const queries = searchBenchQueries(indexedWords(mind.store.db), options.seed, options.size);
      const reps = (list: readonly string[]) => Math.max(options.reps, list.length);
      const timings = Object.entries(queries).map(([kind, list]) =>
        timeQueries(kind, list, reps(list), (query) => searchMemories(mind, query, { limit: 50 }).length),
      );
      // The Browser's text filter (`memories.list`): the first page of each query, as the list opens.
      for (const sort of LIST_SORTS) {
        for (const kind of LIST_KINDS) {
          const list = queries[kind] as string[];
          timings.push(timeQueries(`list by ${sort}: ${kind}`, list, reps(list), (text) => listMemories(mind, { filter: { text }, sort, limit: LIST_PAGE }).items.length));
        }
      }
      return { size: options.size, openMs, timings, queries };
    } finally {
      mind.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A query timing with the CPU time this process spent on it beside the wall time: on a machine
 * shared with other work, wall time's p95 measures the waits for a core as much as the search, and
 * CPU time does not (it counts the process's other threads too, which a search barely wakes).
 */
export interface QueryTiming extends Timing {
  cpuMedianMs: number;
  cpuP95Ms: number;
}

/** Times `run` over the queries in turn; `run` answers how many hits it found. */
function timeQueries(name: string, list: readonly string[], reps: number, run: (query: string) => number): QueryTiming {
  const cpu: number[] = [];
  const timing = measure({
    name,
    reps,
    // Warm-up runs come with negative indexes: their CPU time is not kept.
    input: (i) => ({ i, query: list[((i % list.length) + list.length) % list.length] as string }),
    run: ({ i, query }) => {
      const started = process.cpuUsage();
      const hits = run(query);
      const spent = process.cpuUsage(started);
      if (i >= 0) cpu.push((spent.user + spent.system) / 1000);
      return hits;
    },
    sizeOf: (hits) => hits as number,
  });
  return { ...timing, cpuMedianMs: round(median(cpu)), cpuP95Ms: round(p95(cpu)) };
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Search's target at every size the issue names: p95 under 10 ms. */
export const SEARCH_TARGET_MS = 10;

export function reportSearchBench(results: readonly SearchBenchResult[], machine: Record<string, unknown>): void {
  const ms = (value: number) => value.toFixed(2).padStart(9);
  for (const result of results) {
    const header = `${`search @ ${result.size.toLocaleString('en')} memories`.padEnd(40)}${'median'.padStart(9)}${'p95'.padStart(9)}${'target'.padStart(9)}  ${''.padEnd(6)}${'cpu p50'.padStart(9)}${'cpu p95'.padStart(9)}${'reps'.padStart(6)}${'hits'.padStart(9)}`;
    const rows = result.timings.map(
      (t) =>
        `${t.name.padEnd(40)}${ms(t.medianMs)}${ms(t.p95Ms)}${`< ${SEARCH_TARGET_MS}`.padStart(9)}  ${(t.p95Ms < SEARCH_TARGET_MS ? 'PASS' : 'MISS').padEnd(6)}${ms(t.cpuMedianMs)}${ms(t.cpuP95Ms)}${String(t.reps).padStart(6)}${String(t.meanSize ?? '').padStart(9)}`,
    );
    process.stdout.write(`\n${header}\n${'-'.repeat(header.length)}\n${rows.join('\n')}\n(opening the copy, migrations included: ${(result.openMs / 1000).toFixed(1)} s)\n`);
  }
  const out = join(benchDir, 'results', 'search.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, targetMs: SEARCH_TARGET_MS, results }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
