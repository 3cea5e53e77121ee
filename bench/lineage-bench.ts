/**
 * The lineage bench (`npm run bench -- --lineage`) on the 1M mind:
 *   - the store: memories.lineage's query for a 2,000-node neighbourhood;
 *   - the layouts, timed in Node: the fast layered layout the view uses above ELK_MAX_NODES on that
 *     graph, and elk layered (with the view's speed options) on its ELK_MAX_NODES nodes nearest the
 *     focus, the largest graph the view gives elk (on all 2,000 elk takes minutes: 5 to 18 on the
 *     1M mind's machine, which is why the view does not use it there);
 *   - the view in Chromium through `mindloom serve`: the click on the Lineage tab to the first
 *     frame with the graph drawn (cold: a new page, so a new layout worker and an empty cache;
 *     warm: back to Details and again, the answer and layout cached);
 *   - pan and zoom with 5,000 nodes: requestAnimationFrame intervals while the mouse drags and
 *     wheels the canvas, grouped (the view's default above 3,000 nodes) and with every group shown.
 * The generated mind's largest up+down closure is its ancestor hub (about 1,000 memories), so the
 * bench plants two neighbourhoods of 2,000 and 5,000 memories in its copy of the mind through the
 * real create operation, once (their focus ids are kept in the mind's meta). The mind's consolidation
 * scheduler is turned off first: a run started by the served host would fold the planted captures
 * into new episodes (growing the neighbourhoods) and take a core from the page while it is timed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { readSettings, writeSettings } from '../src-main/consolidation/settings-store';
import { createMemory } from '../src-main/mind/create';
import { getLineageView } from '../src-main/mind/lineage';
import { openMind, type Mind } from '../src-main/mind/mind';
import { readMeta, writeMeta } from '../src-main/store/meta-repo';
import { elkLayout } from '../shared/lineage-elk-layout';
import { ELK_MAX_NODES, layeredLayout } from '../shared/lineage-layout';
import { median, p95 } from './measure';
import { startServeProcess } from './serve-process';
import { PROBE, probe } from './ui-bench';

const benchDir = dirname(fileURLToPath(import.meta.url));
const PLANTED_KEY = 'bench.lineage.neighbourhoods';
const READY_LIMIT_MS = 120_000;

export const LINEAGE_TARGETS = { clickToPaintedMs: 1500, panFrameP95Ms: 20 } as const;

/** Focus ids of the planted neighbourhoods, by size. */
type Planted = Record<string, string>;

/**
 * A belief standing on N/6 episodes, each from three of N/3 raw captures (neighbours share
 * captures, so layers cross), and N/6 goals that derive from it, each with two drives (one
 * shared with the next goal): N memories within two steps either way.
 */
function plant(mind: Mind, size: number): string {
  const as = { actor: 'import:bench' } as const;
  const add = (input: Parameters<typeof createMemory>[1]) => createMemory(mind, input, as).id;
  const sixth = Math.floor(size / 6);
  const raws = Array.from({ length: 2 * sixth }, (_, i) => add({ type: 'raw', content: `bench lineage ${size}: capture ${i}` }));
  const episodes = Array.from({ length: sixth }, (_, i) =>
    add({ type: 'episode', content: `bench lineage ${size}: episode ${i}`, derivedFrom: [0, 1, 2].map((k) => raws[(2 * i + k) % raws.length] as string) }),
  );
  const focus = add({ type: 'belief', content: `bench lineage ${size}: the focus`, derivedFrom: episodes.slice(0, 10), evidence: episodes });
  const goals = Array.from({ length: sixth }, (_, i) => add({ type: 'goal', content: `bench lineage ${size}: goal ${i}`, derivedFrom: [focus] }));
  for (let i = 0; i < 2 * sixth; i++) {
    const goal = goals[Math.floor(i / 2)] as string;
    const next = goals[(Math.floor(i / 2) + 1) % goals.length] as string;
    add({ type: 'drive', content: `bench lineage ${size}: drive ${i}`, derivedFrom: i % 2 === 0 ? [goal] : [goal, next] });
  }
  return focus;
}

