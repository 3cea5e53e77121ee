/**
 * One step of the interop bench, in a process of its own so its peak memory is its own:
 *   interop-step.ts export MIND FILE    exports MIND to Mindloom JSON at FILE
 *   interop-step.ts import MIND FILE    imports FILE into MIND (created fresh by the caller)
 * Prints one JSON line: the step's figures and the process's peak RSS.
 */
import { performance } from 'node:perf_hooks';
import { exportMindJson } from '../src-main/interop/json-export';
import { jsonImporter } from '../src-main/interop/json-import';
import { openMind } from '../src-main/mind/mind';

const [step, mindPath, file] = process.argv.slice(2);
if ((step !== 'export' && step !== 'import') || !mindPath || !file) throw new Error('usage: interop-step.ts export|import MIND FILE');

const mind = openMind(mindPath, { mustExist: step === 'export' });
try {
  const started = performance.now();
  if (step === 'export') {
    const summary = await exportMindJson(mind, file, { overwrite: true });
    report({ durationMs: summary.durationMs, rows: summary.rows, bytes: summary.bytes });
  } else {
    const summary = await jsonImporter.run(mind, file);
    const memories = Object.values(summary.imported.byType).reduce((sum, n) => sum + n, 0);
    report({ durationMs: Math.round(performance.now() - started), memories, links: summary.imported.links, journal: summary.imported.journal, skipped: summary.skipped });
  }
} finally {
  mind.close();
}

function report(figures: Record<string, number>): void {
  process.stdout.write(`${JSON.stringify({ ...figures, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) })}\n`);
}
