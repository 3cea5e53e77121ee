/**
 * The live bench (`npm run bench -- --live`): a person scrolls the Browser on the large mind
 * (served by `mindloom serve`, in Debian's Chromium) while an agent writes ten memories a second
 * through `mindloom mcp` into the same file. Measured in the page: the scroll's frame times, and
 * every memory call the page makes (a fetch wrapper counts `memories.list` pages, and the changed
 * rows it asks `memories.locate` about); then, with the list at its top, how long an agent's write
 * takes to show up as a row. The agent writes into a copy of the mind, made afresh each run, with
 * the app's consolidation scheduler off so that every change the page sees is the agent's.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { writeSettings } from '../src-main/consolidation/settings-store';
import { openMind } from '../src-main/mind/mind';
import { connectAgent } from '../e2e/support/agent';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { summarize, type Timing } from './measure';
import { startServeProcess } from './serve-process';
import { measureScroll, PROBE, type ScrollFigures, waitForFirstRow, waitForFirstRowOrOverview } from './ui-bench';

const benchDir = dirname(fileURLToPath(import.meta.url));

export const LIVE_TARGETS = { scrollFps: 55, writesPerSecond: 10, visibleWithinMs: 2_000 } as const;

/** Counts the page's memory calls: pages listed (first pages apart: a first page after the start is a full reload) and rows located. */
const CALLS_PROBE = `(() => {
  const counts = { listPages: 0, firstPages: 0, locates: 0, locatedRows: 0, trailCalls: 0, trailRows: 0 };
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    const call = /\\/api\\/call\\/([\\w.]+)/.exec(url)?.[1];
    if (call === 'memories.list' || call === 'memories.locate' || call === 'memories.confidenceTrails') {
      let body = {};
      try { body = JSON.parse(init?.body ?? '{}'); } catch {}
      if (call === 'memories.list') { counts.listPages += 1; if (!body.cursor) counts.firstPages += 1; }
      else if (call === 'memories.locate') { counts.locates += 1; counts.locatedRows += (body.ids ?? []).length; }
      else { counts.trailCalls += 1; counts.trailRows += (body.ids ?? []).length; }
    }
    return original(input, init);
  };
  window.__liveCalls = { snapshot: () => ({ ...counts }) };
})();`;

interface CallCounts {
  listPages: number;
  firstPages: number;
  locates: number;
  locatedRows: number;
  /** Confidence trails asked for (one call per page whose rows changed), and the rows they named. */
  trailCalls: number;
  trailRows: number;
}

export interface LiveBenchResult {
  size: number;
  seconds: number;
  /** The same scroll with no agent writing. */
  quietScroll: ScrollFigures;
  scroll: ScrollFigures;
  writes: { made: number; perSecond: number; roundTrip: Timing };
  /** What the page fetched while the agent wrote and the person scrolled. */
  refetched: CallCounts;
  /** Agent write → its row in the open Browser (list at the top). */
  visible: Timing;
  chromium: string;
}

export interface LiveBenchOptions {
  mindPath: string;
  size: number;
  seconds?: number;
}

const calls = (page: Page) => page.evaluate('window.__liveCalls.snapshot()') as Promise<CallCounts>;

