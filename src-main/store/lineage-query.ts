/**
 * Lineage walks with recursive CTEs. `up` follows links from a memory to what it stands on
 * (ancestors); `down` follows them back to what stands on it (dependents). The walk keeps each
 * memory once (UNION on seq), so a cycle cannot loop; depths come from a breadth-first pass over
 * the edges among the nodes found. Links voided by an undo are not walked.
 */
import type { LinkKind, MemoryStatus, MemoryType, Tier } from '../../shared/model';
import type { Db } from './connection';
import { stmt } from './statements';

export type LineageDirection = 'up' | 'down';

export interface LineageEdge {
  fromSeq: number;
  toSeq: number;
  kind: LinkKind;
}

export interface LineageWalk {
  /** seq → distance from the root: positive up (ancestors), negative down (dependents), 0 for the root. */
  depths: Map<number, number>;
  /** Every link among the nodes found, including ones between an ancestor and a dependent. */
  edges: LineageEdge[];
}

/** `up` steps from a link's `from` end to its `to` end; `down` the other way. */
function walkSql(direction: LineageDirection, bounded: boolean): string {
  const [here, next] = direction === 'up' ? ['from_seq', 'to_seq'] : ['to_seq', 'from_seq'];
  return bounded
    ? `WITH RECURSIVE walk(seq, depth) AS (
        SELECT ?, 0 UNION SELECT l.${next}, w.depth + 1 FROM walk w JOIN links l ON l.${here} = w.seq
        WHERE w.depth < ? AND l.voided_at IS NULL)
        SELECT DISTINCT seq FROM walk`
    : `WITH RECURSIVE walk(seq) AS (
        SELECT ? UNION SELECT l.${next} FROM walk w JOIN links l ON l.${here} = w.seq WHERE l.voided_at IS NULL)
        SELECT seq FROM walk`;
}

/**
 * Walks each direction for its nodes (SQL), then reads the links among all of them once and
 * assigns depths by a breadth-first pass per direction over those links.
 */
export function walkLineage(
  db: Db,
  rootSeq: number,
  directions: readonly LineageDirection[],
  maxDepth: number | null,
): LineageWalk {
  const nodes = new Set<number>([rootSeq]);
  for (const direction of directions) {
    const seqs = (
      maxDepth === null
        ? stmt(db, walkSql(direction, false)).all(rootSeq)
        : stmt(db, walkSql(direction, true)).all(rootSeq, maxDepth)
    ) as { seq: number }[];
    for (const { seq } of seqs) nodes.add(seq);
  }
  const edges = edgesAmong(db, [...nodes]);
  const depths = new Map<number, number>([[rootSeq, 0]]);
  for (const direction of directions) {
    for (const [seq, depth] of breadthFirstDepths(rootSeq, edges, direction, maxDepth)) {
      if (!depths.has(seq)) depths.set(seq, direction === 'up' ? depth : -depth);
    }
  }
  return { depths, edges };
}

function edgesAmong(db: Db, seqs: readonly number[]): LineageEdge[] {
  if (seqs.length === 0) return [];
  const json = JSON.stringify(seqs);
  return stmt(
    db,
    `SELECT l.from_seq AS fromSeq, l.to_seq AS toSeq, l.kind AS kind FROM json_each(?) j
     JOIN links l ON l.from_seq = j.value WHERE l.to_seq IN (SELECT value FROM json_each(?)) AND l.voided_at IS NULL`,
  ).all(json, json) as LineageEdge[];
}

function breadthFirstDepths(
  root: number,
  edges: readonly LineageEdge[],
  direction: LineageDirection,
  maxDepth: number | null,
): Map<number, number> {
  const next = new Map<number, number[]>();
  for (const edge of edges) {
    const [from, to] = direction === 'up' ? [edge.fromSeq, edge.toSeq] : [edge.toSeq, edge.fromSeq];
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
  }
  const depths = new Map<number, number>([[root, 0]]);
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    const seq = queue[i] as number;
    const depth = depths.get(seq) as number;
    // The node set is both directions' union: never step past the limit through it (a cycle could).
    if (maxDepth !== null && depth >= maxDepth) continue;
    for (const neighbour of next.get(seq) ?? []) {
      if (!depths.has(neighbour)) {
        depths.set(neighbour, depth + 1);
        queue.push(neighbour);
      }
    }
  }
  return depths;
}

/** What a lineage graph shows of each memory: a slim row, since a walk can reach thousands. */
export interface LineageNodeRow {
  seq: number;
  id: string;
  type: MemoryType;
  content: string;
  status: MemoryStatus;
  tier: Tier;
  confidence: number;
  protected: boolean;
  createdAt: number;
  lastVerifiedAt: number | null;
  lastReinforcedAt: number | null;
}

export function findLineageNodes(db: Db, seqs: readonly number[]): LineageNodeRow[] {
  if (seqs.length === 0) return [];
  const rows = stmt(
    db,
    `SELECT seq, id, type, content, status, tier, confidence, protected, created_at AS createdAt,
       last_verified_at AS lastVerifiedAt, last_reinforced_at AS lastReinforcedAt
     FROM memories WHERE seq IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(seqs)) as (Omit<LineageNodeRow, 'protected'> & { protected: number | boolean })[];
  // In place: a walk can return thousands of rows, and copying each is most of the cost.
  for (const row of rows) row.protected = row.protected === 1;
  return rows as LineageNodeRow[];
}
