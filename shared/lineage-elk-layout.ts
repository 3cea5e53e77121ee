/**
 * elk's `layered` algorithm for the lineage graph, tuned for speed (low thoroughness, cheap
 * crossing minimisation, simple node placement, model order kept): the layout of graphs up to
 * ELK_MAX_NODES. Its own module because elk is large: only the layout worker
 * (src-renderer/features/lineage/layout-worker.ts) and the bench load it.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { COLUMN_GAP, LAYER_GAP, type LayoutInput, NODE_HEIGHT, NODE_WIDTH, type Positions } from './lineage-layout';

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
