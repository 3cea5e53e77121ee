/**
 * The timeline bench (`npm run bench -- --timeline`): a mind whose one belief was reinforced 5,000
 * times (built fresh each run through the real operation, an hour apart), served by `mindloom
 * serve`, the Timeline tab opened in Debian's Chromium and timed from inside the page:
 *   - navigate to the timeline: the hash change to `#/memory/ID/timeline` in a loaded app (new page
 *     each repetition: nothing cached) until the chart has drawn all its markers and the next
 *     animation frame (when it can be painted);
 *   - Details → Timeline tab: the click on the tab until the same, with the timeline already
 *     fetched by the Details tab's sparkline (the path a person takes).
 * Writes bench/results/timeline.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { writeSettings } from '../src-main/consolidation/settings-store';
import { reinforceMemory } from '../src-main/mind/confidence-ops';
import { createMemory } from '../src-main/mind/create';
import { openMind } from '../src-main/mind/mind';
import { removeMindFile } from './generate/generate';
import { summarize, type Timing } from './measure';
import { startServeProcess } from './serve-process';

const benchDir = dirname(fileURLToPath(import.meta.url));

/** The issue's target: a timeline of 5,000 events rendered in under 300 ms. */
export const TIMELINE_TARGET_MS = 300;
const EVENTS = 5_000;
const HOUR_MS = 3_600_000;
const WAIT_LIMIT_MS = 60_000;

/** Writes the bench's mind: one belief, created then reinforced `reinforcements` times. Returns its id. */
export function writeReinforcedMind(path: string, reinforcements: number): string {
  removeMindFile(path);
  let now = Date.now() - (reinforcements + 1) * HOUR_MS;
  const mind = openMind(path, { clock: () => now });
  try {
    writeSettings(mind, { scheduler: { enabled: false } }, 'import:bench');
    return mind.store.transaction(() => {
      const belief = createMemory(mind, { type: 'belief', content: 'The nightly import finishes before 06:00', fields: { subject: 'nightly import' } }, { actor: 'user' });
      for (let i = 0; i < reinforcements; i++) {
        now += HOUR_MS;
        reinforceMemory(mind, belief.id, { evidence: `import log ${i}` }, { actor: 'agent:bench' });
      }
      return belief.id;
    });
  } finally {
    mind.close();
  }
}

/**
 * In the page: starts a navigation (`start`), then resolves with the milliseconds until the chart
 * says it drew `markers` markers and one animation frame has passed. Plain JavaScript (no DOM types here).
 */
const TIME_UNTIL_PAINTED = `(async ({ start, markers, limitMs }) => {
  const t0 = performance.now();
  const painted = () => document.querySelector('[data-testid="timeline-chart"]')?.getAttribute('data-painted') === String(markers);
  await new Promise((done, fail) => {
    const observer = new MutationObserver(() => { if (painted()) { observer.disconnect(); done(); } });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-painted'] });
    setTimeout(() => { observer.disconnect(); fail(new Error('the timeline was not painted in time')); }, limitMs);
    if (start.hash) location.hash = start.hash;
    else document.querySelector(start.selector).click();
  });
  await new Promise((done) => requestAnimationFrame(() => done()));
  return performance.now() - t0;
})`;

async function timeUntilPainted(page: Page, start: { hash?: string; selector?: string }, markers: number): Promise<number> {
  return (await page.evaluate(`${TIME_UNTIL_PAINTED}(${JSON.stringify({ start, markers, limitMs: WAIT_LIMIT_MS })})`)) as number;
}

export interface TimelineBenchResult {
  events: number;
  reps: number;
  buildMindMs: number;
  timings: Timing[];
  chromium: string;
}

export async function runTimelineBench(options: { reps?: number } = {}): Promise<TimelineBenchResult> {
  const reps = options.reps ?? 10;
  const path = join(benchDir, '.cache', `timeline-${EVENTS}.mind`);
  mkdirSync(dirname(path), { recursive: true });
  const built = performance.now();
  const id = writeReinforcedMind(path, EVENTS);
  const buildMindMs = performance.now() - built;
  const markers = EVENTS + 1;
  const served = await startServeProcess(['--mind', path]);
  const origin = new URL(served.url).origin;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const entry = await context.newPage();
    await entry.goto(served.url);
    await entry.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT_LIMIT_MS });
    await entry.close();

    const navigate: number[] = [];
    const tabClick: number[] = [];
    // One untimed round first: the host's statement cache and the OS file cache warm up.
    for (let rep = -1; rep < reps; rep++) {
      process.stderr.write(`timeline bench: repetition ${rep + 1} of ${reps}\r`);
      const page = await context.newPage();
      await page.goto(`${origin}/#/overview`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: WAIT_LIMIT_MS });
      const navigated = await timeUntilPainted(page, { hash: `#/memory/${id}/timeline` }, markers);
      await page.goto(`${origin}/#/memory/${id}`);
      await page.getByTestId('confidence-sparkline').waitFor({ timeout: WAIT_LIMIT_MS });
      const clicked = await timeUntilPainted(page, { selector: 'nav[aria-label="Memory views"] a[data-tab="timeline"]' }, markers);
      await page.close();
      if (rep < 0) continue;
      navigate.push(navigated);
      tabClick.push(clicked);
    }
    process.stderr.write('\n');
    return {
      events: markers,
      reps,
      buildMindMs: Math.round(buildMindMs),
      timings: [summarize('navigate to the timeline (hash → painted)', navigate), summarize('Details → Timeline tab (click → painted)', tabClick)],
      chromium: browser.version(),
    };
  } finally {
    await browser?.close();
    await served.stop();
  }
}

function verdict(timing: Timing): string {
  if (timing.p95Ms < TIMELINE_TARGET_MS) return 'PASS';
  return timing.medianMs < TIMELINE_TARGET_MS ? 'PASS*' : 'MISS';
}

export function reportTimelineBench(result: TimelineBenchResult, machine: Record<string, unknown>): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (value: number) => value.toFixed(1).padStart(10);
  const header = `${pad(`timeline @ ${result.events.toLocaleString('en')} events`, 44)}${'median'.padStart(10)}${'p95'.padStart(10)}${'target'.padStart(10)}  verdict  reps`;
  const lines = result.timings.map((t) => `${pad(t.name, 44)}${num(t.medianMs)}${num(t.p95Ms)}${`< ${TIMELINE_TARGET_MS}`.padStart(10)}  ${pad(verdict(t), 7)}${String(t.reps).padStart(5)}`);
  process.stdout.write(
    `\n${header}\n${'-'.repeat(header.length)}\n${lines.join('\n')}\n` +
      `the mind (one belief, ${(result.events - 1).toLocaleString('en')} reinforcements) was built in ${(result.buildMindMs / 1000).toFixed(1)} s; Chromium ${result.chromium}, headless, no GPU\n` +
      'PASS: p95 under target, PASS*: median under but p95 over, MISS: median over\n',
  );
  const out = join(benchDir, 'results', 'timeline.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      { date: new Date().toISOString(), machine, ...result, timings: result.timings.map((t) => ({ ...t, targetMs: TIMELINE_TARGET_MS, verdict: verdict(t) })) },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
