/**
 * The MCP bench (`npm run bench -- --mcp`): `mindloom mcp` as an agent's client runs it (the SDK's
 * client spawning the built CLI, stdio), on a copy of the 100k mind whose every memory carries a
 * vector from the offline embedder (as after an embedder switch, the most a mind holds). Timed in
 * the client, round trip included: recall (the issue's target, p50 < 20 ms), consult, a write, and
 * a belief checked (and half the time recorded) for contradictions; then recall and a write over
 * Streamable HTTP (`mindloom mcp --http` in its own process).
 * Each recall records its accesses, so the copy is made afresh for every run.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reembedAll } from '../src-main/consolidation/reembed';
import { createNgramEmbedder } from '../src-main/consolidation/offline/ngram-embedder';
import { openMind } from '../src-main/mind/mind';
import { readMeta, writeMeta } from '../src-main/store/meta-repo';
import { type AgentConnection, connectAgent } from '../e2e/support/agent';
import { summarize, type Timing } from './measure';
import { searchQueries } from './search-queries';
import { CLI_BIN, CLI_BUNDLE } from './serve-process';

const benchDir = dirname(fileURLToPath(import.meta.url));

export const MCP_TARGETS = { recallP50Ms: 20 } as const;

const VECTORS_META_KEY = 'bench_vectors_from';

export interface McpBenchOptions {
  /** The generated mind (not written: the bench works on a copy). */
  mindPath: string;
  size: number;
  seed: number;
  reps?: number;
}

export interface McpBenchResult {
  size: number;
  vectors: number;
  reps: number;
  timings: Timing[];
  /** Mean hits per recall (limit 10). */
  meanHits: number;
  /** How recall's meaning took part (`rerank`: vectors above the nearest-scan limit). */
  meaning: string;
}

/** A copy of the mind with a vector for every memory, kept beside the cache; rebuilt when the source changes. */
async function vectoredCopy(source: string, size: number, seed: number): Promise<string> {
  const path = join(benchDir, '.cache', `mind-${size}-${seed}-vectors.mind`);
  const stamp = `${source}@${size}/${seed}`;
  if (existsSync(path)) {
    const mind = openMind(path, { mustExist: true });
    const ready = readMeta(mind.store.db, VECTORS_META_KEY) === stamp;
    mind.close();
    if (ready) return path;
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  copyFileSync(source, path);
  process.stderr.write(`mcp bench: embedding every memory of ${relative(process.cwd(), path)} with the offline embedder\n`);
  const mind = openMind(path, { mustExist: true });
  try {
    await reembedAll(mind, createNgramEmbedder());
    writeMeta(mind.store.db, VECTORS_META_KEY, stamp);
    mind.store.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    mind.close();
  }
  return path;
}

export async function runMcpBench(options: McpBenchOptions): Promise<McpBenchResult> {
  if (!existsSync(CLI_BUNDLE)) throw new Error(`The CLI is not built (${CLI_BUNDLE} is missing): run npm run build:cli first.`);
  const reps = options.reps ?? 200;
  const vectored = await vectoredCopy(options.mindPath, options.size, options.seed);
  const work = join(benchDir, '.cache', `mind-${options.size}-${options.seed}-mcp-run.mind`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${work}${suffix}`, { force: true });
  copyFileSync(vectored, work);
  const agent = await connectAgent(work, 'bench');
  let stdioOpen = true;
  try {
    const queries = searchQueries(options.seed, options.size, reps + 20);
    const time = async (call: () => Promise<unknown>) => {
      const started = performance.now();
      await call();
      return performance.now() - started;
    };
    // Untimed: the server's statements compile and the OS caches the file.
    for (const query of queries.slice(0, 20)) await agent.call('recall', { query });
    const recallTimes: number[] = [];
    let hits = 0;
    let meaning = '';
    for (const query of queries.slice(20)) {
      recallTimes.push(
        await time(async () => {
          const answer = await agent.call<{ hits: unknown[]; searched: { meaning: string } }>('recall', { query, limit: 10 });
          hits += answer.hits.length;
          meaning = answer.searched.meaning;
        }),
      );
    }
    const consultTimes: number[] = [];
    for (const query of queries.slice(20, 70)) consultTimes.push(await time(() => agent.call('consult', { task: `Work on ${query}` })));
    const writeTimes: number[] = [];
    for (let i = 0; i < 50; i++) writeTimes.push(await time(() => agent.call('add_note', { content: `Bench note ${i} about ${queries[i] ?? ''}` })));
    // Pairs: a claim, then its denial, which the write records as a contradiction with the claim.
    const beliefTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const claim = `Bench step ${i >> 1} of ${queries[i >> 1] ?? ''} is ${i % 2 === 0 ? '' : 'never '}safe`;
      beliefTimes.push(await time(() => agent.call('add_belief', { statement: claim })));
    }
    // One writer at a time: the stdio server goes before the HTTP one starts on the same copy.
    await agent.close();
    stdioOpen = false;
    const http = await connectHttpAgent(work);
    const httpRecallTimes: number[] = [];
    const httpWriteTimes: number[] = [];
    try {
      for (const query of queries.slice(0, 20)) await http.call('recall', { query });
      for (const query of queries.slice(20)) httpRecallTimes.push(await time(() => http.call('recall', { query, limit: 10 })));
      for (let i = 0; i < 50; i++) httpWriteTimes.push(await time(() => http.call('add_note', { content: `Bench HTTP note ${i} about ${queries[i] ?? ''}` })));
    } finally {
      await http.close();
    }
    return {
      size: options.size,
      vectors: options.size,
      reps,
      timings: [
        summarize('recall (limit 10), stdio round trip', recallTimes),
        summarize('consult (context pack), stdio round trip', consultTimes),
        summarize('add_note (one journaled write), stdio round trip', writeTimes),
        summarize('add_belief (contradictions checked, half recorded), stdio', beliefTimes),
        summarize('recall (limit 10), Streamable HTTP round trip', httpRecallTimes),
        summarize('add_note, Streamable HTTP round trip', httpWriteTimes),
      ],
      meanHits: Math.round((hits / reps) * 10) / 10,
      meaning,
    };
  } finally {
    if (stdioOpen) await agent.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${work}${suffix}`, { force: true });
  }
}

