/**
 * A large lineage graph zoomed out past reading, drawn on one canvas: every node a box in its
 * tier's colour, every link a line (once they are far enough apart to tell), redrawn for each pan
 * and zoom frame. React Flow keeps a
 * component and store subscriptions per node and link it draws, so panning across thousands of
 * boxes too small to read mounted and unmounted hundreds of them a frame (frames of 100 ms and
 * more); here a frame is a few thousand rectangles and lines. React Flow still holds every node
 * (hidden, but for the focus and the selection) and takes the pointer: a click on a box selects it.
 */
import { useStoreApi } from '@xyflow/react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { LinkKind } from '../../../shared/model';
import { LAYER_GAP, NODE_HEIGHT, NODE_WIDTH, type Positions } from '../../../shared/lineage-layout';
import { EDGE_STYLES } from './edge-kinds';
import { type DisplayGraph, displayIdOf } from './graph-model';

export interface OverviewHighlights {
  selected: string | null;
  /** Nodes and links (by key) on the why-paths, when lit. */
  paths: { nodes: Set<string>; edges: Set<string> } | null;
  matches: Set<string>;
}

type Tier = 'grounded' | 'observed' | 'inferred' | 'hypothesis';
const TIERS: readonly Tier[] = ['grounded', 'observed', 'inferred', 'hypothesis'];
const DIMMED = new Set(['superseded', 'archived', 'forgotten']);
/**
 * Links are drawn once the layers they join are this many screen pixels apart. Closer, a link is a
 * smear between rows of boxes a pixel tall (React Flow drew them 0.03 px wide), yet the thousands
 * of them crossing the screen cost more to draw than everything else (a frame's time on their own).
 */
const MIN_LINK_GAP_PX = 4;
/**
 * Links are drawn at this fraction of the screen's resolution and scaled up: their cost is their
 * length in pixels (thousands of anti-aliased lines crossing the screen, a frame's time at full
 * resolution), and a link a pixel wide loses little by it.
 */
const LINES_DOWNSCALE = 2;

interface Box {
  id: string;
  x: number;
  y: number;
}

/** What is drawn, in flow coordinates, bucketed by how it is painted so each bucket is one path. */
interface Scene {
  boxes: Map<string, Box[]>;
  lines: Map<LinkKind, number[]>;
  whyLines: number[];
  marked: { why: Box[]; match: Box[]; selected: Box[] };
}

function sceneOf(display: DisplayGraph, positions: Positions, highlights: OverviewHighlights): Scene {
  const boxes = new Map<string, Box[]>();
  const marked: Scene['marked'] = { why: [], match: [], selected: [] };
  for (const shown of display.nodes) {
    const id = displayIdOf(shown);
    const at = positions[id];
    if (!at) continue;
    const box = { id, x: at.x, y: at.y };
    const bucket = shown.kind === 'group' ? 'hypothesis' : `${shown.node.tier}${DIMMED.has(shown.node.status) ? ' dimmed' : ''}`;
    const list = boxes.get(bucket);
    if (list) list.push(box);
    else boxes.set(bucket, [box]);
    if (highlights.paths?.nodes.has(id)) marked.why.push(box);
    if (highlights.matches.has(id)) marked.match.push(box);
    if (highlights.selected === id) marked.selected.push(box);
  }
  const lines = new Map<LinkKind, number[]>();
  const whyLines: number[] = [];
  for (const edge of display.edges) {
    const from = positions[edge.from];
    const to = positions[edge.to];
    if (!from || !to) continue;
    // As React Flow draws them: from the bottom of the node that stands on the other to its top.
    const segment = [from.x + NODE_WIDTH / 2, from.y + NODE_HEIGHT, to.x + NODE_WIDTH / 2, to.y];
    if (highlights.paths?.edges.has(edge.key)) whyLines.push(...segment);
    const list = lines.get(edge.kind);
    if (list) list.push(...segment);
    else lines.set(edge.kind, segment);
  }
  return { boxes, lines, whyLines, marked };
}

/** The theme's colours, read once per scene from the canvas's own style (light or dark). */
function paletteOf(element: Element) {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    tier: Object.fromEntries(TIERS.map((t) => [t, read(`--tier-${t}`)])) as Record<Tier, string>,
    mark: read('--mark'),
    match: read('--accent'),
    selected: read('--focus'),
  };
}

type Transform = readonly [number, number, number];

