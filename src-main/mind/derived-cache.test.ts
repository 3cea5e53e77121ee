import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemory } from './create';
import { derivedOf, mindState } from './derived-cache';
import { type Mind, openMind } from './mind';

const USER = { actor: 'user' } as const;
const AGENT = { actor: 'agent:other' } as const;

let dir: string;
let app: Mind;
let other: Mind;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-derived-'));
  app = openMind(join(dir, 'shared.mindloom'));
  other = openMind(join(dir, 'shared.mindloom'), { mustExist: true });
});

afterEach(() => {
  app.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

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
    const count = counter(app);
    expect([count.read(), count.read()]).toEqual([1, 1]);
    createMemory(app, { type: 'note', content: 'written here' }, USER);
    expect([count.read(), count.read()]).toEqual([2, 2]);
    createMemory(other, { type: 'note', content: 'written by another process' }, AGENT);
    expect(count.read()).toBe(3);
    expect(count.read('another key')).toBe(4);
    expect(count.derived).toBe(4);
  });

  it('are never kept inside a transaction, which may still roll back', () => {
    const count = counter(app);
    count.read();
    app.store.transaction(() => {
      expect([count.read(), count.read()]).toEqual([2, 3]);
    });
    expect(count.read()).toBe(1); // what was kept before it: nothing was written
    expect(count.derived).toBe(3);
  });
});
