/**
 * The UI bench (`npm run bench -- --ui`): the built app in Debian's Chromium, served by
 * `mindloom serve --mind` on the large generated mind, measured from inside the page:
 *   - open the Browser: page load to the first rows on screen (cold: a new page, empty caches);
 *   - Overview → Browser: the click on the navigation link to the first rows;
 *   - filter change: the click on a filter checkbox to the new list's first rows;
 *   - scrolling the Browser's list with the mouse wheel: requestAnimationFrame intervals.
 * Times are taken with performance.now() in the page (a MutationObserver sees the rows arrive, the
 * next animation frame is when they can be painted), so Playwright's own round trips are not in them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { EDITING_TARGETS, type EditingFigures, measureEditing } from './editing-bench';
import { median, p95, summarize, type Timing } from './measure';
import { startServeProcess } from './serve-process';

const benchDir = dirname(fileURLToPath(import.meta.url));

/** The issue's targets. */
export const UI_TARGETS = {
  openBrowserMs: 1000,
  navigateToBrowserMs: 1000,
  filterChangeMs: 300,
  scrollFps: 60,
} as const;

/** The filter checkboxes a filter-change repetition clicks, in turn (group legend, label). */
const FILTER_CLICKS: readonly { group: string; label: string }[] = [
  { group: 'Type', label: 'belief' },
  { group: 'Tier', label: 'grounded' },
  { group: 'Status', label: 'archived' },
  { group: 'Type', label: 'goal' },
  { group: 'Review', label: 'pending' },
];

/** How long to wait for rows before calling a repetition failed. */
const ROWS_LIMIT_MS = 60_000;

/**
 * Installed in every page before the app runs. Plain JavaScript: it runs in the browser, and the
 * bench's TypeScript has no DOM types.
 */
export const PROBE = `(() => {
  const ROW = '[role="grid"] [role="row"][data-memory-id]';
  const state = { frames: null };
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  /** Milliseconds from the start of the page's navigation to the first frame with rows. */
  const firstRow = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (document.querySelector(ROW) === null) return;
      observer.disconnect();
      nextFrame().then(resolve);
    }).observe(document, { childList: true, subtree: true });
  });

  const findTarget = (target) => {
    if (target.href !== undefined) return document.querySelector('nav a[href="' + target.href + '"]');
    const group = [...document.querySelectorAll('aside fieldset')].find((f) => f.querySelector('legend')?.textContent === target.group);
    const label = [...(group?.querySelectorAll('label') ?? [])].find((l) => l.textContent.trim() === target.label);
    return label?.querySelector('input') ?? null;
  };

  window.__uiBench = {
    firstRow,
    /** Clicks the target; resolves with the ms until a grid other than the one there before shows rows. */
    clickUntilNewRows(target, limitMs) {
      return new Promise((resolve, reject) => {
        const element = findTarget(target);
        if (element === null) return reject(new Error('nothing to click for ' + JSON.stringify(target)));
        const before = document.querySelector('[role="grid"]');
        const started = performance.now();
        const observer = new MutationObserver(() => {
          const grid = document.querySelector('[role="grid"]');
          if (grid === null || grid === before || grid.querySelector('[role="row"][data-memory-id]') === null) return;
          observer.disconnect();
          clearTimeout(timer);
          nextFrame().then((at) => resolve(at - started));
        });
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no new rows within ' + limitMs + ' ms')); }, limitMs);
        observer.observe(document.body, { childList: true, subtree: true });
        element.click();
      });
    },
    startFrames() {
      const frames = { deltas: [], running: true, last: null };
      const tick = (at) => {
        if (!frames.running) return;
        if (frames.last !== null) frames.deltas.push(at - frames.last);
        frames.last = at;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      state.frames = frames;
    },
    stopFrames() {
      state.frames.running = false;
      return state.frames.deltas;
    },
    scrollTop: () => document.querySelector('[role="grid"]')?.scrollTop ?? 0,
    loadedRows: () => Number(document.querySelector('[data-testid="memory-grid"]')?.getAttribute('data-loaded-rows') ?? 0),
  };
})();`;

export interface ScrollFigures {
  seconds: number;
  frames: number;
  fps: number;
  medianFrameMs: number;
  p95FrameMs: number;
  maxFrameMs: number;
  /** Frames longer than two 60 Hz frames (visible stutter). */
  framesOver33Ms: number;
  wheelEvents: number;
  scrolledPx: number;
  rowsLoaded: number;
}

