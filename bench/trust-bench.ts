/**
 * The trust benchmark, on a generated mind: what the run lease costs every open (looking for runs
 * left running), the impact shown before a forget, `check` (each invariant timed), and an online
 * backup of the whole file (the copy, then its quick check). Writes bench/results/trust.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupMind } from '../src-main/mind/backup';
import { checkMind } from '../src-main/mind/check';
import { getForgetImpact } from '../src-main/mind/forget-impact';
import { openMind } from '../src-main/mind/mind';
import { recoverInterruptedRuns } from '../src-main/mind/run-lease';
import { maxMemorySeq } from '../src-main/store/bulk-queries';
import { findMemoryBySeq } from '../src-main/store/memories-repo';
import { measure, type Timing } from './measure';
import { createRng } from './generate/prng';

const benchDir = dirname(fileURLToPath(import.meta.url));

export interface TrustBenchResult {
  size: number;
  timings: Timing[];
  check: { totalMs: number; ok: boolean; checks: { name: string; durationMs: number; problems: number }[] };
  backup: { totalMs: number; copyMs: number; verifyMs: number; bytes: number; memories: number };
}

export async function runTrustBench(options: { mindPath: string; size: number; seed: number; reps: number }): Promise<TrustBenchResult> {
  const mind = openMind(options.mindPath, { mustExist: true });
  const rng = createRng(options.seed);
  try {
    const maxSeq = maxMemorySeq(mind.store.db);
    const randomId = () => (findMemoryBySeq(mind.store.db, 1 + rng.int(maxSeq)) as { id: string }).id;
    const timings = [
      measure({ name: 'runs left running (every open)', reps: options.reps, input: () => null, run: () => recoverInterruptedRuns(mind) }),
      measure({
        name: 'forget impact (random memory)',
        reps: Math.min(options.reps, 100),
        input: randomId,
        run: (id) => getForgetImpact(mind, id),
        sizeOf: (impact) => (impact as { dependents: { transitive: number } }).dependents.transitive,
      }),
    ];

    const report = checkMind(mind);
    const check = {
      totalMs: report.durationMs,
      ok: report.ok,
      checks: report.checks.map((c) => ({ name: c.name, durationMs: c.durationMs, problems: c.problems })),
    };

    const copy = join(benchDir, '.cache', `trust-backup-${process.pid}.mind`);
    let copyDone = 0;
    const started = performance.now();
    try {
      const result = await backupMind(mind, copy, {
        onProgress: ({ stage, done }) => {
          if (stage === 'verify' && done === 0) copyDone = performance.now();
        },
      });
      const ended = performance.now();
      return {
        size: options.size,
        timings,
        check,
        backup: {
          totalMs: Math.round(ended - started),
          copyMs: Math.round(copyDone - started),
          verifyMs: Math.round(ended - copyDone),
          bytes: result.bytes,
          memories: result.memories,
        },
      };
    } finally {
      rmSync(copy, { force: true });
    }
  } finally {
    mind.close();
  }
}

export function reportTrustBench(result: TrustBenchResult, machine: Record<string, unknown>): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (ms: number) => ms.toFixed(2).padStart(10);
  const header = `${pad(`trust @ ${result.size.toLocaleString('en')} memories`, 36)}${'median'.padStart(10)}${'p95'.padStart(10)}  reps`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  process.stdout.write(
    `\n${header}\n${'-'.repeat(header.length)}\n` +
      result.timings.map((t) => `${pad(t.name, 36)}${num(t.medianMs)}${num(t.p95Ms)}  ${t.reps}`).join('\n') +
      `\ncheck: ${seconds(result.check.totalMs)} (${result.check.ok ? 'healthy' : 'problems found'}): ` +
      result.check.checks.map((c) => `${c.name} ${seconds(c.durationMs)}`).join(', ') +
      `\nbackup: ${seconds(result.backup.totalMs)} for ${(result.backup.bytes / 1_048_576).toFixed(0)} MB ` +
      `(copy ${seconds(result.backup.copyMs)}, quick check ${seconds(result.backup.verifyMs)})\n`,
  );
  const out = join(benchDir, 'results', 'trust.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, ...result }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
