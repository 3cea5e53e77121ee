/**
 * Pure reckoning over a lineage graph, shared by the main process (which answers with it) and the
 * renderer (which recomputes it as expansions add nodes): how many of each node's neighbours on
 * its side are not in the graph.
 */
import type { LineageDirectionName } from './contract/lineage';

interface CountedNode {
  id: string;
  side: LineageDirectionName;
  /** Memories one step further on the node's side, in the whole mind. */
  neighbours: number;
}

/** `from` stands on `to`. */
interface EdgeEnds {
  from: string;
  to: string;
}

/** For each node, its neighbours on its side that the graph does not show. */
export function hiddenNeighbours(nodes: readonly CountedNode[], edges: readonly EdgeEnds[]): Map<string, number> {
  const above = new Map<string, Set<string>>();
  const below = new Map<string, Set<string>>();
  const add = (index: Map<string, Set<string>>, key: string, value: string) => {
    const set = index.get(key);
    if (set) set.add(value);
    else index.set(key, new Set([value]));
  };
  for (const edge of edges) {
    add(above, edge.from, edge.to);
    add(below, edge.to, edge.from);
  }
  const hidden = new Map<string, number>();
  for (const node of nodes) {
    const shownUp = node.side === 'down' ? 0 : (above.get(node.id)?.size ?? 0);
    const shownDown = node.side === 'up' ? 0 : (below.get(node.id)?.size ?? 0);
    hidden.set(node.id, Math.max(0, node.neighbours - shownUp - shownDown));
  }
  return hidden;
}