export interface UiBenchResult {
  size: number;
  mindPath: string;
  reps: number;
  /** `mindloom serve --mind` start to its printed address (opening, maybe upgrading, the mind). */
  serveStartMs: number;
  timings: Timing[];
  scroll: ScrollFigures;
  /** The editing views (bench/editing-bench.ts). */
  editing: EditingFigures;
  chromium: string;
}

export interface UiBenchOptions {
  mindPath: string;
  size: number;
  reps?: number;
  scrollSeconds?: number;
}

/** `window.__uiBench.<call>` in the page, its answer typed by the caller. */
export async function probe<T>(page: Page, call: string): Promise<T> {
  return (await page.evaluate(`window.__uiBench.${call}`)) as T;
}

export async function waitForFirstRow(page: Page): Promise<number> {
  return probe<number>(page, 'firstRow');
}

export async function measureScroll(page: Page, seconds: number): Promise<ScrollFigures> {
  const grid = page.getByRole('grid', { name: 'Memories' });
  const box = await grid.boundingBox();
  if (box === null) throw new Error('the Browser grid is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const startTop = await probe<number>(page, 'scrollTop()');
  await probe<void>(page, 'startFrames()');
  const started = performance.now();
  let wheelEvents = 0;
  while (performance.now() - started < seconds * 1000) {
    await page.mouse.wheel(0, 120);
    wheelEvents++;
  }
  const deltas = await probe<number[]>(page, 'stopFrames()');
  const elapsed = deltas.reduce((a, b) => a + b, 0);
  return {
    seconds: Math.round(elapsed) / 1000,
    frames: deltas.length,
    fps: Math.round((deltas.length / (elapsed / 1000)) * 10) / 10,
    medianFrameMs: Math.round(median(deltas) * 100) / 100,
    p95FrameMs: Math.round(p95(deltas) * 100) / 100,
    maxFrameMs: Math.round(Math.max(...deltas) * 100) / 100,
    framesOver33Ms: deltas.filter((d) => d > 33.4).length,
    wheelEvents,
    scrolledPx: Math.round((await probe<number>(page, 'scrollTop()')) - startTop),
    rowsLoaded: await probe<number>(page, 'loadedRows()'),
  };
}

export async function runUiBench(options: UiBenchOptions): Promise<UiBenchResult> {
  const reps = options.reps ?? 15;
  process.stderr.write(`ui bench: starting mindloom serve --mind ${relative(process.cwd(), options.mindPath)}\n`);
  const serveStarted = performance.now();
  const served = await startServeProcess(['--mind', options.mindPath]);
  const serveStartMs = performance.now() - serveStarted;
  const origin = new URL(served.url).origin;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: PROBE });
    // The tokened address leaves the cookie that signs every later page in.
    const entry = await context.newPage();
    await entry.goto(served.url);
    await waitForFirstRowOrOverview(entry);
    await entry.close();

    const openBrowser: number[] = [];
    const navigate: number[] = [];
    const filter: number[] = [];
    // One untimed round first: the host's statement cache and the OS file cache warm up.
    for (let rep = -1; rep < reps; rep++) {
      process.stderr.write(`ui bench: repetition ${rep + 1} of ${reps}\r`);
      const page = await context.newPage();
      await page.goto(`${origin}/#/browser`);
      const opened = await waitForFirstRow(page);
      const filtered = await probe<number>(page, `clickUntilNewRows(${JSON.stringify(FILTER_CLICKS[Math.max(0, rep) % FILTER_CLICKS.length])}, ${ROWS_LIMIT_MS})`);
      await page.close();

      const overview = await context.newPage();
      await overview.goto(`${origin}/#/overview`);
      await overview.getByRole('link', { name: /^Memories: / }).waitFor({ timeout: ROWS_LIMIT_MS });
      const navigated = await probe<number>(overview, `clickUntilNewRows({ href: '#/browser' }, ${ROWS_LIMIT_MS})`);
      await overview.close();
      if (rep < 0) continue;
      openBrowser.push(opened);
      filter.push(filtered);
      navigate.push(navigated);
    }
    process.stderr.write('\n');

    const scrollPage = await context.newPage();
    await scrollPage.goto(`${origin}/#/browser`);
    await waitForFirstRow(scrollPage);
    const scroll = await measureScroll(scrollPage, options.scrollSeconds ?? 5);
    await scrollPage.close();
    const editing = await measureEditing(context, origin, reps);

    return {
      size: options.size,
      mindPath: relative(process.cwd(), options.mindPath),
      reps,
      serveStartMs: Math.round(serveStartMs),
      timings: [
        summarize('open the Browser (load → rows)', openBrowser),
        summarize('Overview → Browser (click → rows)', navigate),
        summarize('filter change (click → rows)', filter),
      ],
      scroll,
      editing,
      chromium: browser.version(),
    };
  } finally {
    await browser?.close();
    await served.stop();
  }
}

