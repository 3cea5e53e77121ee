import { afterEach, describe, expect, it } from 'vitest';
import { findRejection } from '../store/rejections-repo';
import { restoreMemory } from './lifecycle';
import type { Mind } from './mind';
import { approveMemory, normalizeStatement, rejectMemory, rejectionFingerprint } from './review';
import { USER, add, expectRefusedWithoutWrites, freshMind, lastJournal } from './test-support';

let mind: Mind;
afterEach(() => mind?.close());

describe('normalizeStatement and rejectionFingerprint', () => {
  it('gives the same fingerprint to the same words whatever the case, spacing or punctuation', () => {
    expect(normalizeStatement('  Tabs,   are BEST!! ')).toBe('tabs are best');
    expect(rejectionFingerprint('Tabs are best.')).toBe(rejectionFingerprint('  tabs ARE best '));
    expect(rejectionFingerprint('Tabs are best.')).not.toBe(rejectionFingerprint('Tabs are worst.'));
    expect(rejectionFingerprint('x')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('approveMemory', () => {
  it('approves a pending memory: observed tier, journaled', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief', sourceType: 'consolidation' });
    expect(belief.tier).toBe('inferred');
    const approved = approveMemory(mind, belief.id, { actor: 'user', reason: 'looks right' });
    expect(approved.reviewStatus).toBe('approved');
    expect(approved.tier).toBe('observed');
    expect(approved.version).toBe(2);
    expect(lastJournal(mind, belief.id)).toMatchObject({
      op: 'approve',
      reason: 'looks right',
      before: { reviewStatus: 'pending' },
      after: { reviewStatus: 'approved' },
    });
  });

  it('refuses to approve twice, or to approve a rejected memory, writing nothing', () => {
    ({ mind } = freshMind());
    const a = add(mind, { type: 'belief', sourceType: 'inference' });
    approveMemory(mind, a.id, USER);
    expectRefusedWithoutWrites(mind, () => approveMemory(mind, a.id, USER), 'invalid_state');
    const b = add(mind, { type: 'belief', sourceType: 'inference' });
    rejectMemory(mind, b.id, { actor: 'user', reason: 'wrong' });
    expectRefusedWithoutWrites(mind, () => approveMemory(mind, b.id, USER), 'invalid_state');
  });
});

describe('rejectMemory', () => {
  it('archives the memory and stores its fingerprint with the reason', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief', content: 'The moon is made of cheese.', sourceType: 'consolidation' });
    const rejected = rejectMemory(mind, belief.id, { actor: 'user', reason: '  obviously false  ' });
    expect(rejected.reviewStatus).toBe('rejected');
    expect(rejected.status).toBe('archived');
    expect(rejected.tier).toBe('hypothesis');
    const row = lastJournal(mind, belief.id);
    expect(row.op).toBe('reject');
    expect(row.before).toEqual({ reviewStatus: 'pending', status: 'active' });
    expect(row.after).toEqual({ rejection: expect.any(Number), reviewStatus: 'rejected', status: 'archived' });
    expect(row.reason).toBe('obviously false');

    // Consolidation looks the same words up by fingerprint, however they are written.
    expect(findRejection(mind.store.db, rejectionFingerprint('the moon is made of CHEESE'))).toEqual({
      text: 'The moon is made of cheese.',
      reason: 'obviously false',
    });
    const stored = mind.store.db.prepare('SELECT fingerprint, memory_id AS memoryId FROM rejections').all();
    expect(stored).toEqual([{ fingerprint: rejectionFingerprint('The moon is made of cheese.'), memoryId: belief.id }]);
  });

  it('needs a reason, and writes nothing without one', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief', sourceType: 'consolidation' });
    expectRefusedWithoutWrites(mind, () => rejectMemory(mind, belief.id, { actor: 'user', reason: '   ' }), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => rejectMemory(mind, belief.id, { actor: 'user' } as never), 'invalid_input');
  });

  it('refuses to reject twice; restoring a rejected memory sends it back to review', () => {
    ({ mind } = freshMind());
    const belief = add(mind, { type: 'belief', sourceType: 'consolidation' });
    rejectMemory(mind, belief.id, { actor: 'user', reason: 'no' });
    expectRefusedWithoutWrites(mind, () => rejectMemory(mind, belief.id, { actor: 'user', reason: 'no' }), 'invalid_state');
    const restored = restoreMemory(mind, belief.id, USER);
    expect(restored.status).toBe('active');
    expect(restored.reviewStatus).toBe('pending');
    expect(approveMemory(mind, belief.id, USER).reviewStatus).toBe('approved');
  });
});
