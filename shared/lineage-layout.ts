/**
 * Where each lineage node goes. Two layered layouts, both top to bottom with dependents above the
 * focus and ancestors (down to the raw captures) below it:
 * - elk's `layered` algorithm (shared/lineage-elk-layout.ts), for graphs small enough that it
 *   answers at once; the view runs it in a Web Worker;
 * - for larger graphs the fast layered layout here: one layer per depth, each layer ordered by the
 *   barycentre of its neighbours in the layer before (a few sweeps down and up), which is linear in
 *   nodes and edges where elk's is not, so the view runs it in place (milliseconds for thousands
 *   of nodes) without waiting for the worker and elk to start.
 * This module does not import elk, so the renderer's main bundle stays without it.
 */

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 64;
export const COLUMN_GAP = 24;
export const LAYER_GAP = 72;
/** Above this many nodes elk's layered layout takes too long to feel immediate; the fast one is used. */
export const ELK_MAX_NODES = 400;
const BARYCENTRE_SWEEPS = 4;

export interface LayoutInput {
  nodes: { id: string; depth: number }[];
  /** `from` stands on `to`: drawn from above to below. */
  edges: { from: string; to: string }[];
}

export type Positions = Record<string, { x: number; y: number }>;

export interface LayoutResult {
  positions: Positions;
  engine: 'elk' | 'layers';
  /** How long the layout itself took. */
  ms: number;
}

/** One layer per depth; within a layer, nodes ordered by where their neighbours in the previous layer sit. */
export function layeredLayout(input: LayoutInput): Positions {
  const layers = new Map<number, string[]>();
  for (const node of input.nodes) {
    const layer = layers.get(node.depth);
    if (layer) layer.push(node.id);
    else layers.set(node.depth, [node.id]);
  }
  const depths = [...layers.keys()].sort((a, b) => a - b);
  const neighbours = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = neighbours.get(a);
    if (list) list.push(b);
    else neighbours.set(a, [b]);
  };
  for (const edge of input.edges) {
    link(edge.from, edge.to);
    link(edge.to, edge.from);
  }
  const slot = new Map<string, number>();
  for (const depth of depths) (layers.get(depth) as string[]).forEach((id, i) => slot.set(id, i));

  const reorder = (layer: string[]) => {
    const centre = new Map<string, number>();
    for (const id of layer) {
      let sum = 0;
      let count = 0;
      for (const other of neighbours.get(id) ?? []) {
        const at = slot.get(other);
        if (at !== undefined) {
          sum += at;
          count++;
        }
      }
      centre.set(id, count === 0 ? (slot.get(id) as number) : sum / count);
    }
    layer.sort((a, b) => (centre.get(a) as number) - (centre.get(b) as number));
    // Slots are fractions of the layer's width, so wide and narrow layers line up by proportion.
    const span = Math.max(1, layer.length - 1);
    layer.forEach((id, i) => slot.set(id, (i / span) * 1000));
  };
  for (const depth of depths) {
    const layer = layers.get(depth) as string[];
    const span = Math.max(1, layer.length - 1);
    layer.forEach((id, i) => slot.set(id, (i / span) * 1000));
  }
  for (let sweep = 0; sweep < BARYCENTRE_SWEEPS; sweep++) {
    const order = sweep % 2 === 0 ? depths : [...depths].reverse();
    for (const depth of order) reorder(layers.get(depth) as string[]);
  }

  const positions: Positions = {};
  const first = depths[0] ?? 0;
  for (const depth of depths) {
    const layer = layers.get(depth) as string[];
    const width = layer.length * (NODE_WIDTH + COLUMN_GAP) - COLUMN_GAP;
    layer.forEach((id, i) => {
      positions[id] = { x: i * (NODE_WIDTH + COLUMN_GAP) - width / 2, y: (depth - first) * (NODE_HEIGHT + LAYER_GAP) };
    });
  }
  return positions;
}
