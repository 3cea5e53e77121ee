import { describe, expect, it } from 'vitest';
import { MEMORY_TYPES, type MemoryType } from '../model';
import { PROMOTION_PATHS, canPromote } from './promotion';

const ALLOWED: [MemoryType, MemoryType][] = [
  ['raw', 'episode'],
  ['raw', 'note'],
  ['raw', 'belief'],
  ['episode', 'belief'],
  ['episode', 'goal'],
  ['episode', 'drive'],
  ['episode', 'relationship'],
  ['note', 'belief'],
  ['belief', 'value'],
  ['belief', 'goal'],
  ['belief', 'drive'],
];

describe('promotion paths', () => {
  it.each(ALLOWED)('%s → %s is allowed', (from, to) => {
    expect(canPromote(from, to)).toBe(true);
  });

  it('allows exactly those eleven paths and no others', () => {
    const allowed = new Set(ALLOWED.map(([from, to]) => `${from}>${to}`));
    let forbidden = 0;
    for (const from of MEMORY_TYPES) {
      for (const to of MEMORY_TYPES) {
        expect(canPromote(from, to)).toBe(allowed.has(`${from}>${to}`));
        if (!allowed.has(`${from}>${to}`)) forbidden += 1;
      }
    }
    expect(forbidden).toBe(64 - 11);
  });

  it.each([
    ['raw', 'value'],
    ['raw', 'relationship'],
    ['note', 'episode'],
    ['note', 'value'],
    ['belief', 'episode'],
    ['belief', 'relationship'],
    ['value', 'belief'],
    ['goal', 'drive'],
    ['episode', 'raw'],
    ['belief', 'belief'],
  ] as [MemoryType, MemoryType][])('%s → %s is forbidden', (from, to) => {
    expect(canPromote(from, to)).toBe(false);
  });

  it('gives the top of each chain nowhere to go', () => {
    expect(PROMOTION_PATHS.value).toEqual([]);
    expect(PROMOTION_PATHS.goal).toEqual([]);
    expect(PROMOTION_PATHS.drive).toEqual([]);
    expect(PROMOTION_PATHS.relationship).toEqual([]);
    expect(PROMOTION_PATHS.raw).toEqual(['episode', 'note', 'belief']);
  });
});
