/** "Why does my agent believe this?": ancestors and dependents of a memory as nodes + typed edges. */
import { MindError } from '../../shared/errors';
import type { LinkKind } from '../../shared/model';
import { effectiveConfidence } from '../../shared/rules/decay';
import { findLineageNodes, type LineageNodeRow, walkLineage } from '../store/lineage-query';
import { loadMemory } from './change';
import type { Mind } from './mind';

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
