/**
 * A second connection to the mind file the app has open, from the test process: what an agent
 * (over MCP) or another app would do. Its writes reach the app only through SQLite, never through
 * the app's own API.
 */
import { MAX_RECALL_HITS } from '../../shared/contract/recall';
import type { MemoryType } from '../../shared/model';
import type { MindSettings } from '../../shared/settings';
import { meaningSource } from '../../src-main/consolidation/recall-meaning';
import { readSettings } from '../../src-main/consolidation/settings-store';
import { reinforceMemory } from '../../src-main/mind/confidence-ops';
import { type CreateMemoryInput, createMemory } from '../../src-main/mind/create';
import { type EditMemoryInput, editMemory } from '../../src-main/mind/edit';
import { type ListRequest, listMemories, type MemorySummary } from '../../src-main/mind/list';
import { getMemoryView, type MemoryView } from '../../src-main/mind/memory-view';
import { type Mind, openMind } from '../../src-main/mind/mind';
import { recall } from '../../src-main/mind/recall';
import { getStats, type MindStats } from '../../src-main/mind/stats';

export const OUTSIDE_ACTOR = 'agent:e2e-outside';

export interface OutsideConnection {
  readonly path: string;
  create(input: CreateMemoryInput): MemoryView;
  edit(id: string, input: EditMemoryInput, expectedVersion: number): MemoryView;
  /** Reinforcement as an agent reports it: the stored confidence moves, with the evidence named. */
  reinforce(id: string, evidence: string): MemoryView;
  view(id: string): MemoryView;
  list(request: ListRequest): MemorySummary[];
  stats(): MindStats;
  settings(): MindSettings;
  /** The ids an agent's recall would return for the query, best first (offline meaning; access left alone). */
  recall(query: string, types?: MemoryType[]): Promise<string[]>;
  close(): void;
}

export function connectOutside(path: string): OutsideConnection {
  const mind: Mind = openMind(path, { mustExist: true });
  return {
    path,
    create: (input) => getMemoryView(mind, createMemory(mind, input, { actor: OUTSIDE_ACTOR }).id),
    edit: (id, input, expectedVersion) => getMemoryView(mind, editMemory(mind, id, input, { actor: OUTSIDE_ACTOR, expectedVersion }).id),
    reinforce: (id, evidence) => getMemoryView(mind, reinforceMemory(mind, id, { evidence }, { actor: OUTSIDE_ACTOR }).id),
    view: (id) => getMemoryView(mind, id),
    list: (request) => listMemories(mind, request).items,
    stats: () => getStats(mind),
    settings: () => readSettings(mind),
    recall: async (query, types) => {
      const meaning = await meaningSource(mind, {}).forQuery(query);
      return recall(mind, { query, types, limit: MAX_RECALL_HITS }, { actor: OUTSIDE_ACTOR, meaning, recordAccess: false }).hits.map((h) => h.memory.id);
    },
    close: () => mind.close(),
  };
}
