/** "Why does my agent believe this?": ancestors and dependents of a memory as nodes + typed edges. */
import { MindError } from '../../shared/errors';
import type { LinkKind } from '../../shared/model';
import { effectiveConfidence } from '../../shared/rules/decay';
import type { LineageGraphView } from '../../shared/contract/lineage';
import { hiddenNeighbours } from '../../shared/lineage-graph';
import {
  countNeighbours,
  edgesBetween,
  findLineageNodes,
  type LineageEdge,
  type LineageNodeRow,
  neighboursOf,
  seqsOfIds,
  walkLineage,
} from '../store/lineage-query';
import { loadMemory } from './change';
import type { Mind } from './mind';
import { iso } from './present';
import { previewText } from './preview';

export type LineageDirection = 'up' | 'down' | 'both';

/** A memory in a lineage graph: what the graph shows of it, where it sits, and its confidence now. */
export type LineageNode = Pick<LineageNodeRow, 'id' | 'type' | 'content' | 'status' | 'tier' | 'confidence'> & {
  effectiveConfidence: number;
  /** Distance from the root: positive for ancestors, negative for dependents, 0 for the root. */
  depth: number;
};

export interface LineageGraph {
  root: string;
  nodes: LineageNode[];
  edges: { from: string; to: string; kind: LinkKind }[];
}

export const MAX_LINEAGE_DEPTH = 1000;

export function getLineage(
  mind: Mind,
  id: string,
  options: { direction?: LineageDirection; depth?: number | null } = {},
): LineageGraph {
  const direction = options.direction ?? 'both';
  const depth = options.depth ?? null;
  if (depth !== null && (!Number.isInteger(depth) || depth < 1 || depth > MAX_LINEAGE_DEPTH)) {
    throw new MindError('invalid_input', `depth must be a whole number from 1 to ${MAX_LINEAGE_DEPTH}.`);
  }
  const root = loadMemory(mind, id);
  const db = mind.store.db;
  const { depths, edges } = walkLineage(db, root.seq, direction === 'both' ? ['up', 'down'] : [direction], depth);
  const now = mind.now();
  const records = findLineageNodes(db, [...depths.keys()]);
  const idOf = new Map(records.map((r) => [r.seq, r.id]));
  return {
    root: root.id,
    nodes: records
      .map((r) => ({
        id: r.id,
        type: r.type,
        content: r.content,
        status: r.status,
        tier: r.tier,
        confidence: r.confidence,
        effectiveConfidence: effectiveConfidence(r, now),
        depth: depths.get(r.seq) as number,
      }))
      .sort((a, b) => a.depth - b.depth),
    edges: edges
      .filter((e) => idOf.has(e.fromSeq) && idOf.has(e.toSeq))
      .map((e) => ({ from: idOf.get(e.fromSeq) as string, to: idOf.get(e.toSeq) as string, kind: e.kind })),
  };
}

/** How many characters of a memory a lineage node shows. */
const NODE_TEXT_CHARS = 120;

export interface LineageViewOptions {
  direction: LineageDirection;
  /** null walks all the way. */
  depth: number | null;
  /** Epoch ms: the mind as it stood then. */
  asOf?: number | undefined;
  /** The most nodes to answer with; the farthest are cut first. */
  nodeCap: number;
}

/**
 * The Lineage view's graph: the walk of getLineage, as of an instant, cut to a cap (nearest
 * first, so what is shown is connected to the focus), each node with its neighbours on its side
 * and how many of them are hidden (by the depth or the cap).
 */
export function getLineageView(mind: Mind, id: string, options: LineageViewOptions): LineageGraphView {
  const { direction, depth, asOf, nodeCap } = options;
  checkAsOf(asOf);
  const root = loadMemory(mind, id);
  const db = mind.store.db;
  if (asOf !== undefined && findLineageNodes(db, [root.seq], { asOf }).length === 0) {
    throw new MindError('not_found', `${id} did not exist at ${iso(asOf)}.`, { id, asOf: iso(asOf) });
  }
  const walk = walkLineage(db, root.seq, direction === 'both' ? ['up', 'down'] : [direction], depth, { asOf });
  // Nearest first; among equals, the oldest memory first, so the same request cuts the same way.
  const ordered = [...walk.depths].sort(([seqA, a], [seqB, b]) => Math.abs(a) - Math.abs(b) || seqA - seqB);
  const kept = new Map(ordered.slice(0, nodeCap));
  const sideOf = (seq: number): LineageDirection => {
    const d = kept.get(seq) as number;
    return d > 0 ? 'up' : d < 0 ? 'down' : direction;
  };
  const graph = assembleGraph(mind, [...kept.keys()], {
    asOf,
    sideOf,
    depthOf: (seq) => kept.get(seq) as number,
    edges: walk.edges.filter((e) => kept.has(e.fromSeq) && kept.has(e.toSeq)),
    idOfSeq: new Map(),
  });
  return { focus: root.id, asOf: asOf === undefined ? null : iso(asOf), ...graph, cut: ordered.length - kept.size };
}

