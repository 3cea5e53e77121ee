/** What consolidation drafted a review item from, in words. */
import type { MemoryType } from '../../../shared/model';
import { count } from '../../components/format';

const SOURCE_NOUNS: Record<MemoryType, readonly [one: string, many: string]> = {
  raw: ['raw capture', 'raw captures'],
  episode: ['episode', 'episodes'],
  note: ['note', 'notes'],
  belief: ['belief', 'beliefs'],
  value: ['value', 'values'],
  goal: ['goal', 'goals'],
  drive: ['drive', 'drives'],
  relationship: ['relationship', 'relationships'],
};

/** "3 episodes", "1 raw capture", "2 beliefs and 1 note": a triaged capture or a merge is not "episodes". */
export function sourcesInWords(sources: readonly { type: MemoryType; count: number }[]): string {
  const parts = sources.map(({ type, count: n }) => `${count(n)} ${SOURCE_NOUNS[type][n === 1 ? 0 : 1]}`);
  const last = parts.pop();
  if (last === undefined) return '';
  return parts.length === 0 ? last : `${parts.join(', ')} and ${last}`;
}
