/**
 * Recall's latency at scale (`npm run bench -- --recall-latency`): on a copy of each cached
 * generated mind (100k, and 1M when generated; the copy is migrated, the cache is never opened),
 * recall with limit 10, in-process and over MCP stdio (the built CLI's `mindloom mcp`, the SDK's
 * client, round trip included). Queries are what an agent asks: the store bench's search words,
 * and as many questions about a conversation ("What did the user say about … last week?"), which
 * take the turn index, speaker and time paths. Targets: p95 < 20 ms at 100k, < 50 ms at 1M.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { meaningSource } from '../../src-main/consolidation/recall-meaning';
import { openMind } from '../../src-main/mind/mind';
import { recall } from '../../src-main/mind/recall';
import { connectAgent } from '../../e2e/support/agent';
import { summarize, type Timing } from '../measure';
import { searchQueries } from '../search-queries';
import { CLI_BUNDLE } from '../serve-process';

export const RECALL_LATENCY_TARGETS_P95_MS: Record<number, number> = { 100_000: 20, 1_000_000: 50 };

export interface RecallLatency {
  size: number;
  /** How long opening the copy took: the migration's backfill of the turn index on first open. */
  migrateMs: number;
  inProcess: Timing;
  /** The same recalls' CPU time: the wall time an idle machine would see (the bench machine is often shared). */
  inProcessCpu: Timing;
  mcp: Timing | null;
  targetP95Ms: number | null;
}

/** Half plain search words, half questions about a conversation. */
export function recallQueries(seed: number, size: number, count: number): string[] {
  return searchQueries(seed, size, count).map((words, i) => (i % 2 === 0 ? words : `What did the user say about ${words} last week?`));
}

export async function measureRecallLatency(options: { cachedMind: string; size: number; seed: number; reps: number }): Promise<RecallLatency> {
  const folder = mkdtempSync(join(tmpdir(), 'mindloom-recall-latency-'));
  const path = join(folder, 'mind.mind');
  try {
    copyFileSync(options.cachedMind, path);
    const started = performance.now();
    const mind = openMind(path, { mustExist: true });
    const migrateMs = Math.round(performance.now() - started);
    const queries = recallQueries(options.seed, options.size, options.reps + 40);
    let inProcess: Timing;
    let inProcessCpu: Timing;
    try {
      const meaning = await meaningSource(mind, {}).forQuery('');
      const ask = (query: string) => recall(mind, { query, limit: 10 }, { actor: 'user', meaning, recordAccess: false });
      // Warmed up untimed for at least 100 ms, as measure() does.
      const warmupStarted = performance.now();
      for (let i = 0; i < 20 || performance.now() - warmupStarted < 100; i++) ask(queries[i % queries.length] as string);
      const wall: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < options.reps; i++) {
        const query = queries[(20 + i) % queries.length] as string;
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        ask(query);
        const used = process.cpuUsage(cpuStarted);
        wall.push(performance.now() - started);
        cpu.push((used.user + used.system) / 1000);
      }
      inProcess = summarize('recall (limit 10), in-process', wall);
      inProcessCpu = summarize('recall (limit 10), in-process CPU time', cpu);
    } finally {
      mind.close();
    }
    return { size: options.size, migrateMs, inProcess, inProcessCpu, mcp: existsSync(CLI_BUNDLE) ? await overMcp(path, queries, options.reps) : null, targetP95Ms: RECALL_LATENCY_TARGETS_P95_MS[options.size] ?? null };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Recall over MCP stdio, timed in the client. Each call records its accesses, as an agent's does. */
async function overMcp(path: string, queries: readonly string[], reps: number): Promise<Timing> {
  const agent = await connectAgent(path, 'bench');
  try {
    for (const query of queries.slice(0, 20)) await agent.call('recall', { query });
    const times: number[] = [];
    for (let i = 0; i < reps; i++) {
      const query = queries[20 + (i % (queries.length - 20))] as string;
      const started = performance.now();
      await agent.call('recall', { query, limit: 10 });
      times.push(performance.now() - started);
    }
    return summarize('recall (limit 10), MCP stdio round trip', times);
  } finally {
    await agent.close();
  }
}