function plantedNeighbourhoods(mindPath: string): Planted {
  const mind = openMind(mindPath);
  try {
    if (readSettings(mind).scheduler.enabled) writeSettings(mind, { scheduler: { enabled: false } }, 'import:bench');
    const planted = JSON.parse(readMeta(mind.store.db, PLANTED_KEY) ?? '{}') as Planted;
    for (const size of [2000, 5000]) {
      if (planted[size] !== undefined) continue;
      process.stderr.write(`lineage bench: planting a ${size.toLocaleString('en')}-memory neighbourhood\n`);
      planted[size] = plant(mind, size);
      writeMeta(mind.store.db, PLANTED_KEY, JSON.stringify(planted));
    }
    return planted;
  } finally {
    mind.close();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const stats = (values: readonly number[]) => ({ medianMs: round(median(values)), p95Ms: round(p95(values)), reps: values.length, all: values.map(round) });

/** Installed in every page: the click on the Lineage tab to the first frame after the graph is drawn. */
const LINEAGE_PROBE = `(() => {
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  window.__lineageBench = {
    clickUntilDrawn(limitMs) {
      return new Promise((resolve, reject) => {
        const tab = document.querySelector('.memory-tabs a[data-tab="lineage"]');
        if (tab === null) return reject(new Error('no Lineage tab'));
        // A large graph zoomed out is drawn on the overview canvas (React Flow draws its focus): both must be there.
        const drawn = () => document.querySelector('.lineage-canvas[data-ready="true"] .react-flow__node') !== null && document.querySelector('.lineage-overview:not([data-drawn="true"])') === null;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!drawn()) return;
          observer.disconnect();
          clearTimeout(timer);
          const canvas = document.querySelector('.lineage-canvas');
          nextFrame().then((at) => resolve({ ms: at - started, engine: canvas.getAttribute('data-layout-engine'), layoutMs: Number(canvas.getAttribute('data-layout-ms')), nodes: Number(canvas.getAttribute('data-node-count')), memories: Number(canvas.getAttribute('data-memory-count')) }));
        });
        const timer = setTimeout(() => { observer.disconnect(); reject(new Error('not drawn within ' + limitMs + ' ms')); }, limitMs);
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        tab.click();
      });
    },
  };
})();`;

interface Drawn {
  ms: number;
  engine: string;
  layoutMs: number;
  /** Nodes drawn (a group is one), of the memories in the graph. */
  nodes: number;
  memories: number;
}

async function openDetails(page: Page, origin: string, id: string): Promise<void> {
  await page.goto(`${origin}/#/memory/${id}`);
  await page.locator('.memory-tabs a[data-tab="lineage"]').waitFor({ timeout: READY_LIMIT_MS });
}

async function clickToDrawn(page: Page): Promise<Drawn> {
  return (await page.evaluate(`window.__lineageBench.clickUntilDrawn(${READY_LIMIT_MS})`)) as Drawn;
}

/** Drags and wheels the canvas for `seconds`, recording frame intervals. */
async function panAndZoom(page: Page, seconds: number) {
  const box = await page.locator('.lineage-canvas .react-flow__pane').boundingBox();
  if (box === null) throw new Error('the lineage canvas is not on screen');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  await probe<void>(page, 'startFrames()');
  const started = performance.now();
  let step = 0;
  while (performance.now() - started < seconds * 1000) {
    // Alternate: a drag across a third of the canvas, then a few wheel notches in and out.
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(centre.x + ((step % 2 === 0 ? 1 : -1) * box.width * i) / 30, centre.y + (box.height * i) / 60);
    await page.mouse.up();
    await page.mouse.move(centre.x, centre.y);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, step % 2 === 0 ? -100 : 100);
    step++;
  }
  const deltas = await probe<number[]>(page, 'stopFrames()');
  return { frames: deltas.length, medianFrameMs: round(median(deltas)), p95FrameMs: round(p95(deltas)), maxFrameMs: round(Math.max(...deltas)), framesOver20Ms: deltas.filter((d) => d > 20).length };
}

export interface LineageBenchOptions {
  mindPath: string;
  reps?: number;
}

export async function runLineageBench(options: LineageBenchOptions) {
  const reps = options.reps ?? 3;
  const planted = plantedNeighbourhoods(options.mindPath);
  const focus2k = planted[2000] as string;
  const focus5k = planted[5000] as string;

  // The store and the layouts, in this process.
  const mind = openMind(options.mindPath);
  let graph;
  const queryTimes: number[] = [];
  try {
    for (let i = 0; i < reps + 1; i++) {
      const started = performance.now();
      graph = getLineageView(mind, focus2k, { direction: 'both', depth: 3, nodeCap: 5000 });
      if (i > 0) queryTimes.push(performance.now() - started);
    }
  } finally {
    mind.close();
  }
  if (!graph) throw new Error('no graph');
  const input = { nodes: graph.nodes.map((n) => ({ id: n.id, depth: n.depth })), edges: graph.edges.map((e) => ({ from: e.from, to: e.to })) };
  process.stderr.write(`lineage bench: ${graph.nodes.length} nodes, ${graph.edges.length} edges; timing the layouts in Node\n`);
  const nearest = new Set([...input.nodes].sort((a, b) => Math.abs(a.depth) - Math.abs(b.depth)).slice(0, ELK_MAX_NODES).map((n) => n.id));
  const elkInput = { nodes: input.nodes.filter((n) => nearest.has(n.id)), edges: input.edges.filter((e) => nearest.has(e.from) && nearest.has(e.to)) };
  const elkTimes: number[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    await elkLayout(elkInput);
    elkTimes.push(performance.now() - started);
  }
  const layeredTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    layeredLayout(input);
    layeredTimes.push(performance.now() - started);
  }

  process.stderr.write(`lineage bench: starting mindloom serve --mind ${relative(process.cwd(), options.mindPath)}\n`);
  const served = await startServeProcess(['--mind', options.mindPath]);
  const origin = new URL(served.url).origin;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript({ content: PROBE });
    await context.addInitScript({ content: LINEAGE_PROBE });
    const entry = await context.newPage();
    await entry.goto(served.url);
    await entry.locator('main h1').first().waitFor({ timeout: READY_LIMIT_MS });
    await entry.close();

    const cold: Drawn[] = [];
    const warm: Drawn[] = [];
    for (let i = 0; i < reps; i++) {
      const page = await context.newPage();
      await openDetails(page, origin, focus2k);
      cold.push(await clickToDrawn(page));
      await page.locator('.memory-tabs a[data-tab="details"]').click();
      await page.locator('.memory-tabs a[data-tab="details"][aria-current="page"]').waitFor();
      warm.push(await clickToDrawn(page));
      await page.close();
    }

    const panPage = await context.newPage();
    await openDetails(panPage, origin, focus5k);
    const opened5k = await clickToDrawn(panPage);
    const grouped = await panAndZoom(panPage, 6);
    // Every group opened: all 5,000 memories drawn (the canvas counts what it draws).
    await panPage.getByRole('button', { name: 'Show every memory' }).click();
    await panPage.locator(`.lineage-canvas[data-ready="true"][data-node-count="${opened5k.memories}"]`).waitFor({ timeout: READY_LIMIT_MS });
    await panPage.getByRole('button', { name: 'Fit to view' }).click();
    const ungroupedNodes = Number(await panPage.locator('.lineage-canvas').getAttribute('data-node-count'));
    if (ungroupedNodes !== opened5k.memories) throw new Error(`${ungroupedNodes} of ${opened5k.memories} memories drawn after showing every one`);
    const ungrouped = await panAndZoom(panPage, 6);
    await panPage.close();

    return {
      mind: relative(process.cwd(), options.mindPath),
      neighbourhood: { focus: focus2k, nodes: graph.nodes.length, edges: graph.edges.length, cut: graph.cut },
      storeQuery: stats(queryTimes),
      layoutInNode: { elkAtMaxNodes: { nodes: elkInput.nodes.length, edges: elkInput.edges.length, ...stats(elkTimes) }, layered: stats(layeredTimes), elkMaxNodes: ELK_MAX_NODES },
      clickToPainted: {
        cold: { ...stats(cold.map((d) => d.ms)), engine: cold[0]?.engine, layoutMs: cold.map((d) => d.layoutMs), nodes: cold[0]?.nodes },
        warm: stats(warm.map((d) => d.ms)),
      },
      panZoom5000: { focus: focus5k, openMs: round(opened5k.ms), grouped: { nodesDrawn: opened5k.nodes, ...grouped }, ungrouped: { nodesDrawn: ungroupedNodes, ...ungrouped } },
    };
  } finally {
    await browser?.close();
    await served.stop();
  }
}

