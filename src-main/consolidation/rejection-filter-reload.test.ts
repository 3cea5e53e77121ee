/**
 * The rejection filter keeps the rejections' rows between loads (mind/derived-cache.ts): each load
 * still sees every rejection added, revoked or redacted since, by this connection or another.
 */
import { describe, expect, it } from 'vitest';
import { listRejections } from '../store/rejections-repo';
import { createMemory } from '../mind/create';
import { forgetMemory } from '../mind/lifecycle';
import { sharedFileForEachTest } from '../mind/shared-file-test-support';
import { revokeRejection } from '../mind/rejections';
import { rejectMemory } from '../mind/review';
import { RejectionFilter } from './rejection-filter';
import type { Vector } from './vector-math';

const USER = { actor: 'user' } as const;
const AGENT = { actor: 'agent:other' } as const;

const minds = sharedFileForEachTest('rejections');

describe('the rejected statements consolidation loads', () => {
  const embed = (texts: readonly string[]) => Promise.resolve(texts.map((): Vector => ({ indices: new Int32Array(0), values: new Float32Array(0) })));
  const statement = 'Friday deploys are always safe';
  const rejectedNow = async () => (await RejectionFilter.load(minds.app, embed)).byFingerprint(statement);

  it('follow a rejection made by another connection, and its revocation', async () => {
    const belief = createMemory(minds.other, { type: 'belief', content: statement }, AGENT);
    expect(await rejectedNow()).toBe(false);
    rejectMemory(minds.other, belief.id, { actor: 'user', reason: 'they are not' });
    expect(await rejectedNow()).toBe(true);
    const [rejection] = listRejections(minds.other.store.db, { revoked: false, beforeSeq: null, limit: 1 });
    revokeRejection(minds.other, rejection?.seq as number, USER);
    expect(await rejectedNow()).toBe(false);
  });

  it('lose a forgotten memory\'s words: the next load compares with none of them', async () => {
    const belief = createMemory(minds.app, { type: 'belief', content: statement }, AGENT);
    rejectMemory(minds.app, belief.id, { actor: 'user', reason: 'they are not' });
    const embedded = async () => {
      const texts: string[] = [];
      await RejectionFilter.load(minds.app, (t) => {
        texts.push(...t);
        return embed(t);
      });
      return texts;
    };
    expect(await embedded()).toEqual([statement]);
    forgetMemory(minds.other, belief.id, USER);
    expect(await embedded()).toEqual([]);
    expect((await RejectionFilter.load(minds.app, embed)).byFingerprint(statement)).toBe(true);
  });
});
