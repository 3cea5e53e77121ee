/** Timing and its statistics: many repetitions of one operation, summarized by median and p95. */
import { percentile } from '../shared/percentile';

export const median = (values: readonly number[]): number => percentile(values, 50);
export const p95 = (values: readonly number[]): number => percentile(values, 95);

export interface Timing {
  name: string;
  reps: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  /** What one repetition returned on average (rows, nodes, …), when it says something. */
  meanSize?: number;
}

export interface MeasureOptions<T> {
  name: string;
  reps: number;
  /** Untimed runs first, so a cold cache or lazy statement compilation is not measured as typical: at least this many… */
  warmup?: number;
  /**
   * …and for at least this long (default 100 ms, tinybench's default). V8 optimizes a function only
   * after some hundreds of calls: a search on a 20k mind ran its first 100 calls 1.4× slower than
   * the rest, so a warm-up of two runs timed the interpreter as much as the code.
   */
  warmupMs?: number;
  /** Prepares the input of repetition i (untimed): a random id, a random query, … */
  input: (i: number) => T;
  run: (input: T) => unknown;
  /** How big a result was (e.g. nodes in a lineage), averaged into `meanSize`. */
  sizeOf?: (result: unknown) => number;
}

export function measure<T>(options: MeasureOptions<T>): Timing {
  const warmup = options.warmup ?? 2;
  const warmupMs = options.warmupMs ?? 100;
  const warmupStarted = performance.now();
  for (let i = 0; i < warmup || performance.now() - warmupStarted < warmupMs; i++) options.run(options.input(-1 - i));
  const times: number[] = [];
  let totalSize = 0;
  for (let i = 0; i < options.reps; i++) {
    const input = options.input(i);
    const started = performance.now();
    const result = options.run(input);
    times.push(performance.now() - started);
    if (options.sizeOf) totalSize += options.sizeOf(result);
  }
  return summarize(options.name, times, options.sizeOf ? totalSize / options.reps : undefined);
}

export function summarize(name: string, times: readonly number[], meanSize?: number): Timing {
  return {
    name,
    reps: times.length,
    medianMs: round(median(times)),
    p95Ms: round(p95(times)),
    minMs: round(Math.min(...times)),
    maxMs: round(Math.max(...times)),
    ...(meanSize === undefined ? {} : { meanSize: Math.round(meanSize * 10) / 10 }),
  };
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
