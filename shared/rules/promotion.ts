/**
 * Promotion paths (docs/ARCHITECTURE.md §4, from the provenance seed's promotion chain): memories only move upward,
 * from raw input toward the more distilled types. Values, goals, drives and relationships are
 * the top of their chains and promote to nothing.
 */
import type { MemoryType } from '../model';

export const PROMOTION_PATHS: Readonly<Record<MemoryType, readonly MemoryType[]>> = Object.freeze({
  raw: Object.freeze(['episode', 'note', 'belief'] as const),
  episode: Object.freeze(['belief', 'goal', 'drive', 'relationship'] as const),
  note: Object.freeze(['belief'] as const),
  belief: Object.freeze(['value', 'goal', 'drive'] as const),
  value: Object.freeze([] as const),
  goal: Object.freeze([] as const),
  drive: Object.freeze([] as const),
  relationship: Object.freeze([] as const),
});

export function canPromote(from: MemoryType, to: MemoryType): boolean {
  return PROMOTION_PATHS[from].includes(to);
}
