/**
 * The Lineage view's graph as shown: the answer plus the expansions asked for since, the paths
 * "why do I believe this" lights up, grouping of very large graphs by depth and type, finding a
 * node by words and moving the selection with the arrow keys. Pure functions, no React.
 */
import type { LineageEdgeView, LineageGraphView, LineageNodeView } from '../../../shared/contract/lineage';
import { hiddenNeighbours } from '../../../shared/lineage-graph';
import type { MemoryType } from '../../../shared/model';
import { type LayoutInput, NODE_HEIGHT, NODE_WIDTH, type Positions } from '../../../shared/lineage-layout';

/** Above this many memories the view groups them by depth and type; a group opens on demand. */
export const GROUP_THRESHOLD = 3000;

export type ShownGraph = Pick<LineageGraphView, 'nodes' | 'edges'>;

export const edgeKey = (edge: LineageEdgeView) => `${edge.from}>${edge.kind}>${edge.to}`;

/** Adds an expansion's nodes and links, then recounts what each node still hides. */
export function mergeExpansion(graph: ShownGraph, expansion: ShownGraph): ShownGraph {
  const ids = new Set(graph.nodes.map((n) => n.id));
  const keys = new Set(graph.edges.map(edgeKey));
  const nodes = [...graph.nodes, ...expansion.nodes.filter((n) => !ids.has(n.id))];
  const edges = [...graph.edges, ...expansion.edges.filter((e) => !keys.has(edgeKey(e)))];
  const hidden = hiddenNeighbours(nodes, edges);
  return { nodes: nodes.map((n) => (hidden.get(n.id) === n.hidden ? n : { ...n, hidden: hidden.get(n.id) ?? 0 })), edges };
}

