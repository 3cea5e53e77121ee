/** Verification by hand against text, a code or file reference, or a URL. */
import { afterEach, describe, expect, it } from 'vitest';
import { getMemoryView } from './memory-view';
import type { Mind } from './mind';
import { USER, add, expectRefusedWithoutWrites, freshMind, lastJournal } from './test-support';
import { verifyWithEvidence } from './verify';

let mind: Mind;
afterEach(() => mind?.close());

describe('verifyWithEvidence', () => {
  it('a code reference grounds an approved belief: α+1, the reference attached, the tier observed → grounded', () => {
    mind = freshMind().mind;
    const belief = add(mind, { type: 'belief', content: 'Retries back off exponentially', reviewStatus: 'approved' });
    expect(getMemoryView(mind, belief.id).tier).toBe('observed');
    verifyWithEvidence(mind, belief.id, { kind: 'code', value: 'src/retry.ts:42', note: 'read the loop' }, { ...USER, expectedVersion: belief.version });
    const view = getMemoryView(mind, belief.id);
    expect(view).toMatchObject({ tier: 'grounded', alpha: 2, confidence: 2 / 3, verificationCount: 1, codeRefCount: 1 });
    expect(view.evidenceRefs).toMatchObject([{ kind: 'code', ref: 'src/retry.ts:42', note: 'read the loop' }]);
    expect(lastJournal(mind, belief.id)).toMatchObject({ op: 'verify', evidence: 'code: src/retry.ts:42 (read the loop)' });
  });

  it('text evidence stays in the journal; a URL is attached but does not ground', () => {
    mind = freshMind().mind;
    const note = add(mind, { type: 'note', content: 'The API limit is 100 per minute', confidence: 0.6 });
    verifyWithEvidence(mind, note.id, { kind: 'text', value: 'confirmed with the vendor' }, USER);
    expect(getMemoryView(mind, note.id)).toMatchObject({ confidence: 0.7, evidenceRefs: [] });
    verifyWithEvidence(mind, note.id, { kind: 'url', value: 'https://docs.example.com/limits' }, USER);
    expect(getMemoryView(mind, note.id)).toMatchObject({ codeRefCount: 0, evidenceRefs: [{ kind: 'url' }] });
  });

  it('refuses empty evidence, a bad URL and a stale version, writing nothing', () => {
    mind = freshMind().mind;
    const note = add(mind, { type: 'note', content: 'x' });
    expectRefusedWithoutWrites(mind, () => verifyWithEvidence(mind, note.id, { kind: 'text', value: '  ' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(mind, () => verifyWithEvidence(mind, note.id, { kind: 'url', value: 'not a url' }, USER), 'invalid_input');
    expectRefusedWithoutWrites(
      mind,
      () => verifyWithEvidence(mind, note.id, { kind: 'file', value: 'README.md' }, { ...USER, expectedVersion: note.version + 1 }),
      'version_conflict',
    );
  });
});