/** `mindloom mcp --http` in its own process, and the SDK's Streamable HTTP client holding its printed token. */
async function connectHttpAgent(mindPath: string): Promise<AgentConnection> {
  const child = spawn(process.execPath, [CLI_BIN, 'mcp', '--http', '--mind', mindPath, '--agent', 'bench-http'], {
    env: { ...process.env, MINDLOOM_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const endpoint = await new Promise<{ url: string; token: string }>((found, failed) => {
    child.once('exit', (code) => failed(new Error(`mindloom mcp --http exited (${code}) before printing its endpoint:\n${printed}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /\) at (http:\S+)/.exec(printed)?.[1];
      const token = /Authorization: Bearer (\S+)/.exec(printed)?.[1];
      if (url !== undefined && token !== undefined) found({ url, token });
    });
  });
  const client = new Client({ name: 'bench-http', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
  return {
    async call<T>(tool: string, args: Record<string, unknown>) {
      const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
      if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
      return result.structuredContent as T;
    },
    async close() {
      await client.close();
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function reportMcpBench(result: McpBenchResult, machine: Record<string, unknown>): void {
  const recall = result.timings[0] as Timing;
  const verdict = recall.medianMs < MCP_TARGETS.recallP50Ms ? 'PASS' : 'MISS';
  const header = `${`MCP @ ${result.size.toLocaleString('en')} memories`.padEnd(58)}${'median'.padStart(9)}${'p95'.padStart(9)}${'reps'.padStart(6)}`;
  const lines = result.timings.map((t) => `${t.name.padEnd(58)}${t.medianMs.toFixed(2).padStart(9)}${t.p95Ms.toFixed(2).padStart(9)}${String(t.reps).padStart(6)}`);
  process.stdout.write(
    `\n${header}\n${'-'.repeat(header.length)}\n${lines.join('\n')}\n` +
      `recall p50 target < ${MCP_TARGETS.recallP50Ms} ms: ${verdict}; ${result.meanHits} hits per recall; ` +
      `${result.vectors.toLocaleString('en')} vectors (meaning: ${result.meaning})\n`,
  );
  const out = join(benchDir, 'results', 'mcp.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, ...result, target: { recallP50Ms: MCP_TARGETS.recallP50Ms, verdict } }, null, 2)}\n`,
  );
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
