/**
 * The time travel bench (`npm run bench -- --travel`), on the largest mind: the Browser as of a
 * past date and the mind diff over a month, each timed where the time goes: in the store (the
 * mind's own calls, in this process), and in Chromium through `mindloom serve` from navigation to
 * the painted result, with the call's own round trip (the page's resource timing) beside it, so
 * render = painted − round trip and transport = round trip − store. The mind's consolidation
 * scheduler is turned off first (as the lineage and timeline benches do): a run the served host
 * starts on the generated mind's pending captures would take one of the machine's cores from the
 * host and the page while they are timed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { readSettings, writeSettings } from '../src-main/consolidation/settings-store';
import { listMemories } from '../src-main/mind/list';
import { getDiffCounts, getDiffPage } from '../src-main/mind/mind-diff';
import { openMind } from '../src-main/mind/mind';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { measure, summarize, type Timing } from './measure';
import { startServeProcess } from './serve-process';
import { waitForFirstRowOrOverview } from './ui-bench';

const benchDir = dirname(fileURLToPath(import.meta.url));
const DAY_MS = 86_400_000;
const LIMIT_MS = 60_000;

export const TRAVEL_TARGETS = { asOfBrowserMs: 200, diffFirstPageMs: 1_000 } as const;

/**
 * Installed in every page before the app runs (plain JavaScript: the bench has no DOM types).
 * `navigateUntil(hash, selector)`: sets the hash, resolves with the ms until the first frame in
 * which `selector` matches an element that was not there before, and the duration of the last
 * call named `call` the page made meanwhile (its HTTP round trip).
 */
const PROBE = `(() => {
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  window.__travelBench = {
    navigateUntil(hash, selector, call, limitMs) {
      return new Promise((resolve, reject) => {
        const before = new Set(document.querySelectorAll(selector));
        performance.clearResourceTimings();
        const started = performance.now();
        const found = () => [...document.querySelectorAll(selector)].some((e) => !before.has(e));
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          clearTimeout(timer);
          nextFrame().then((at) => {
            const calls = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/call/' + call));
            const last = calls[calls.length - 1];
            resolve({ paintedMs: at - started, roundTripMs: last ? last.responseEnd - last.startTime : null });
          });
        });
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('nothing matched ' + selector + ' within ' + limitMs + ' ms')); }, limitMs);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        window.location.hash = hash;
      });
    },
  };
})();`;

interface Painted {
  paintedMs: number;
  roundTripMs: number | null;
}

export interface TravelBenchResult {
  size: number;
  mindPath: string;
  reps: number;
  /** The mind's calls in this process: the store's share. */
  store: Timing[];
  /** Navigation → painted in Chromium, and the call's round trip within it. */
  page: Timing[];
  chromium: string;
}

/** Instants to look at: a month apart from the end of the mind's journal, nudged per repetition so no answer is cached. */
function instants(end: number, rep: number) {
  const asOf = end - 60 * DAY_MS - rep * 3_600_000;
  return { asOf, diffTo: end - 30 * DAY_MS - rep * 3_600_000, diffFrom: end - 60 * DAY_MS - rep * 3_600_000 };
}

/**
 * The newest memory's creation: the generated mind's timeline ends there, whatever the wall clock
 * says. Turns the mind's consolidation scheduler off on the way (see the top of this file).
 */
function journalEnd(mindPath: string): number {
  const mind = openMind(mindPath);
  try {
    if (readSettings(mind).scheduler.enabled) writeSettings(mind, { scheduler: { enabled: false } }, 'import:bench');
    const newest = getDiffPage(mind, { from: 0, category: 'added', limit: 1 }).items[0];
    return newest === undefined ? mind.now() : Date.parse(newest.at);
  } finally {
    mind.close();
  }
}

function storeTimings(mindPath: string, end: number, reps: number): Timing[] {
  const mind = openMind(mindPath);
  try {
    const at = (i: number) => instants(end, Math.abs(i));
    return [
      measure({ name: 'store: Browser page as of 2 months back (100 rows)', reps, warmup: 1, input: at, run: (t) => listMemories(mind, { asOf: t.asOf, limit: 100 }) }),
      measure({ name: 'store: diff counts over a month', reps, warmup: 1, input: at, run: (t) => getDiffCounts(mind, { from: t.diffFrom, to: t.diffTo }) }),
      measure({ name: 'store: diff first page over a month (added, 50)', reps, warmup: 1, input: at, run: (t) => getDiffPage(mind, { from: t.diffFrom, to: t.diffTo, category: 'added' }) }),
    ];
  } finally {
    mind.close();
  }
}

async function paint(page: Page, hash: string, selector: string, call: string): Promise<Painted> {
  return (await page.evaluate(`window.__travelBench.navigateUntil(${JSON.stringify(hash)}, ${JSON.stringify(selector)}, ${JSON.stringify(call)}, ${LIMIT_MS})`)) as Painted;
}