export interface LineageExpandOptions {
  /** The node's side: which of its neighbours to bring in. */
  direction: 'up' | 'down';
  /** Ids already shown: left out of the answer; new links to them are included. */
  known: readonly string[];
  /** The expanded node's depth: the new nodes sit one step further. */
  depth: number;
  asOf?: number | undefined;
  nodeCap: number;
}

/** The neighbours of one node on its side that are not shown yet, and the links joining them to what is. */
export function expandLineage(mind: Mind, id: string, options: LineageExpandOptions): Omit<LineageGraphView, 'focus' | 'asOf'> {
  const { direction, asOf, nodeCap } = options;
  checkAsOf(asOf);
  const node = loadMemory(mind, id);
  const db = mind.store.db;
  const knownSeqs = seqsOfIds(db, options.known);
  const shown = new Set([...knownSeqs.values(), node.seq]);
  const fresh = neighboursOf(db, node.seq, direction, { asOf }).filter((seq) => !shown.has(seq));
  const added = fresh.slice(0, nodeCap);
  const step = direction === 'up' ? 1 : -1;
  const idOfSeq = new Map([...knownSeqs].map(([knownId, seq]) => [seq, knownId]));
  idOfSeq.set(node.seq, node.id);
  const graph = assembleGraph(mind, added, {
    asOf,
    sideOf: () => direction,
    depthOf: () => options.depth + step,
    edges: edgesBetween(db, added, [...added, ...shown], { asOf }),
    idOfSeq,
  });
  return { ...graph, cut: fresh.length - added.length };
}

function checkAsOf(asOf: number | undefined): void {
  if (asOf !== undefined && !Number.isFinite(asOf)) throw new MindError('invalid_input', 'asOf must be a valid time.');
}

interface GraphParts {
  asOf: number | undefined;
  sideOf(seq: number): LineageDirection;
  depthOf(seq: number): number;
  /** Links touching the nodes; their other ends are nodes or in `idOfSeq`. */
  edges: readonly LineageEdge[];
  /** Ids of link ends that are not among the nodes. */
  idOfSeq: Map<number, string>;
}

/** Reads the nodes (as of the instant), their neighbour counts on their sides, and names the edges by id. */
function assembleGraph(mind: Mind, seqs: readonly number[], parts: GraphParts): Pick<LineageGraphView, 'nodes' | 'edges'> {
  const db = mind.store.db;
  const { asOf } = parts;
  const records = findLineageNodes(db, seqs, { asOf });
  const onSide = (side: 'up' | 'down') => records.filter((r) => parts.sideOf(r.seq) !== (side === 'up' ? 'down' : 'up')).map((r) => r.seq);
  const upCounts = countNeighbours(db, onSide('up'), 'up', { asOf });
  const downCounts = countNeighbours(db, onSide('down'), 'down', { asOf });
  const idOf = new Map(parts.idOfSeq);
  for (const r of records) idOf.set(r.seq, r.id);
  const at = asOf ?? mind.now();
  const nodes = records
    .map((r) => {
      const side = parts.sideOf(r.seq);
      return {
        id: r.id,
        type: r.type,
        text: previewText(r.content, NODE_TEXT_CHARS),
        status: r.status,
        tier: r.tier,
        effectiveConfidence: effectiveConfidence(r, at),
        depth: parts.depthOf(r.seq),
        side,
        neighbours: (side === 'down' ? 0 : (upCounts.get(r.seq) ?? 0)) + (side === 'up' ? 0 : (downCounts.get(r.seq) ?? 0)),
        hidden: 0,
      };
    })
    .sort((a, b) => b.depth - a.depth || a.id.localeCompare(b.id));
  const edges = parts.edges.flatMap((e) => {
    const from = idOf.get(e.fromSeq);
    const to = idOf.get(e.toSeq);
    return from === undefined || to === undefined ? [] : [{ from, to, kind: e.kind }];
  });
  const hidden = hiddenNeighbours(nodes, edges);
  for (const n of nodes) n.hidden = hidden.get(n.id) ?? 0;
  return { nodes, edges };
}
