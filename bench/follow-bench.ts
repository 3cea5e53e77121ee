/**
 * The linked-source bench (`npm run bench -- --follow [--source engram|alexandria]`): an agent
 * process writes 10 records a second for a minute into its database (WAL, one transaction each):
 * Kernle notes into an empty Kernle database (every tenth also editing an earlier note), Engram
 * episodes into a copy of the Engram fixture (every tenth also reinforcing a belief), Alexandria
 * memory objects into a copy of the Alexandria fixture (every tenth also editing an earlier one),
 * while `mindloom import SYSTEM PATH --follow` runs as a process of its own; halfway, the follower
 * is killed with SIGKILL and started again at once. Then: every record there exactly once, every
 * change applied, and each record's arrival latency (the sync's journal time minus the instant the
 * agent wrote it), overall and apart from the records written while no follower ran. Target: each
 * within 2 s. Runs the built CLI (`npm run build:cli` first). Writes bench/results/follow.json
 * (Kernle) or follow-SYSTEM.json.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_PROCESS, emptyKernleDatabase, SEED_AGENT_PROCESS, until } from '../src-main/interop/follow/follow-test-support';
import { seedFixture } from '../src-main/interop/seed-fixtures-test-support';
import { type Mind } from '../src-main/mind/mind';
import { copySeedDatabase } from '../src-main/store/seed-agent-writes';
import { getHistory } from '../src-main/mind/history';
import { getMemoryView } from '../src-main/mind/memory-view';
import { openMind } from '../src-main/mind/mind';
import { originsOfSystem } from '../src-main/store/origins-repo';
import { summarize, type Timing } from './measure';
import { CLI_BUNDLE } from './serve-process';

const benchDir = dirname(fileURLToPath(import.meta.url));
/** The `mindloom` command, which runs the bundle. */
const BIN = join(benchDir, '..', 'bin', 'mindloom.js');
const RATE = 10;
const SECONDS = 60;
const TARGET_MS = 2_000;

export type FollowedSystem = 'kernle' | 'engram' | 'alexandria';

interface FollowedSource {
  file: string;
  /** An empty database, or a copy of the system's fixture. */
  create(path: string): void;
  /** The agent process's arguments after the script. */
  agentArgs(path: string): string[];
  /** What the agent's records begin with (a fixture's own records do not count). */
  prefix: string;
  /** Changes the agent made to earlier records that have arrived, of `written / 10`. */
  changesApplied(mind: Mind, agentMemories: readonly { content: string }[]): number;
}

const edited = (_: Mind, memories: readonly { content: string }[]) => memories.filter((m) => m.content.endsWith('(edited)')).length;

const SOURCES: Readonly<Record<FollowedSystem, FollowedSource>> = {
  kernle: {
    file: 'memories.db',
    create: emptyKernleDatabase,
    agentArgs: (path) => [AGENT_PROCESS, path, String(RATE), String(SECONDS)],
    prefix: 'agent note ',
    changesApplied: edited,
  },
  engram: {
    file: 'memory.db',
    create: (path) => copySeedDatabase(seedFixture('engram-memory.db'), path),
    agentArgs: (path) => [SEED_AGENT_PROCESS, 'engram', path, String(RATE), String(SECONDS)],
    prefix: 'agent episode ',
    // Each reinforcement adds one to the belief's α (8 in the fixture).
    changesApplied: (mind) => (getMemoryView(mind, 'engram:bl_d1efa44d2abc4e4d8a2f').alpha ?? 8) - 8,
  },
  alexandria: {
    file: 'alexandria.db',
    create: (path) => copySeedDatabase(seedFixture('alexandria.db'), path),
    agentArgs: (path) => [SEED_AGENT_PROCESS, 'alexandria', path, String(RATE), String(SECONDS)],
    prefix: 'agent object ',
    changesApplied: edited,
  },
};

export interface FollowBenchResult {
  system: FollowedSystem;
  written: number;
  arrived: number;
  distinct: number;
  edits: { written: number; applied: number };
  /** When the follower was killed and when its successor's first sync ended, ms after the agent started. */
  restart: { killedAtMs: number; resumedAtMs: number };
  latency: { all: Timing; whileFollowing: Timing; writtenDuringRestart: Timing | null };
}

/** The follower as the person runs it: the built CLI (`npm run build:cli`), a process of its own. Resolves once it is following. */
async function startFollower(args: readonly string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      if (err.includes('following')) resolve();
    });
    void exited.then(() => reject(new Error(`the follower exited before following:\n${err}`)));
  });
  return { child, exited };
}

