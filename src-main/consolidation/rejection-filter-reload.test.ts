/**
 * The rejection filter keeps the rejections' rows between loads (mind/derived-cache.ts): each load
 * still sees every rejection added, revoked or redacted since, by this connection or another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRejections } from '../store/rejections-repo';
import { createMemory } from '../mind/create';
import { forgetMemory } from '../mind/lifecycle';
import { type Mind, openMind } from '../mind/mind';
import { revokeRejection } from '../mind/rejections';
import { rejectMemory } from '../mind/review';
import { RejectionFilter } from './rejection-filter';
import type { Vector } from './vector-math';

const USER = { actor: 'user' } as const;
const AGENT = { actor: 'agent:other' } as const;

let dir: string;
let app: Mind;
let other: Mind;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-rejections-'));
  app = openMind(join(dir, 'shared.mindloom'));
  other = openMind(join(dir, 'shared.mindloom'), { mustExist: true });
});

afterEach(() => {
  app.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the rejected statements consolidation loads', () => {
  const embed = (texts: readonly string[]) => Promise.resolve(texts.map((): Vector => ({ indices: new Int32Array(0), values: new Float32Array(0) })));
  const statement = 'Friday deploys are always safe';
  const rejectedNow = async () => (await RejectionFilter.load(app, embed)).byFingerprint(statement);

  it('follow a rejection made by another connection, and its revocation', async () => {
    const belief = createMemory(other, { type: 'belief', content: statement }, AGENT);
    expect(await rejectedNow()).toBe(false);
    rejectMemory(other, belief.id, { actor: 'user', reason: 'they are not' });
    expect(await rejectedNow()).toBe(true);
    const [rejection] = listRejections(other.store.db, { revoked: false, beforeSeq: null, limit: 1 });
    revokeRejection(other, rejection?.seq as number, USER);
    expect(await rejectedNow()).toBe(false);
  });

  it('lose a forgotten memory\'s words: the next load compares with none of them', async () => {
    const belief = createMemory(app, { type: 'belief', content: statement }, AGENT);
    rejectMemory(app, belief.id, { actor: 'user', reason: 'they are not' });
    const embedded = async () => {
      const texts: string[] = [];
      await RejectionFilter.load(app, (t) => {
        texts.push(...t);
        return embed(t);
      });
      return texts;
    };
    expect(await embedded()).toEqual([statement]);
    forgetMemory(other, belief.id, USER);
    expect(await embedded()).toEqual([]);
    expect((await RejectionFilter.load(app, embed)).byFingerprint(statement)).toBe(true);
  });
});
