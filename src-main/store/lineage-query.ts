/**
 * Lineage walks with recursive CTEs. `up` follows links from a memory to what it stands on
 * (ancestors); `down` follows them back to what stands on it (dependents). The walk keeps each
 * memory once (UNION on seq), so a cycle cannot loop; depths come from a breadth-first pass over
 * the edges among the nodes found. Links voided (by an undo or a reverted run) are not walked. As
 * of a past instant, a link counts while it stood (made by then, not yet voided), and each memory
 * reads as the version valid then (memory_versions).
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

/** When the links and memories are read: now (undefined) or a past instant in epoch ms. */
export interface AsOf {
  asOf?: number | undefined;
}

/** The SQL condition for a link of alias `l` standing (now, or at the instant bound as `@asOf`). */
function standingSql(asOf: number | undefined): string {
  return asOf === undefined ? 'l.voided_at IS NULL' : 'l.created_at <= @asOf AND (l.voided_at IS NULL OR l.voided_at > @asOf)';
}

/** Named parameters plus the as-of instant when there is one (better-sqlite3 refuses unused names). */
function withAsOf<T extends object>(params: T, asOf: number | undefined): T & { asOf?: number } {
  return asOf === undefined ? params : { ...params, asOf };
}

/** `up` steps from a link's `from` end to its `to` end; `down` the other way. */
function walkSql(direction: LineageDirection, bounded: boolean, asOf: number | undefined): string {
  const [here, next] = endsOf(direction);
  const standing = standingSql(asOf);
  return bounded
    ? `WITH RECURSIVE walk(seq, depth) AS (
        SELECT @root, 0 UNION SELECT l.${next}, w.depth + 1 FROM walk w JOIN links l ON l.${here} = w.seq
        WHERE w.depth < @maxDepth AND ${standing})
        SELECT DISTINCT seq FROM walk`
    : `WITH RECURSIVE walk(seq) AS (
        SELECT @root UNION SELECT l.${next} FROM walk w JOIN links l ON l.${here} = w.seq WHERE ${standing})
        SELECT seq FROM walk`;
}

/** The link column a step in this direction leaves from, and the one it arrives at. */
function endsOf(direction: LineageDirection): [here: string, next: string] {
  return direction === 'up' ? ['from_seq', 'to_seq'] : ['to_seq', 'from_seq'];
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
  { asOf }: AsOf = {},
): LineageWalk {
  const nodes = new Set<number>([rootSeq]);
  for (const direction of directions) {
    const seqs = (
      maxDepth === null
        ? stmt(db, walkSql(direction, false, asOf)).all(withAsOf({ root: rootSeq }, asOf))
        : stmt(db, walkSql(direction, true, asOf)).all(withAsOf({ root: rootSeq, maxDepth }, asOf))
    ) as { seq: number }[];
    for (const { seq } of seqs) nodes.add(seq);
  }
  const edges = edgesAmong(db, [...nodes], { asOf });
  const depths = new Map<number, number>([[rootSeq, 0]]);
  for (const direction of directions) {
    for (const [seq, depth] of breadthFirstDepths(rootSeq, edges, direction, maxDepth)) {
      if (!depths.has(seq)) depths.set(seq, direction === 'up' ? depth : -depth);
    }
  }
  return { depths, edges };
}

/** Every standing link with both ends among these memories. */
export function edgesAmong(db: Db, seqs: readonly number[], { asOf }: AsOf = {}): LineageEdge[] {
  if (seqs.length === 0) return [];
  return stmt(
    db,
    `SELECT l.from_seq AS fromSeq, l.to_seq AS toSeq, l.kind AS kind FROM json_each(@seqs) j
     JOIN links l ON l.from_seq = j.value WHERE l.to_seq IN (SELECT value FROM json_each(@seqs)) AND ${standingSql(asOf)}`,
  ).all(withAsOf({ seqs: JSON.stringify(seqs) }, asOf)) as LineageEdge[];
}