export type LineageBenchResult = Awaited<ReturnType<typeof runLineageBench>>;

export function reportLineageBench(result: LineageBenchResult, machine: Record<string, unknown>): void {
  const c = result.clickToPainted;
  const p = result.panZoom5000;
  process.stdout.write(
    `\nlineage on ${result.mind}: ${result.neighbourhood.nodes} nodes, ${result.neighbourhood.edges} edges\n` +
      `store query            median ${result.storeQuery.medianMs} ms, p95 ${result.storeQuery.p95Ms} ms\n` +
      `layouts (Node)         fast layered median ${result.layoutInNode.layered.medianMs} ms; elk on ${result.layoutInNode.elkAtMaxNodes.nodes} nodes median ${result.layoutInNode.elkAtMaxNodes.medianMs} ms\n` +
      `click to painted       cold median ${c.cold.medianMs} ms (p95 ${c.cold.p95Ms}, ${c.cold.engine}), warm median ${c.warm.medianMs} ms   target < ${LINEAGE_TARGETS.clickToPaintedMs}\n` +
      `pan/zoom 5,000         grouped (${p.grouped.nodesDrawn} drawn) p95 ${p.grouped.p95FrameMs} ms; every node (${p.ungrouped.nodesDrawn} drawn) p95 ${p.ungrouped.p95FrameMs} ms   target < ${LINEAGE_TARGETS.panFrameP95Ms}\n`,
  );
  const out = join(benchDir, 'results', 'lineage.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ machine, targets: LINEAGE_TARGETS, ...result }, null, 2)}\n`);
  process.stdout.write(`wrote ${relative(process.cwd(), out)}\n`);
}
