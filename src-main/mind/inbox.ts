/**
 * The inbox: raw captures nobody has processed, newest first, promoted (each to what it is) or
 * dismissed (archived: nothing is lost). Batch triage is one action for undo.
 */
import type { MemoryType } from '../../shared/model';
import { readTallies } from '../store/tallies-query';
import { archiveMemory } from './lifecycle';
import { type ListPage, listMemories } from './list';
import type { Mind } from './mind';
import { promoteMemory } from './promote';
import type { WriteOptions } from './write-options';

export function listInbox(mind: Mind, options: { limit?: number | undefined; cursor?: string | null | undefined } = {}): ListPage {
  return listMemories(mind, {
    filter: { types: ['raw'], statuses: ['active'] },
    sort: 'created',
    direction: 'desc',
    limit: options.limit ?? 50,
    cursor: options.cursor ?? null,
  });
}

export function countInbox(mind: Mind): number {
  return readTallies(mind.store.db)
    .filter((t) => t.type === 'raw' && t.status === 'active')
    .reduce((sum, t) => sum + t.n, 0);
}

export interface TriageItem {
  id: string;
  expectedVersion: number;
}

/** Each capture promoted to the same type, with its own text; returns the new memories' ids. */
export function promoteMany(mind: Mind, items: readonly TriageItem[], to: MemoryType, options: WriteOptions): string[] {
  return mind.store.transaction(() =>
    items.map((item) => promoteMemory(mind, item.id, { to }, { ...options, expectedVersion: item.expectedVersion }).created.id),
  );
}

export function dismissMany(mind: Mind, items: readonly TriageItem[], options: WriteOptions): string[] {
  return mind.store.transaction(() => items.map((item) => archiveMemory(mind, item.id, { ...options, expectedVersion: item.expectedVersion }).id));
}

