/** A memory type as a noun in a sentence: "1 raw capture", "3 episodes". */
import type { MemoryType } from '../../shared/model';
import { count } from './format';

const NOUNS: Record<MemoryType, readonly [one: string, many: string]> = {
  raw: ['raw capture', 'raw captures'],
  episode: ['episode', 'episodes'],
  note: ['note', 'notes'],
  belief: ['belief', 'beliefs'],
  value: ['value', 'values'],
  goal: ['goal', 'goals'],
  drive: ['drive', 'drives'],
  relationship: ['relationship', 'relationships'],
};

export const typePlural = (type: MemoryType): string => NOUNS[type][1];

/** "1 raw capture", "3 episodes". */
export const countOfType = (n: number, type: MemoryType): string => `${count(n)} ${NOUNS[type][n === 1 ? 0 : 1]}`;
