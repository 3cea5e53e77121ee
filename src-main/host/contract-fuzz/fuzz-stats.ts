/** The fuzz's figures: calls made, answers by code, latency, and the longest another writer waited for the lock. */
import { percentile } from '../../../shared/percentile';
import type { CallOutcome } from './fuzz-host';

export interface FuzzStats {
  calls: number;
  /** `ok`, an error code, or `no_answer` / `host_died`. */
  answers: Record<string, number>;
  latenciesMs: number[];
  /** The longest the write lock stayed held while another connection asked for it, and the calls running meanwhile. */
  longestLockWait: { ms: number; during: string[] };
  /** The slowest calls, slowest first. */
  slowest: { name: string; ms: number }[];
}

export function emptyStats(): FuzzStats {
  return { calls: 0, answers: {}, latenciesMs: [], longestLockWait: { ms: 0, during: [] }, slowest: [] };
}

const SLOWEST = 8;

export function recordCall(stats: FuzzStats, name: string, outcome: CallOutcome): void {
  stats.calls += 1;
  const code = outcome.kind === 'answer' ? (outcome.result.ok ? 'ok' : outcome.result.error.code) : outcome.kind;
  stats.answers[code] = (stats.answers[code] ?? 0) + 1;
  stats.latenciesMs.push(outcome.ms);
  if (stats.slowest.length < SLOWEST || outcome.ms > (stats.slowest.at(-1)?.ms ?? 0)) {
    stats.slowest = [...stats.slowest, { name: `${name} → ${code}`, ms: Math.round(outcome.ms) }].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  }
}

export interface StatsSummary {
  calls: number;
  answers: Record<string, number>;
  latencyMs: { p50: number; p99: number; max: number };
  longestLockWaitMs: number;
  longestLockWaitDuring: string[];
  slowest: { name: string; ms: number }[];
}

export function summarize(stats: FuzzStats): StatsSummary {
  const at = (p: number) => (stats.latenciesMs.length === 0 ? 0 : round(percentile(stats.latenciesMs, p)));
  return {
    calls: stats.calls,
    answers: Object.fromEntries(Object.entries(stats.answers).sort(([, a], [, b]) => b - a)),
    latencyMs: { p50: at(50), p99: at(99), max: at(100) },
    longestLockWaitMs: round(stats.longestLockWait.ms),
    longestLockWaitDuring: stats.longestLockWait.during,
    slowest: stats.slowest,
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
