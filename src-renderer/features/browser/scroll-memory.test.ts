import { describe, expect, it } from 'vitest';
import { createScrollMemory } from './scroll-memory';

describe('scroll positions per list', () => {
  it('gives back where each list was left', () => {
    const memory = createScrollMemory(3);
    memory.set('a', 120);
    memory.set('b', 40);
    memory.set('a', 800);
    expect(memory.get('a')).toBe(800);
    expect(memory.get('b')).toBe(40);
    expect(memory.get('c')).toBeUndefined();
  });

  it('keeps only the lists left most recently, however many searches a session types', () => {
    const memory = createScrollMemory(3);
    for (let i = 0; i < 1_000; i++) memory.set(`search ${i}`, i);
    expect(memory.size).toBe(3);
    expect(memory.get('search 999')).toBe(999);
    expect(memory.get('search 997')).toBe(997);
    expect(memory.get('search 996')).toBeUndefined();
  });

  it('counts a list left again as recent', () => {
    const memory = createScrollMemory(2);
    memory.set('browser', 10);
    memory.set('search x', 20);
    memory.set('browser', 30);
    memory.set('search y', 40);
    expect(memory.get('browser')).toBe(30);
    expect(memory.get('search x')).toBeUndefined();
  });
});
