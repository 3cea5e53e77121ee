/**
 * Where each lineage node goes. Two layered layouts, both top to bottom with dependents above the
 * focus and ancestors (down to the raw captures) below it:
 * - elk's `layered` algorithm, tuned for speed (low thoroughness, cheap crossing minimisation,
 *   simple node placement, model order kept), for graphs small enough that it answers at once;
 * - for larger graphs a fast layered layout of our own: one layer per depth, each layer ordered
 *   by the barycentre of its neighbours in the layer before (a few sweeps down and up), which is
 *   linear in nodes and edges where elk's is not.
 * Shared so the renderer's layout worker (features/lineage/layout-worker.ts) and the bench (which
 * times elk on its own) run the same code.
 */
import ELK from 'elkjs/lib/elk.bundled.js';

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 64;
const COLUMN_GAP = 24;
const LAYER_GAP = 72;
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

export const ELK_SPEED_OPTIONS: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.layered.thoroughness': '1',
  'elk.layered.crossingMinimization.strategy': 'INTERACTIVE',
  'elk.layered.nodePlacement.strategy': 'SIMPLE',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.edgeRouting': 'POLYLINE',
  'elk.spacing.nodeNode': String(COLUMN_GAP),
  'elk.layered.spacing.nodeNodeBetweenLayers': String(LAYER_GAP),
};

let elk: InstanceType<typeof ELK> | null = null;

export async function elkLayout(input: LayoutInput): Promise<Positions> {
  elk ??= new ELK();
  // Model order: dependents first, then the focus, then ancestors by depth, so elk keeps the layers in that order.
  const ordered = [...input.nodes].sort((a, b) => a.depth - b.depth);
  const ids = new Set(ordered.map((n) => n.id));
  const graph = await elk.layout({
    id: 'lineage',
    layoutOptions: { ...ELK_SPEED_OPTIONS },
    children: ordered.map((n) => ({ id: n.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: input.edges
      .filter((e) => ids.has(e.from) && ids.has(e.to) && e.from !== e.to)
      .map((e, i) => ({ id: `e${i}`, sources: [e.from], targets: [e.to] })),
  });
  const positions: Positions = {};
  for (const child of graph.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
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

/** The layout a graph of this size gets, timed. */
export async function layoutGraph(input: LayoutInput, clock: () => number): Promise<LayoutResult> {
  const started = clock();
  if (input.nodes.length <= ELK_MAX_NODES) {
    const positions = await elkLayout(input);
    return { positions, engine: 'elk', ms: clock() - started };
  }
  const positions = layeredLayout(input);
  return { positions, engine: 'layers', ms: clock() - started };
}
