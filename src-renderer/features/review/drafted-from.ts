/** What consolidation drafted a review item from, in words. */
import type { MemoryType } from '../../../shared/model';
import { countOfType } from '../../components/type-nouns';

/** "3 episodes", "1 raw capture", "2 beliefs and 1 note": a triaged capture or a merge is not "episodes". */
export function sourcesInWords(sources: readonly { type: MemoryType; count: number }[]): string {
  const parts = sources.map(({ type, count }) => countOfType(count, type));
  const last = parts.pop();
  if (last === undefined) return '';
  return parts.length === 0 ? last : `${parts.join(', ')} and ${last}`;
}
