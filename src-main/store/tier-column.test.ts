import { describe, expect, it } from 'vitest';
import { REVIEW_STATUSES, type ReviewStatus } from '../../shared/model';
import { tierOf } from '../../shared/rules/tiers';
import { openStore } from './connection';
import { findMemoryById, insertMemory } from './memories-repo';
import { memoryRow } from './store-test-support';

describe('the generated tier column', () => {
  it('agrees with tierOf on every combination of the deciding facts', () => {
    const store = openStore(':memory:');
    try {
      const statuses: (ReviewStatus | null)[] = [null, ...REVIEW_STATUSES];
      let checked = 0;
      for (const codeRefCount of [0, 2]) {
        for (const eventEvidenceCount of [0, 3]) {
          for (const lastVerifiedAt of [null, 5_000]) {
            for (const reviewStatus of statuses) {
              const id = `nt_${checked}`;
              insertMemory(store.db, memoryRow({ id, codeRefCount, eventEvidenceCount, lastVerifiedAt, reviewStatus }));
              const expected = tierOf({ codeRefCount, eventEvidenceCount, lastVerifiedAt, reviewStatus }).tier;
              expect(findMemoryById(store.db, id)?.tier).toBe(expected);
              checked += 1;
            }
          }
        }
      }
      expect(checked).toBe(32);
    } finally {
      store.close();
    }
  });
});