/** The first page lands wherever the app starts (the Overview): wait until it shows something. */
export async function waitForFirstRowOrOverview(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: ROWS_LIMIT_MS });
}

const TIMING_TARGETS: Readonly<Record<string, number>> = {
  'open the Browser (load → rows)': UI_TARGETS.openBrowserMs,
  'Overview → Browser (click → rows)': UI_TARGETS.navigateToBrowserMs,
  'filter change (click → rows)': UI_TARGETS.filterChangeMs,
  ...EDITING_TARGETS,
};

function verdict(timing: Timing, target: number): string {
  if (timing.p95Ms < target) return 'PASS';
  return timing.medianMs < target ? 'PASS*' : 'MISS';
}

export function reportUiBench(result: UiBenchResult, machine: Record<string, unknown>): void {
  const pad = (text: string, width: number) => text.padEnd(width);
  const num = (value: number) => value.toFixed(1).padStart(10);
  const header = `${pad(`UI @ ${result.size.toLocaleString('en')} memories`, 36)}${'median'.padStart(10)}${'p95'.padStart(10)}${'target'.padStart(10)}  verdict  reps`;
  const lines = [...result.timings, ...result.editing.timings].map((t) => {
    const target = TIMING_TARGETS[t.name];
    const goal = target === undefined ? '—' : `< ${target}`;
    return `${pad(t.name, 36)}${num(t.medianMs)}${num(t.p95Ms)}${goal.padStart(10)}  ${pad(target === undefined ? '' : verdict(t, target), 7)}${String(t.reps).padStart(5)}`;
  });
  const s = result.scroll;
  const scrollVerdict = s.fps >= UI_TARGETS.scrollFps * 0.95 && s.p95FrameMs <= 1000 / UI_TARGETS.scrollFps + 2 ? 'PASS' : 'MISS';
  process.stdout.write(
    `\n${header}\n${'-'.repeat(header.length)}\n${lines.join('\n')}\n` +
      `${pad('scroll frame time (ms)', 36)}${num(s.medianFrameMs)}${num(s.p95FrameMs)}${`≈ ${(1000 / UI_TARGETS.scrollFps).toFixed(1)}`.padStart(10)}  ${pad(scrollVerdict, 7)}${String(s.frames).padStart(5)}\n` +
      `scrolling: ${s.fps} fps over ${s.seconds} s, ${s.framesOver33Ms} frames over 33 ms, longest ${s.maxFrameMs} ms; ` +
      `${s.wheelEvents} wheel events moved ${s.scrolledPx.toLocaleString('en')} px, ${s.rowsLoaded.toLocaleString('en')} rows loaded\n` +
      `editing: the review queue held ${result.editing.queueTotal}; contradictions ${result.editing.openContradictions}\n` +
      `mindloom serve opened the mind in ${(result.serveStartMs / 1000).toFixed(1)} s; Chromium ${result.chromium}, headless, no GPU\n` +
      'PASS: p95 under target, PASS*: median under but p95 over, MISS: median over; scroll PASS: ≥ 57 fps and p95 frame ≤ 18.7 ms\n',
  );
  const out = join(benchDir, 'results', 'ui.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        ...result,
        timings: result.timings.map((t) => ({ ...t, targetMs: TIMING_TARGETS[t.name] ?? null, verdict: verdict(t, TIMING_TARGETS[t.name] ?? Infinity) })),
        editing: {
          ...result.editing,
          timings: result.editing.timings.map((t) => ({ ...t, targetMs: TIMING_TARGETS[t.name] ?? null, verdict: verdict(t, TIMING_TARGETS[t.name] ?? Infinity) })),
        },
        scroll: { ...result.scroll, targetFps: UI_TARGETS.scrollFps, verdict: scrollVerdict },
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