/** Every standing link with one end among `these` and the other among `those` (either way round). */
export function edgesBetween(db: Db, these: readonly number[], those: readonly number[], { asOf }: AsOf = {}): LineageEdge[] {
  if (these.length === 0 || those.length === 0) return [];
  const select = (here: string, there: string) =>
    `SELECT l.from_seq AS fromSeq, l.to_seq AS toSeq, l.kind AS kind FROM json_each(@these) j
     JOIN links l ON l.${here} = j.value WHERE l.${there} IN (SELECT value FROM json_each(@those)) AND ${standingSql(asOf)}`;
  return stmt(db, `${select('from_seq', 'to_seq')} UNION ${select('to_seq', 'from_seq')}`).all(
    withAsOf({ these: JSON.stringify(these), those: JSON.stringify(those) }, asOf),
  ) as LineageEdge[];
}

/** How many distinct memories each of these is linked to one step in a direction (standing links). */
export function countNeighbours(db: Db, seqs: readonly number[], direction: LineageDirection, { asOf }: AsOf = {}): Map<number, number> {
  if (seqs.length === 0) return new Map();
  const [here, next] = endsOf(direction);
  const rows = stmt(
    db,
    `SELECT l.${here} AS seq, COUNT(DISTINCT l.${next}) AS count FROM json_each(@seqs) j
     JOIN links l ON l.${here} = j.value WHERE ${standingSql(asOf)} GROUP BY l.${here}`,
  ).all(withAsOf({ seqs: JSON.stringify(seqs) }, asOf)) as { seq: number; count: number }[];
  return new Map(rows.map((r) => [r.seq, r.count]));
}

/** The memories one step from this one in a direction (standing links), nearest seq first. */
export function neighboursOf(db: Db, seq: number, direction: LineageDirection, { asOf }: AsOf = {}): number[] {
  const [here, next] = endsOf(direction);
  return (
    stmt(db, `SELECT DISTINCT l.${next} AS seq FROM links l WHERE l.${here} = @seq AND ${standingSql(asOf)} ORDER BY l.${next}`).all(
      withAsOf({ seq }, asOf),
    ) as { seq: number }[]
  ).map((r) => r.seq);
}

/** The seqs of these public ids (unknown ids are left out). */
export function seqsOfIds(db: Db, ids: readonly string[]): Map<string, number> {
  if (ids.length === 0) return new Map();
  const rows = stmt(db, 'SELECT m.id AS id, m.seq AS seq FROM json_each(?) j JOIN memories m ON m.id = j.value').all(
    JSON.stringify(ids),
  ) as { id: string; seq: number }[];
  return new Map(rows.map((r) => [r.id, r.seq]));
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

const NODE_COLUMNS = `seq, id, type, content, status, tier, confidence, protected, created_at AS createdAt,
  last_verified_at AS lastVerifiedAt, last_reinforced_at AS lastReinforcedAt`;

/** The memories as they stand now, or as the version valid at `asOf` (a memory not yet made then is left out). */
export function findLineageNodes(db: Db, seqs: readonly number[], { asOf }: AsOf = {}): LineageNodeRow[] {
  if (seqs.length === 0) return [];
  const rows = (
    asOf === undefined
      ? stmt(db, `SELECT ${NODE_COLUMNS} FROM memories WHERE seq IN (SELECT value FROM json_each(?))`).all(JSON.stringify(seqs))
      : stmt(
          db,
          `SELECT ${NODE_COLUMNS} FROM memory_versions WHERE seq IN (SELECT value FROM json_each(@seqs))
           AND valid_from <= @asOf AND (valid_to IS NULL OR valid_to > @asOf)`,
        ).all({ seqs: JSON.stringify(seqs), asOf })
  ) as (Omit<LineageNodeRow, 'protected'> & { protected: number | boolean })[];
  // In place: a walk can return thousands of rows, and copying each is most of the cost.
  for (const row of rows) row.protected = row.protected === 1;
  return rows as LineageNodeRow[];
}
