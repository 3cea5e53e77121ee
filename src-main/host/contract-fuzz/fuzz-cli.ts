/**
 * The contract fuzz as a process, for the bench (`npm run bench -- --fuzz`), which may not import
 * the API: `node --import tsx fuzz-cli.ts --seed N --scale K --out FILE [--machine JSON]` runs it at
 * K times the unit test's size, writes the report to FILE and prints its figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { type FuzzReport, QUICK_FUZZ, runContractFuzz } from './contract-fuzz';

/** The issue's target for the longest any writer waits for the lock while another call runs. */
const LOCK_WAIT_TARGET_MS = 1_000;

const { values } = parseArgs({ options: { seed: { type: 'string' }, scale: { type: 'string' }, out: { type: 'string' }, machine: { type: 'string' } } });
const scale = Number(values.scale ?? 10);
const report = await runContractFuzz({
  ...QUICK_FUZZ,
  seed: Number(values.seed ?? 27),
  payloadsPerCall: QUICK_FUZZ.payloadsPerCall * scale,
  sequences: QUICK_FUZZ.sequences * scale,
  maxSteps: QUICK_FUZZ.maxSteps * 2,
  raceSearch: QUICK_FUZZ.raceSearch * 4,
  raceWidth: 8,
  progress: (line) => process.stderr.write(`${line}\n`),
});
if (values.out) {
  mkdirSync(dirname(values.out), { recursive: true });
  const machine = values.machine ? (JSON.parse(values.machine) as unknown) : null;
  writeFileSync(values.out, `${JSON.stringify({ date: new Date().toISOString(), machine, scale, lockWaitTargetMs: LOCK_WAIT_TARGET_MS, ...report }, null, 2)}\n`);
}
process.stdout.write(`${summary(report)}\n`);

function summary({ seed, durationMs, stats, findings }: FuzzReport): string {
  return [
    `fuzz (seed ${seed}, scale ${scale}): ${stats.calls} calls in ${(durationMs / 1000).toFixed(1)} s`,
    `  answers: ${Object.entries(stats.answers).map(([code, n]) => `${code} ${n}`).join(', ')}`,
    `  latency p50 ${stats.latencyMs.p50} ms, p99 ${stats.latencyMs.p99} ms, max ${stats.latencyMs.max} ms`,
    `  longest lock wait ${stats.longestLockWaitMs} ms (target < ${LOCK_WAIT_TARGET_MS} ms) during ${stats.longestLockWaitDuring.join(', ') || '—'}`,
    `  findings: ${findings.length === 0 ? 'none' : findings.length}`,
    ...findings.map((finding) => `    [${finding.pass}] ${(finding.report.split('\n').find((line) => line.startsWith('✗')) ?? finding.invariants.join(', ')).slice(0, 240)}`),
    ...(values.out ? [`wrote ${values.out}`] : []),
  ].join('\n');
}
