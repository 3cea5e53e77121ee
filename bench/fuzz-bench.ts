/**
 * The fuzz bench (`npm run bench -- --fuzz [--seed N] [--reps SCALE]`): the contract fuzz
 * (src-main/host/contract-fuzz) at SCALE times the unit test's size, in a process of its own (the
 * bench may not import the API). It reports the calls made, answers by code, p50/p99 latency, the
 * longest the write lock stayed held while another connection asked for it (target under 1 s), and
 * every finding, and writes bench/results/fuzz.json.
 */
import { spawn } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const FUZZ_CLI = join(benchDir, '..', 'src-main', 'host', 'contract-fuzz', 'fuzz-cli.ts');

export async function runFuzzBench(options: { seed: number; scale: number; machine: Record<string, unknown> }): Promise<void> {
  const out = relative(process.cwd(), join(benchDir, 'results', 'fuzz.json'));
  const args = ['--seed', String(options.seed), '--scale', String(options.scale), '--out', out, '--machine', JSON.stringify(options.machine)];
  const child = spawn(process.execPath, ['--import', 'tsx', FUZZ_CLI, ...args], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the fuzz exited with ${code}`);
}
