import { describe, expect, it } from 'vitest';
import { createMemory } from './create';
import { derivedOf, mindState } from './derived-cache';
import type { Mind } from './mind';
import { sharedFileForEachTest } from './shared-file-test-support';

const USER = { actor: 'user' } as const;
const AGENT = { actor: 'agent:other' } as const;

const minds = sharedFileForEachTest('derived');

/** Derives through the cache by the mind's state, counting how often it really derives. */
function counter(mind: Mind) {
  let derived = 0;
  return {
    read: (key = '') => derivedOf(mind, 'test-count', `${mindState(mind)}|${key}`, () => ++derived),
    get derived() {
      return derived;
    },
  };
}

describe('values derived from a mind, kept while it is unchanged', () => {
  it('are derived once while nothing changes, again after a write of this connection or of another', () => {
    const count = counter(minds.app);
    expect([count.read(), count.read()]).toEqual([1, 1]);
    createMemory(minds.app, { type: 'note', content: 'written here' }, USER);
    expect([count.read(), count.read()]).toEqual([2, 2]);
    createMemory(minds.other, { type: 'note', content: 'written by another process' }, AGENT);
    expect(count.read()).toBe(3);
    expect(count.read('another key')).toBe(4);
    expect(count.derived).toBe(4);
  });

  it('are never kept inside a transaction, which may still roll back', () => {
    const count = counter(minds.app);
    count.read();
    minds.app.store.transaction(() => {
      expect([count.read(), count.read()]).toEqual([2, 3]);
    });
    expect(count.read()).toBe(1); // what was kept before it: nothing was written
    expect(count.derived).toBe(3);
  });
});
