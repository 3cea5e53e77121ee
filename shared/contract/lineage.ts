/**
 * The lineage graph of a memory for the Lineage view: its ancestors ("why") and dependents ("what
 * depends on this") to a depth, as the mind stood now or at `asOf`, cut to a node cap (nearest
 * first) with a count of what the cap left out; and the hidden neighbours of one node, to expand it.
 */
import { z } from 'zod';
import { LINK_KINDS, MEMORY_STATUSES, MEMORY_TYPES, TIERS } from '../model';
import { isoTime, memoryId } from './common';

export const LINEAGE_DIRECTIONS = ['up', 'down', 'both'] as const;
export type LineageDirectionName = (typeof LINEAGE_DIRECTIONS)[number];
/** The deepest walk a request may ask for by number; null asks for all. */
export const MAX_LINEAGE_REQUEST_DEPTH = 1000;
/** The most nodes one answer carries: enough for the grouped view of a very large neighbourhood. */
export const MAX_LINEAGE_NODE_CAP = 20_000;
export const DEFAULT_LINEAGE_NODE_CAP = 5_000;
/** How many shown nodes an expansion may name as already known. */
export const MAX_KNOWN_NODES = MAX_LINEAGE_NODE_CAP * 2;

export const LineageNodeSchema = z.object({
  id: z.string(),
  type: z.enum(MEMORY_TYPES),
  /** The first words, on one line. */
  text: z.string(),
  status: z.enum(MEMORY_STATUSES),
  tier: z.enum(TIERS),
  /** Decayed to the instant the graph is seen at. */
  effectiveConfidence: z.number(),
  /** Steps from the focus: positive for ancestors, negative for dependents, 0 for the focus. */
  depth: z.number().int(),
  /** The way this node's own neighbours continue the walk: up for ancestors, down for dependents. */
  side: z.enum(LINEAGE_DIRECTIONS),
  /** Memories one step further on its side. */
  neighbours: z.number().int().nonnegative(),
  /** Of those, how many this answer does not include (expand to see them). */
  hidden: z.number().int().nonnegative(),
});
export type LineageNodeView = z.output<typeof LineageNodeSchema>;

/** `from` stands on `to`. */
export const LineageEdgeSchema = z.object({ from: z.string(), to: z.string(), kind: z.enum(LINK_KINDS) });
export type LineageEdgeView = z.output<typeof LineageEdgeSchema>;

export const LineageGraphSchema = z.object({
  focus: z.string(),
  asOf: isoTime.nullable(),
  nodes: z.array(LineageNodeSchema),
  edges: z.array(LineageEdgeSchema),
  /** Nodes the walk reached that the cap left out (the farthest ones). */
  cut: z.number().int().nonnegative(),
});
export type LineageGraphView = z.output<typeof LineageGraphSchema>;

export const LineageRequestSchema = z.strictObject({
  id: memoryId,
  direction: z.enum(LINEAGE_DIRECTIONS).default('both'),
  /** Steps to walk; null walks all the way. */
  depth: z.number().int().min(1).max(MAX_LINEAGE_REQUEST_DEPTH).nullable().default(3),
  asOf: isoTime.optional(),
  nodeCap: z.number().int().min(1).max(MAX_LINEAGE_NODE_CAP).default(DEFAULT_LINEAGE_NODE_CAP),
});
export type LineageRequest = z.input<typeof LineageRequestSchema>;

export const LineageExpandRequestSchema = z.strictObject({
  id: memoryId,
  /** The node's side: which of its neighbours to bring in. */
  direction: z.enum(['up', 'down']),
  /** The ids already shown: left out of the answer, and the ends its new links may reach. */
  known: z.array(memoryId).max(MAX_KNOWN_NODES),
  /** The expanded node's depth, so the new nodes sit one step further. */
  depth: z.number().int(),
  asOf: isoTime.optional(),
  nodeCap: z.number().int().min(1).max(MAX_LINEAGE_NODE_CAP).default(500),
});
export type LineageExpandRequest = z.input<typeof LineageExpandRequestSchema>;

export const LINEAGE_CALLS = {
  'memories.lineage': { request: LineageRequestSchema, response: LineageGraphSchema },
  /** New nodes and the links that join them to the shown ones; `cut` counts neighbours still left out. */
  'memories.lineageExpand': {
    request: LineageExpandRequestSchema,
    response: LineageGraphSchema.omit({ focus: true, asOf: true }),
  },
} as const;