/** Every node and link on a path from the focus down through what it stands on to the roots. */
export function whyPaths(graph: ShownGraph, focus: string): { nodes: Set<string>; edges: Set<string> } {
  const out = new Map<string, LineageEdgeView[]>();
  for (const edge of graph.edges) {
    const list = out.get(edge.from);
    if (list) list.push(edge);
    else out.set(edge.from, [edge]);
  }
  // In an acyclic graph every link reachable from the focus lies on a path to some root.
  const nodes = new Set([focus]);
  const edges = new Set<string>();
  const queue = [focus];
  for (let i = 0; i < queue.length; i++) {
    for (const edge of out.get(queue[i] as string) ?? []) {
      edges.add(edgeKey(edge));
      if (!nodes.has(edge.to)) {
        nodes.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return { nodes, edges };
}

/** The roots a focus stands on: the nodes its why-paths end at. */
export function rootsOf(graph: ShownGraph, paths: { nodes: Set<string> }): LineageNodeView[] {
  const standsOnSomething = new Set(graph.edges.map((e) => e.from));
  return graph.nodes.filter((n) => paths.nodes.has(n.id) && !standsOnSomething.has(n.id));
}

export interface GroupNode {
  id: string;
  depth: number;
  type: MemoryType;
  count: number;
}

export type DisplayNode = { kind: 'memory'; node: LineageNodeView } | { kind: 'group'; group: GroupNode };

/**
 * A link as drawn. `slot` is its place among the links between the same two nodes: a drafted
 * belief's episodes are both what it was derived from and its evidence, and two links drawn over
 * each other read as one. Each slot meets the nodes a little apart (`LINK_SLOT_OFFSETS`).
 */
export type DisplayEdge = LineageEdgeView & { key: string; slot: number };

/** How far from a node's centre line each slot's links meet it, in px; slots past the last share it. */
export const LINK_SLOT_OFFSETS = [0, 8, -8] as const;
export const linkSlotOf = (slot: number): number => Math.min(slot, LINK_SLOT_OFFSETS.length - 1);
export const linkSlotOffset = (slot: number): number => LINK_SLOT_OFFSETS[linkSlotOf(slot)] ?? 0;

export interface DisplayGraph {
  nodes: DisplayNode[];
  /** Links between what is shown; a link to a grouped memory ends at its group. */
  edges: DisplayEdge[];
  /** Whether some memories are folded into groups. */
  grouped: boolean;
}

export const groupIdOf = (depth: number, type: MemoryType) => `group:${depth}:${type}`;
export const displayIdOf = (node: DisplayNode) => (node.kind === 'memory' ? node.node.id : node.group.id);
const depthOf = (node: DisplayNode) => (node.kind === 'memory' ? node.node.depth : node.group.depth);

/**
 * The graph as drawn. Small graphs are drawn as they are; above the threshold every memory but
 * the focus is folded into its (depth, type) group, except the groups opened.
 */
export function displayGraph(graph: ShownGraph, focus: string, openGroups: ReadonlySet<string>): DisplayGraph {
  if (graph.nodes.length <= GROUP_THRESHOLD) {
    return {
      nodes: graph.nodes.map((node) => ({ kind: 'memory', node })),
      edges: slotted(graph.edges),
      grouped: false,
    };
  }
  const shownAs = new Map<string, string>();
  const groups = new Map<string, GroupNode>();
  const nodes: DisplayNode[] = [];
  for (const node of graph.nodes) {
    const groupId = groupIdOf(node.depth, node.type);
    if (node.id === focus || openGroups.has(groupId)) {
      shownAs.set(node.id, node.id);
      nodes.push({ kind: 'memory', node });
      continue;
    }
    shownAs.set(node.id, groupId);
    const group = groups.get(groupId);
    if (group) group.count++;
    else groups.set(groupId, { id: groupId, depth: node.depth, type: node.type, count: 1 });
  }
  for (const group of groups.values()) nodes.push({ kind: 'group', group });
  const edges = new Map<string, LineageEdgeView>();
  for (const edge of graph.edges) {
    const from = shownAs.get(edge.from);
    const to = shownAs.get(edge.to);
    if (from === undefined || to === undefined || from === to) continue;
    const drawn = { from, to, kind: edge.kind };
    const key = edgeKey(drawn);
    if (!edges.has(key)) edges.set(key, drawn);
  }
  return { nodes, edges: slotted([...edges.values()]), grouped: groups.size > 0 };
}

/** Each link with its key and its slot: the first link between two nodes takes slot 0, the next 1, and so on. */
function slotted(edges: readonly LineageEdgeView[]): DisplayEdge[] {
  const taken = new Map<string, number>();
  return edges.map((edge) => {
    const pair = `${edge.from}>${edge.to}`;
    const slot = taken.get(pair) ?? 0;
    taken.set(pair, slot + 1);
    return { ...edge, key: edgeKey(edge), slot };
  });
}

/** The ids of the groups a display graph shows: opening them all shows every memory. */
export function groupIdsOf(display: DisplayGraph): string[] {
  return display.nodes.flatMap((n) => (n.kind === 'group' ? [n.group.id] : []));
}

export function layoutInputOf(display: DisplayGraph): LayoutInput {
  return {
    nodes: display.nodes.map((n) => ({ id: displayIdOf(n), depth: depthOf(n) })),
    edges: display.edges.map((e) => ({ from: e.from, to: e.to })),
  };
}

/** Memories whose text or id holds every word typed, in graph order. */
export function findNodes(nodes: readonly LineageNodeView[], query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return nodes.filter((n) => words.every((w) => n.text.toLowerCase().includes(w) || n.id.toLowerCase().includes(w))).map((n) => n.id);
}

export type Arrow = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';
const STEPS: Readonly<Record<Arrow, readonly [number, number]>> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/**
 * The node an arrow key moves the selection to: the nearest one lying in that direction (within
 * a 45° cone either side), distance along the direction counting less than distance across it.
 */
export function nodeInDirection(positions: Positions, from: string, arrow: Arrow): string | null {
  const origin = positions[from];
  if (!origin) return null;
  const [dx, dy] = STEPS[arrow];
  let best: string | null = null;
  let bestScore = Infinity;
  for (const [id, at] of Object.entries(positions)) {
    if (id === from) continue;
    const along = (at.x - origin.x) * dx + (at.y - origin.y) * dy;
    const across = Math.abs((at.x - origin.x) * dy + (at.y - origin.y) * dx);
    if (along <= 0 || across > along) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = id;
    }
  }
  return best;
}

/**
 * The node under a point (flow coordinates), or the nearest one within `slack` of its box: zoomed
 * far out a box is a few pixels wide, so a click that nearly touches it counts.
 */
export function nodeNear(positions: Positions, point: { x: number; y: number }, slack: number): string | null {
  let best: string | null = null;
  let bestDistance = slack;
  for (const [id, at] of Object.entries(positions)) {
    const dx = Math.max(at.x - point.x, 0, point.x - (at.x + NODE_WIDTH));
    const dy = Math.max(at.y - point.y, 0, point.y - (at.y + NODE_HEIGHT));
    const distance = Math.hypot(dx, dy);
    if (distance <= bestDistance) {
      bestDistance = distance;
      best = id;
      if (distance === 0) break;
    }
  }
  return best;
}
