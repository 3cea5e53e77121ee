/**
 * MCP resources: the mind's overview (`mindloom://overview`) and any one memory by id
 * (`mindloom://memory/{id}`). Each reads as Markdown for a person or a model, and as JSON.
 * Reading a resource is not a retrieval by the agent: access statistics stay as they are.
 */
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { MindError } from '../../shared/errors';
import { contradictionsTouching } from '../mind/contradictions';
import { getHistory } from '../mind/history';
import { getMemoryView } from '../mind/memory-view';
import type { Mind } from '../mind/mind';
import { getOverview } from '../mind/overview';
import { memoryCard } from './render';

export const OVERVIEW_URI = 'mindloom://overview';
const MEMORY_PREFIX = 'mindloom://memory/';

export const RESOURCES = [
  {
    uri: OVERVIEW_URI,
    name: 'overview',
    title: 'The mind at a glance',
    description: 'How many memories of each type, tier and status; what waits for review; open contradictions; uncertain memories; the last consolidation run.',
    mimeType: 'text/markdown',
  },
];

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: `${MEMORY_PREFIX}{id}`,
    name: 'memory',
    title: 'One memory',
    description: "A memory's whole card by id: text, fields, confidence, tier and why, provenance, contradictions and recent history.",
    mimeType: 'text/markdown',
  },
];

export function readResource(mind: Mind, uri: string): ReadResourceResult {
  if (uri === OVERVIEW_URI) {
    const overview = getOverview(mind);
    const counts = (record: Record<string, number>) =>
      Object.entries(record)
        .filter(([, n]) => n > 0)
        .map(([key, n]) => `${key} ${n}`)
        .join(', ') || 'none';
    const markdown = [
      '# The mind at a glance',
      `- ${overview.total} memories: ${counts(overview.byType)}`,
      `- tiers: ${counts(overview.byTier)}`,
      `- statuses: ${counts(overview.byStatus)}`,
      `- waiting for review: ${overview.reviewPending}`,
      `- open contradictions: ${overview.openContradictions}`,
      `- uncertain: ${overview.uncertain.count}${overview.uncertain.capped ? ' or more' : ''}`,
      `- last consolidation: ${overview.lastRun === null ? 'never' : `${overview.lastRun.status} (${overview.lastRun.startedAt})`}`,
    ].join('\n');
    return both(uri, markdown, overview);
  }
  if (uri.startsWith(MEMORY_PREFIX)) {
    const card = readMemoryCard(mind, decodeURIComponent(uri.slice(MEMORY_PREFIX.length)));
    return both(uri, memoryCard(card.memory, card.history, card.contradictions), card);
  }
  throw new MindError('not_found', `No resource at ${uri} (try ${OVERVIEW_URI} or ${MEMORY_PREFIX}ID).`, { uri });
}

/** What a memory's card shows: the memory with its provenance, its latest changes, its open contradictions. */
export function readMemoryCard(mind: Mind, id: string) {
  return {
    memory: getMemoryView(mind, id),
    history: getHistory(mind, id, { limit: 10, newestFirst: true }),
    contradictions: contradictionsTouching(mind, [id]),
  };
}

function both(uri: string, markdown: string, data: unknown): ReadResourceResult {
  return {
    contents: [
      { uri, mimeType: 'text/markdown', text: markdown },
      { uri, mimeType: 'application/json', text: JSON.stringify(data) },
    ],
  };
}
