/**
 * The fuzz bench (`npm run bench -- --fuzz [--seed N] [--reps SCALE]`): the contract fuzz
 * (src-main/host/contract-fuzz) at SCALE times the test's size, in a process of its own (the bench
 * may not import the API). Reports the calls made, answers by code, p50/p99 latency, the longest
 * the write lock stayed held while another connection asked for it (target under 1 s), and every
 * finding. Writes bench/results/fuzz.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const FUZZ_CLI = join(benchDir, '..', 'src-main', 'host', 'contract-fuzz', 'fuzz-cli.ts');
const LOCK_WAIT_TARGET_MS = 1_000;

export interface FuzzBenchResult {
  seed: number;
  durationMs: number;
  stats: {
    calls: number;
    answers: Record<string, number>;
    latencyMs: { p50: number; p99: number; max: number };
    longestLockWaitMs: number;
    longestLockWaitDuring: string[];
    slowest: { name: string; ms: number }[];
  };
  findings: { pass: string; invariants: string[]; report: string }[];
  lockWaitTargetMs: number;
}

export async function runFuzzBench(seed: number, scale: number): Promise<FuzzBenchResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', FUZZ_CLI, '--seed', String(seed), '--scale', String(scale)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the fuzz exited with ${code}`);
  const report = JSON.parse(out.trim().split('\n').pop() as string) as Omit<FuzzBenchResult, 'lockWaitTargetMs'>;
  return { ...report, lockWaitTargetMs: LOCK_WAIT_TARGET_MS };
}

export function reportFuzzBench(result: FuzzBenchResult, machine: Record<string, unknown>): void {
  const out = join(benchDir, 'results', 'fuzz.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ machine, ...result }, null, 2)}\n`);
  const { stats } = result;
  const lines = [
    `fuzz (seed ${result.seed}): ${stats.calls} calls in ${(result.durationMs / 1000).toFixed(1)} s`,
    `  answers: ${Object.entries(stats.answers).map(([code, n]) => `${code} ${n}`).join(', ')}`,
    `  latency p50 ${stats.latencyMs.p50} ms, p99 ${stats.latencyMs.p99} ms, max ${stats.latencyMs.max} ms`,
    `  longest lock wait ${stats.longestLockWaitMs} ms (target < ${result.lockWaitTargetMs} ms) during ${stats.longestLockWaitDuring.join(', ') || '—'}`,
    `  findings: ${result.findings.length === 0 ? 'none' : ''}`,
    ...result.findings.map((finding) => `    [${finding.pass}] ${finding.invariants.join(', ')}: ${finding.report.split('\n')[0]?.slice(0, 200)}`),
    `  → ${relative(process.cwd(), out)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
