/**
 * Looking into the mind without changing it: lineage (why do I believe this, what stands on it),
 * the uncertain memories, and the contradictions (recorded ones, or which beliefs a statement
 * would contradict before it is written).
 */
import { z } from 'zod';
import { MemorySummarySchema } from '../../../shared/contract';
import { CONTRADICTION_STATUSES, LINK_KINDS, MEMORY_STATUSES, memoryTypeSchema } from '../../../shared/model';
import { listUncertain } from '../../mind/attention';
import { detectContradictionsFor, getContradictions } from '../../mind/contradictions';
import { getLineage } from '../../mind/lineage';
import { clip, contradictionLine, memoryLine, section } from '../render';
import { ContradictionMatchSchema, ContradictionViewSchema, memoryIdInput } from '../schemas';
import { type AgentTool, defineTool } from '../tool';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const EDGE_WORDS: Record<(typeof LINK_KINDS)[number], string> = {
  derived_from: 'derived from',
  evidence: 'supported by',
  counter_evidence: 'contradicted by',
  supersedes: 'supersedes',
  merged_from: 'merged from',
  split_from: 'split from',
};

export const lineageTool = defineTool({
  name: 'lineage',
  title: 'Trace lineage',
  description:
    'Why do I believe this? Walks up from a memory to what it was derived from and what supports it, down to the raw captures (direction "up"), ' +
    'or down to everything made from it (direction "down"), or both. Each step is a typed link.',
  input: z.strictObject({
    id: memoryIdInput,
    direction: z.enum(['up', 'down', 'both']).optional().describe('up (default): its sources; down: what stands on it; both.'),
    depth: z.number().int().min(1).max(100).optional().describe('How many links to follow (default 10).'),
  }),
  output: z.object({
    root: z.string(),
    nodes: z.array(
      z.object({
        id: z.string(),
        type: memoryTypeSchema,
        content: z.string(),
        status: z.enum(MEMORY_STATUSES),
        tier: z.string(),
        confidence: z.number(),
        effectiveConfidence: z.number(),
        depth: z.number().int(),
      }),
    ),
    edges: z.array(z.object({ from: z.string(), to: z.string(), kind: z.enum(LINK_KINDS) })),
  }),
  annotations: READ,
  writes: false,
  run({ id, direction, depth }, ctx) {
    const graph = getLineage(ctx.mind, id, { direction: direction ?? 'up', depth: depth ?? 10 });
    const nodeById = new Map(graph.nodes.map((n) => [n.id, n]));
    const nodeLines = graph.nodes.map((n) => {
      const indent = '  '.repeat(Math.abs(n.depth));
      const side = n.depth > 0 ? '↑' : n.depth < 0 ? '↓' : '•';
      return `${indent}${side} [${n.type}] ${clip(n.content, 200)} — ${n.id} (${n.tier}, confidence ${n.effectiveConfidence.toFixed(2)}${n.status === 'active' ? '' : `, ${n.status}`})`;
    });
    const edgeLines = graph.edges.map((e) => `${e.from} ${EDGE_WORDS[e.kind]} ${e.to}`);
    const text = [
      `Lineage of ${graph.root} (${nodeById.size} memories, ${graph.edges.length} links):`,
      ...nodeLines,
      ...(edgeLines.length > 0 ? [section('Links', edgeLines, '')] : []),
    ].join('\n');
    return { text, data: graph };
  },
});

export const uncertainTool = defineTool({
  name: 'uncertain',
  title: 'List uncertain memories',
  description:
    'Active memories whose confidence (after decay) is below a threshold, least confident first: what to verify, reinforce or let go.',
  input: z.strictObject({
    threshold: z.number().gt(0).max(1).optional().describe('Confidence below this counts as uncertain (default 0.5).'),
    limit: z.number().int().min(1).max(200).optional().describe('How many (default 20).'),
  }),
  output: z.object({ items: z.array(MemorySummarySchema), more: z.boolean() }),
  annotations: READ,
  writes: false,
  run({ threshold, limit }, ctx) {
    const page = listUncertain(ctx.mind, { threshold, limit: limit ?? 20 });
    const text = page.items.length === 0 ? 'No uncertain memories.' : page.items.map(memoryLine).join('\n');
    return { text: page.nextCursor ? `${text}\n(more below the threshold)` : text, data: { items: page.items, more: page.nextCursor !== null } };
  },
});

export const contradictionsTool = defineTool({
  name: 'contradictions',
  title: 'List contradictions',
  description:
    'The contradictions the mind has recorded between memories (open ones by default: a person resolves them). ' +
    'Give a statement to check, before writing it, which active beliefs it would contradict.',
  input: z.strictObject({
    status: z.enum([...CONTRADICTION_STATUSES, 'all']).optional().describe('open (default), acknowledged, resolved or all.'),
    limit: z.number().int().min(1).max(500).optional().describe('How many (default 50).'),
    statement: z.string().trim().min(1).max(5_000).optional().describe('A statement to check against the active beliefs.'),
  }),
  output: z.object({ contradictions: z.array(ContradictionViewSchema), wouldContradict: z.array(ContradictionMatchSchema) }),
  annotations: READ,
  writes: false,
  run({ status, limit, statement }, ctx) {
    const contradictions = getContradictions(ctx.mind, { status: status === 'all' ? null : (status ?? 'open'), limit: limit ?? 50 });
    const wouldContradict = statement === undefined ? [] : detectContradictionsFor(ctx.mind, statement);
    const parts = [section(`Contradictions (${status ?? 'open'})`, contradictions.map(contradictionLine), 'none')];
    if (statement !== undefined) {
      parts.push(
        section(
          `"${clip(statement, 200)}" would contradict`,
          wouldContradict.map((m) => `${m.belief.id} "${clip(m.belief.content, 200)}" (${m.kind}: ${m.terms.join(' vs ')})`),
          'no active belief',
        ),
      );
    }
    return { text: parts.join('\n'), data: { contradictions, wouldContradict } };
  },
});

export const INSPECT_TOOLS: readonly AgentTool[] = [lineageTool, uncertainTool, contradictionsTool];
