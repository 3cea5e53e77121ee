/**
 * The interop benchmark (`npm run bench -- --interop`): Mindloom JSON export of the 100k mind, its
 * import into a fresh mind (the issue's target: under 30 s), and, when the 1M mind is cached, its
 * export too. Each step runs in a child process of its own, so its peak RSS is its own (streaming
 * must keep it bounded whatever the mind's size). One more import runs while an agent in another
 * process writes a note every few milliseconds (src-main/mind/timed-writer-process.ts): how long
 * its writes waited for the lock is the figure that says whether an import stalls other writers
 * (issue 27: under 1 s, none failing). Writes bench/results/interop.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMind } from '../src-main/mind/mind';
import { percentile } from '../shared/percentile';

const benchDir = dirname(fileURLToPath(import.meta.url));
const STEP = join(benchDir, 'interop-step.ts');
const WRITER = join(benchDir, '..', 'src-main', 'mind', 'timed-writer-process.ts');

export interface StepFigures {
  durationMs: number;
  peakRssMb: number;
  rows?: number;
  bytes?: number;
  memories?: number;
  links?: number;
  journal?: number;
  skipped?: number;
}

export interface InteropBenchResult {
  exports: ({ size: number } & StepFigures)[];
  /** Every import of the 100k export into a fresh mind, and their median. */
  imports: { size: number; runs: StepFigures[]; medianMs: number; targetMs: number };
  /** One more import of the same file while another process writes all through it. */
  withWriter: { size: number; import: StepFigures; writes: number; failures: string[]; waitP50Ms: number; waitP99Ms: number; longestWaitMs: number; targetMs: number };
}

const LONGEST_WAIT_TARGET_MS = 1_000;

const IMPORT_TARGET_MS = 30_000;

function runStep(step: 'export' | 'import', mindPath: string, file: string): StepFigures {
  const child = spawnSync(process.execPath, ['--import', 'tsx', STEP, step, mindPath, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`interop ${step} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() as string) as StepFigures;
}

/** The import step into a fresh mind while the timed writer writes into the same mind from its own process. */
async function importWithWriter(size: number, mindPath: string, file: string): Promise<InteropBenchResult['withWriter']> {
  openMind(mindPath).close();
  const writer = spawn(process.execPath, ['--import', 'tsx', WRITER, mindPath], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  writer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<number | null>((done) => writer.once('close', done));
  while (!output.includes('started')) await new Promise((tick) => setTimeout(tick, 20));
  const figures = runStep('import', mindPath, file);
  writer.stdin.end();
  if ((await closed) !== 0) throw new Error('the timed writer failed');
  const report = JSON.parse(output.trim().split('\n').pop() as string) as { writes: number; failures: string[]; waitsMs: number[] };
  const waits = [...report.waitsMs].sort((a, b) => a - b);
  return {
    size,
    import: figures,
    writes: report.writes,
    failures: report.failures,
    waitP50Ms: percentile(waits, 50),
    waitP99Ms: percentile(waits, 99),
    longestWaitMs: waits.at(-1) ?? 0,
    targetMs: LONGEST_WAIT_TARGET_MS,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** `minds`: the cached mind of each size to export (the smallest is also imported `imports` times). */
export async function runInteropBench(options: { minds: { size: number; path: string }[]; imports: number }): Promise<InteropBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mindloom-interop-bench-'));
  try {
    const exports: InteropBenchResult['exports'] = [];
    let importFile: { size: number; file: string } | null = null;
    for (const { size, path } of [...options.minds].sort((a, b) => a.size - b.size)) {
      const file = join(dir, `mind-${size}.json`);
      process.stderr.write(`interop: exporting the ${size.toLocaleString('en')}-memory mind…\n`);
      exports.push({ size, ...runStep('export', path, file) });
      if (importFile === null) importFile = { size, file };
      else rmSync(file, { force: true });
    }
    if (importFile === null) throw new Error('no mind to export');
    const runs: StepFigures[] = [];
    for (let i = 0; i < options.imports; i += 1) {
      const target = join(dir, `imported-${i}.mind`);
      process.stderr.write(`interop: importing ${importFile.size.toLocaleString('en')} memories into a fresh mind (${i + 1}/${options.imports})…\n`);
      runs.push(runStep('import', target, importFile.file));
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    }
    process.stderr.write(`interop: importing ${importFile.size.toLocaleString('en')} memories while another process writes…\n`);
    const withWriter = await importWithWriter(importFile.size, join(dir, 'imported-with-writer.mind'), importFile.file);
    return { exports, imports: { size: importFile.size, runs, medianMs: median(runs.map((r) => r.durationMs)), targetMs: IMPORT_TARGET_MS }, withWriter };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function reportInteropBench(result: InteropBenchResult, machine: Record<string, unknown>): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
  const lines = [
    '',
    'interop (Mindloom JSON)',
    ...result.exports.map((e) => `export ${e.size.toLocaleString('en')} memories: ${seconds(e.durationMs)}, ${e.rows?.toLocaleString('en')} rows, ${mb(e.bytes ?? 0)}, peak RSS ${e.peakRssMb} MB`),
    ...result.imports.runs.map(
      (r, i) => `import ${result.imports.size.toLocaleString('en')} memories into a fresh mind (run ${i + 1}): ${seconds(r.durationMs)}, ${r.links?.toLocaleString('en')} links, ${r.journal?.toLocaleString('en')} journal rows, peak RSS ${r.peakRssMb} MB`,
    ),
    `import median ${seconds(result.imports.medianMs)} (target < ${seconds(result.imports.targetMs)}: ${result.imports.medianMs < result.imports.targetMs ? 'PASS' : 'MISS'})`,
    `import ${result.withWriter.size.toLocaleString('en')} memories while another process writes: ${seconds(result.withWriter.import.durationMs)}; its ${result.withWriter.writes} writes waited p50 ${result.withWriter.waitP50Ms} ms, p99 ${result.withWriter.waitP99Ms} ms, longest ${result.withWriter.longestWaitMs} ms (target < ${result.withWriter.targetMs} ms, none failing: ${result.withWriter.longestWaitMs < result.withWriter.targetMs && result.withWriter.failures.length === 0 ? 'PASS' : `MISS, ${result.withWriter.failures.length} failed`})`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const out = join(benchDir, 'results', 'interop.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), machine, ...result }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