function draw(canvas: HTMLCanvasElement, linesCanvas: HTMLCanvasElement, size: { width: number; height: number }, [tx, ty, zoom]: Transform, scene: Scene, palette: ReturnType<typeof paletteOf>): boolean {
  const ratio = window.devicePixelRatio || 1;
  const pixelWidth = Math.round(size.width * ratio);
  const pixelHeight = Math.round(size.height * ratio);
  // React Flow measures its pane in an effect: until then there is nowhere to draw.
  if (pixelWidth === 0 || pixelHeight === 0) return false;
  if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
  }
  const context = canvas.getContext('2d');
  if (context === null) return false;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, pixelWidth, pixelHeight);
  context.setTransform(ratio * zoom, 0, 0, ratio * zoom, ratio * tx, ratio * ty);
  // What is on screen, in flow coordinates: only that is drawn.
  const left = -tx / zoom;
  const top = -ty / zoom;
  const right = left + size.width / zoom;
  const bottom = top + size.height / zoom;
  const onScreen = (b: Box) => b.x + NODE_WIDTH >= left && b.x <= right && b.y + NODE_HEIGHT >= top && b.y <= bottom;
  const pixel = 1 / zoom;

  const strokeLines = (into: CanvasRenderingContext2D, coords: readonly number[], colour: string, width: number) => {
    into.beginPath();
    for (let i = 0; i < coords.length; i += 4) {
      const [x1, y1, x2, y2] = [coords[i] as number, coords[i + 1] as number, coords[i + 2] as number, coords[i + 3] as number];
      if (Math.max(x1, x2) < left || Math.min(x1, x2) > right || Math.max(y1, y2) < top || Math.min(y1, y2) > bottom) continue;
      into.moveTo(x1, y1);
      into.lineTo(x2, y2);
    }
    into.strokeStyle = colour;
    into.lineWidth = width;
    into.stroke();
  };
  const lines = LAYER_GAP * zoom >= MIN_LINK_GAP_PX ? linesCanvas.getContext('2d') : null;
  if (lines !== null) {
    const scale = ratio / LINES_DOWNSCALE;
    const width = Math.ceil(pixelWidth / LINES_DOWNSCALE);
    const height = Math.ceil(pixelHeight / LINES_DOWNSCALE);
    if (linesCanvas.width !== width || linesCanvas.height !== height) {
      linesCanvas.width = width;
      linesCanvas.height = height;
    }
    lines.setTransform(1, 0, 0, 1, 0, 0);
    lines.clearRect(0, 0, width, height);
    lines.setTransform(scale * zoom, 0, 0, scale * zoom, scale * tx, scale * ty);
    lines.globalAlpha = 0.6;
    for (const [kind, coords] of scene.lines) strokeLines(lines, coords, EDGE_STYLES[kind].colour, pixel * LINES_DOWNSCALE / ratio);
    lines.globalAlpha = 1;
    if (scene.whyLines.length > 0) strokeLines(lines, scene.whyLines, palette.mark, (2 * pixel * LINES_DOWNSCALE) / ratio);
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(linesCanvas, 0, 0, width * LINES_DOWNSCALE, height * LINES_DOWNSCALE);
    context.setTransform(ratio * zoom, 0, 0, ratio * zoom, ratio * tx, ratio * ty);
  }

  for (const [bucket, boxes] of scene.boxes) {
    const [tier, dimmed] = bucket.split(' ') as [Tier, string | undefined];
    context.globalAlpha = dimmed === undefined ? 1 : 0.45;
    context.fillStyle = palette.tier[tier];
    for (const box of boxes) if (onScreen(box)) context.fillRect(box.x, box.y, NODE_WIDTH, NODE_HEIGHT);
  }
  context.globalAlpha = 1;
  const outline = (boxes: readonly Box[], colour: string) => {
    if (boxes.length === 0) return;
    context.beginPath();
    for (const box of boxes) if (onScreen(box)) context.rect(box.x - 2 * pixel, box.y - 2 * pixel, NODE_WIDTH + 4 * pixel, NODE_HEIGHT + 4 * pixel);
    context.strokeStyle = colour;
    context.lineWidth = 2 * pixel;
    context.stroke();
  };
  outline(scene.marked.why, palette.mark);
  outline(scene.marked.match, palette.match);
  outline(scene.marked.selected, palette.selected);
  return true;
}

/**
 * The canvas, under React Flow's own layer (a child of <ReactFlow>, so it can follow its store).
 * It draws before the browser paints and again on every change of the viewport or the pane's size.
 */
export function LineageOverview({ display, positions, highlights }: { display: DisplayGraph; positions: Positions; highlights: OverviewHighlights }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const store = useStoreApi();
  const scene = useMemo(() => sceneOf(display, positions, highlights), [display, positions, highlights]);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const palette = paletteOf(canvas);
    const linesCanvas = document.createElement('canvas');
    let drawn: { transform: Transform; width: number; height: number } | null = null;
    const redraw = () => {
      const { transform, width, height } = store.getState();
      if (drawn !== null && drawn.transform === transform && drawn.width === width && drawn.height === height) return;
      drawn = { transform, width, height };
      if (draw(canvas, linesCanvas, { width, height }, transform, scene, palette)) canvas.dataset['drawn'] = 'true';
    };
    redraw();
    return store.subscribe(redraw);
  }, [store, scene]);
  return <canvas ref={canvasRef} className="lineage-overview" aria-hidden="true" data-node-count={display.nodes.length} />;
}