export async function runLiveBench(options: LiveBenchOptions): Promise<LiveBenchResult> {
  const seconds = options.seconds ?? 10;
  const copy = join(benchDir, '.cache', `mind-${options.size}-live-run.mind`);
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
  };
  remove();
  process.stderr.write(`live bench: copying the ${options.size.toLocaleString('en')}-memory mind for the agent to write into\n`);
  copyFileSync(options.mindPath, copy);
  // The app's own consolidation would write into the mind too (a generated mind has thousands of
  // episodes waiting): off, so what the page refreshes is the agent's doing alone.
  const mind = openMind(copy, { mustExist: true });
  writeSettings(mind, { scheduler: { enabled: false } }, 'user');
  mind.close();
  const served = await startServeProcess(['--mind', copy]);
  const origin = new URL(served.url).origin;
  let browser: Browser | null = null;
  const agent = await connectAgent(copy, 'bench-writer');
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: PROBE });
    await context.addInitScript({ content: CALLS_PROBE });
    const entry = await context.newPage();
    await entry.goto(served.url);
    await waitForFirstRowOrOverview(entry);
    await entry.close();

    // The same scroll without an agent first: this machine's own figure to compare with.
    const quietPage = await context.newPage();
    await quietPage.goto(`${origin}/#/browser`);
    await waitForFirstRow(quietPage);
    const quiet = await measureScroll(quietPage, seconds);
    await quietPage.close();

    const page = await context.newPage();
    await page.goto(`${origin}/#/browser`);
    await waitForFirstRow(page);
    const before = await calls(page);

    process.stderr.write(`live bench: scrolling for ${seconds} s while the agent writes ${LIVE_TARGETS.writesPerSecond} memories a second\n`);
    let writing = true;
    const roundTrips: number[] = [];
    const writer = (async () => {
      const interval = 1000 / LIVE_TARGETS.writesPerSecond;
      for (let i = 0; writing; i++) {
        const started = performance.now();
        await agent.call('add_note', { content: `Agent note ${i}: the bench writes while a person scrolls` });
        const took = performance.now() - started;
        roundTrips.push(took);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, interval - took)));
      }
    })();
    const scroll = await measureScroll(page, seconds);
    writing = false;
    await writer;
    // Events for the last writes arrive within a poll or two.
    await page.waitForTimeout(1_500);
    const after = await calls(page);

    // With the list at its top, how soon does an agent's write show up as a row?
    await page.getByRole('grid', { name: 'Memories' }).evaluate((grid) => grid.scrollTo(0, 0));
    const visible: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const saved = await agent.call<{ memory: { id: string } }>('add_note', { content: `Agent note to watch for ${i}` });
      await page.locator(`[role="row"][data-memory-id="${saved.memory.id}"]`).waitFor({ timeout: 10_000 });
      visible.push(performance.now() - started);
    }
    const counted = {
      listPages: after.listPages - before.listPages,
      firstPages: after.firstPages - before.firstPages,
      locates: after.locates - before.locates,
      locatedRows: after.locatedRows - before.locatedRows,
      trailCalls: after.trailCalls - before.trailCalls,
      trailRows: after.trailRows - before.trailRows,
    };
    return {
      size: options.size,
      seconds,
      quietScroll: quiet,
      scroll,
      writes: { made: roundTrips.length, perSecond: Math.round((roundTrips.length / scroll.seconds) * 10) / 10, roundTrip: summarize('agent write round trip', roundTrips) },
      refetched: counted,
      visible: summarize('agent write → row in the open Browser', visible),
      chromium: browser.version(),
    };
  } finally {
    await agent.close();
    await browser?.close();
    await served.stop();
    remove();
  }
}

export function reportLiveBench(result: LiveBenchResult, machine: Record<string, unknown>): void {
  const s = result.scroll;
  const r = result.refetched;
  const fpsVerdict = s.fps >= LIVE_TARGETS.scrollFps ? 'PASS' : 'MISS';
  const onlyChanged = r.firstPages === 0 ? 'PASS' : 'MISS';
  const visibleVerdict = result.visible.p95Ms < LIVE_TARGETS.visibleWithinMs ? 'PASS' : result.visible.medianMs < LIVE_TARGETS.visibleWithinMs ? 'PASS*' : 'MISS';
  process.stdout.write(
    `\nlive @ ${result.size.toLocaleString('en')} memories: scrolling the Browser for ${s.seconds} s while an agent writes through mindloom mcp\n` +
      `scrolling: ${s.fps} fps (target ≥ ${LIVE_TARGETS.scrollFps}: ${fpsVerdict}); frame median ${s.medianFrameMs} ms, p95 ${s.p95FrameMs} ms, longest ${s.maxFrameMs} ms, ${s.framesOver33Ms} frames over 33 ms\n` +
      `the same scroll with no agent: ${result.quietScroll.fps} fps; frame p95 ${result.quietScroll.p95FrameMs} ms, ${result.quietScroll.framesOver33Ms} frames over 33 ms\n` +
      `agent: ${result.writes.made} writes (${result.writes.perSecond}/s), round trip median ${result.writes.roundTrip.medianMs} ms, p95 ${result.writes.roundTrip.p95Ms} ms\n` +
      `refreshed: ${r.locates} locate calls for ${r.locatedRows} changed rows; ${r.firstPages} lists reloaded from the first page (${onlyChanged}); ` +
      `${r.listPages} pages loaded by scrolling; ${r.trailCalls} confidence-trail calls for ${r.trailRows} rows\n` +
      `agent write → row on screen: median ${result.visible.medianMs.toFixed(0)} ms, p95 ${result.visible.p95Ms.toFixed(0)} ms (target < ${LIVE_TARGETS.visibleWithinMs}: ${visibleVerdict})\n`,
  );
  const out = join(benchDir, 'results', 'live.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), machine, ...result, targets: LIVE_TARGETS, verdicts: { fps: fpsVerdict, onlyChanged, visible: visibleVerdict } }, null, 2)}\n`,
  );
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