export async function runTravelBench(options: { mindPath: string; size: number; reps?: number }): Promise<TravelBenchResult> {
  const reps = options.reps ?? 7;
  const end = journalEnd(options.mindPath);
  process.stderr.write(`travel bench: store timings on ${relative(process.cwd(), options.mindPath)}\n`);
  const store = storeTimings(options.mindPath, end, reps);
  for (const t of store) process.stderr.write(`${t.name}: median ${t.medianMs.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms\n`);
  const served = await startServeProcess(['--mind', options.mindPath]);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    await page.goto(served.url);
    await waitForFirstRowOrOverview(page);
    const asOfBrowser: Painted[] = [];
    const diffFirstPage: Painted[] = [];
    const diffCounts: Painted[] = [];
    // One untimed round first: the host's statement cache and the OS file cache warm up.
    for (let rep = -1; rep < reps; rep++) {
      process.stderr.write(`travel bench: repetition ${rep + 1} of ${reps}\r`);
      const t = instants(end, rep + 1);
      const iso = (ms: number) => new Date(ms).toISOString();
      // From a view that shows no memories (the app starts on the Overview, so Settings is always a change).
      await paint(page, '#/settings', 'main h1', 'settings.get');
      const browserRun = await paint(page, `#/browser?asOf=${iso(t.asOf)}`, '[role="grid"] [role="row"][data-memory-id]', 'memories.list');
      await paint(page, '#/settings', 'main h1', 'settings.get');
      const diffHash = `#/diff?from=${iso(t.diffFrom)}&to=${iso(t.diffTo)}`;
      const diffRun = await paint(page, diffHash, '.diff-list li[data-memory-id]', 'diff.page');
      const countsRun = await waitForCounts(page);
      if (rep < 0) continue;
      asOfBrowser.push(browserRun);
      diffFirstPage.push(diffRun);
      diffCounts.push({ paintedMs: diffRun.paintedMs + countsRun, roundTripMs: null });
    }
    process.stderr.write('\n');
    const roundTrips = (runs: Painted[]) => runs.map((r) => r.roundTripMs ?? 0);
    return {
      size: options.size,
      mindPath: relative(process.cwd(), options.mindPath),
      reps,
      store,
      page: [
        summarize('as-of Browser page (navigate → rows painted)', asOfBrowser.map((r) => r.paintedMs)),
        summarize('  its memories.list round trip', roundTrips(asOfBrowser)),
        summarize('mind diff over a month (navigate → first page painted)', diffFirstPage.map((r) => r.paintedMs)),
        summarize('  its diff.page round trip', roundTrips(diffFirstPage)),
        summarize('mind diff counts shown (navigate → counts painted)', diffCounts.map((r) => r.paintedMs)),
      ],
      chromium: browser.version(),
    };
  } finally {
    await browser?.close();
    await served.stop();
  }
}

/** Ms more until the counts replace their placeholders (after the first page showed). */
async function waitForCounts(page: Page): Promise<number> {
  const started = performance.now();
  await page.locator('[aria-label="Categories"][aria-busy="false"]').waitFor({ timeout: LIMIT_MS });
  return performance.now() - started;
}

const TARGET_OF: Readonly<Record<string, number>> = {
  'as-of Browser page (navigate → rows painted)': TRAVEL_TARGETS.asOfBrowserMs,
  'mind diff over a month (navigate → first page painted)': TRAVEL_TARGETS.diffFirstPageMs,
};

export function reportTravelBench(result: TravelBenchResult, machine: Record<string, unknown>): void {
  const verdict = (t: Timing) => {
    const target = TARGET_OF[t.name];
    if (target === undefined) return '';
    return t.p95Ms < target ? 'PASS' : t.medianMs < target ? 'PASS*' : 'MISS';
  };
  process.stdout.write(`\ntime travel @ ${result.size.toLocaleString('en')} memories (${result.reps} repetitions, Chromium ${result.chromium})\n`);
  for (const t of [...result.store, ...result.page]) {
    const target = TARGET_OF[t.name];
    process.stdout.write(
      `${t.name.padEnd(58)} median ${t.medianMs.toFixed(1).padStart(8)} ms  p95 ${t.p95Ms.toFixed(1).padStart(8)} ms${target === undefined ? '' : `  (target < ${target}: ${verdict(t)})`}\n`,
    );
  }
  const out = join(benchDir, 'results', 'travel.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      { date: new Date().toISOString(), machine, ...result, targets: TRAVEL_TARGETS, verdicts: Object.fromEntries(result.page.filter((t) => TARGET_OF[t.name] !== undefined).map((t) => [t.name, verdict(t)])) },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