export async function runFollowBench(system: FollowedSystem = 'kernle'): Promise<FollowBenchResult> {
  const source = SOURCES[system];
  if (!existsSync(CLI_BUNDLE)) throw new Error(`The CLI is not built (${CLI_BUNDLE} is missing): run npm run build:cli first.`);
  const dir = mkdtempSync(join(tmpdir(), 'mindloom-follow-bench-'));
  try {
    const sourcePath = join(dir, source.file);
    const mindPath = join(dir, 'agent.mind');
    source.create(sourcePath);
    openMind(mindPath).close();
    const follow = ['import', system, sourcePath, '--follow', '--mind', mindPath];
    const first = await startFollower(follow);

    const agentStarted = Date.now();
    const agent = spawn(process.execPath, ['--import', 'tsx', ...source.agentArgs(sourcePath)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const agentDone = new Promise<string>((resolve) => {
      let out = '';
      agent.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      agent.once('close', () => resolve(out));
    });
    await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();
    process.stderr.write(`follower killed with SIGKILL at ${((killedAt - agentStarted) / 1000).toFixed(1)} s; starting another\n`);
    const second = await startFollower(follow);
    const resumedAt = Date.now();
    const out = await agentDone;
    const written = Number(/done (\d+)/.exec(out)?.[1] ?? 0);

    const mind = openMind(mindPath);
    try {
      const editsWritten = Math.floor(written / 10);
      const agentMemories = () =>
        [...originsOfSystem(mind.store.db, system).values()].map((o) => getMemoryView(mind, o.memoryId)).filter((m) => m.content.startsWith(source.prefix));
      const applied = () => source.changesApplied(mind, agentMemories());
      await until(() => agentMemories().length >= written && applied() >= editsWritten, 'every record and change', 120_000);
      second.child.kill('SIGTERM');
      await second.exited;
      const arrivals = agentMemories().map((view) => {
        const imported = getHistory(mind, view.id).find((h) => h.op === 'import');
        const writtenAt = Date.parse(view.createdAt);
        return { content: view.content.replace(' (edited)', ''), writtenAt, latency: Date.parse(imported?.at ?? view.createdAt) - writtenAt };
      });
      const gap = (a: { writtenAt: number }) => a.writtenAt >= killedAt - 2_000 && a.writtenAt <= resumedAt;
      const during = arrivals.filter(gap).map((a) => a.latency);
      return {
        system,
        written,
        arrived: arrivals.length,
        distinct: new Set(arrivals.map((a) => a.content)).size,
        edits: { written: editsWritten, applied: applied() },
        restart: { killedAtMs: killedAt - agentStarted, resumedAtMs: resumedAt - agentStarted },
        latency: {
          all: summarize('arrival latency, every record', arrivals.map((a) => a.latency)),
          whileFollowing: summarize('arrival latency, written while a follower ran', arrivals.filter((a) => !gap(a)).map((a) => a.latency)),
          writtenDuringRestart: during.length > 0 ? summarize('arrival latency, written around the kill and restart', during) : null,
        },
      };
    } finally {
      mind.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportFollowBench(result: FollowBenchResult, machine: Record<string, unknown>): void {
  const row = (t: Timing) => `${t.name.padEnd(52)}${String(t.reps).padStart(6)}${t.medianMs.toFixed(0).padStart(9)}${t.p95Ms.toFixed(0).padStart(9)}${t.maxMs.toFixed(0).padStart(9)}  ${t.maxMs < TARGET_MS ? 'PASS' : 'MISS'}`;
  const lines = [
    `\nLinked ${result.system} source: ${result.written} records written (${RATE}/s for ${SECONDS} s), ${result.arrived} arrived, ${result.distinct} distinct; edits ${result.edits.applied}/${result.edits.written} applied; follower killed at ${(result.restart.killedAtMs / 1000).toFixed(1)} s, the next one following at ${(result.restart.resumedAtMs / 1000).toFixed(1)} s`,
    `${'latency (ms)'.padEnd(52)}${'count'.padStart(6)}${'median'.padStart(9)}${'p95'.padStart(9)}${'max'.padStart(9)}  target < ${TARGET_MS}`,
    row(result.latency.all),
    row(result.latency.whileFollowing),
    ...(result.latency.writtenDuringRestart ? [row(result.latency.writtenDuringRestart)] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const out = join(benchDir, 'results', result.system === 'kernle' ? 'follow.json' : `follow-${result.system}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...result, machine, measuredAt: new Date().toISOString() }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
