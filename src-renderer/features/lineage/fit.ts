/**
 * The viewport that fits a laid-out lineage graph in the canvas, computed from the positions (every
 * node has the same size) so React Flow can open at it: its own fitView waits for nodes to be
 * measured, and the view's nodes never are (lineage-nodes.tsx: FLOW_NODE_FRAME).
 */
import { getViewportForBounds, type Viewport } from '@xyflow/react';
import { NODE_HEIGHT, NODE_WIDTH, type Positions } from '../../../shared/lineage-layout';

/** Far enough out to see a 5,000-node layer whole. */
export const MIN_ZOOM = 0.02;
/** A small graph fitted to the view stays at its natural size rather than blown up. */
const FIT_OPTIONS = { maxZoom: 1 } as const;
/** React Flow's own fitView padding, as a fraction of the canvas. */
const FIT_PADDING = 0.1;

export function fittedViewport(positions: Positions, canvas: { width: number; height: number }): Viewport {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const { x, y } of Object.values(positions)) {
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x + NODE_WIDTH);
    bottom = Math.max(bottom, y + NODE_HEIGHT);
  }
  if (left === Infinity) return { x: 0, y: 0, zoom: 1 };
  return getViewportForBounds({ x: left, y: top, width: right - left, height: bottom - top }, canvas.width, canvas.height, MIN_ZOOM, FIT_OPTIONS.maxZoom, FIT_PADDING);
}
