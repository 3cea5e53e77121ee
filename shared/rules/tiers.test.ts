import { describe, expect, it } from 'vitest';
import { TIER_BOOST, tierOf, type TierInput } from './tiers';

const T = Date.UTC(2026, 1, 1);

const input = (over: Partial<TierInput>): TierInput => ({
  codeRefCount: 0,
  eventEvidenceCount: 0,
  lastVerifiedAt: null,
  reviewStatus: null,
  ...over,
});

describe('tierOf', () => {
  it('grounded: code/file references, verified and approved', () => {
    expect(tierOf(input({ codeRefCount: 2, lastVerifiedAt: T, reviewStatus: 'approved' }))).toEqual({
      tier: 'grounded',
      why: 'approved, verified, and grounded in 2 code/file references',
    });
    expect(tierOf(input({ codeRefCount: 1, lastVerifiedAt: T, reviewStatus: 'approved', eventEvidenceCount: 4 })))
      .toEqual({ tier: 'grounded', why: 'approved, verified, and grounded in 1 code/file reference' });
  });

  it('observed when approved but one grounding fact is missing (first match order)', () => {
    const unverified = tierOf(input({ codeRefCount: 2, reviewStatus: 'approved' }));
    expect(unverified.tier).toBe('observed');
    expect(unverified.why).toBe('approved by a person; not grounded: not verified');

    const noRefs = tierOf(input({ lastVerifiedAt: T, reviewStatus: 'approved' }));
    expect(noRefs.tier).toBe('observed');
    expect(noRefs.why).toBe('approved by a person; not grounded: no code/file references');

    const bare = tierOf(input({ reviewStatus: 'approved' }));
    expect(bare.tier).toBe('observed');
    expect(bare.why).toBe('approved by a person; not grounded: no code/file references and not verified');

    const withEvents = tierOf(input({ reviewStatus: 'approved', eventEvidenceCount: 3 }));
    expect(withEvents.tier).toBe('observed');
    expect(withEvents.why).toBe(
      'approved and backed by 3 pieces of event evidence; not grounded: no code/file references and not verified',
    );
  });

  it('observed on event evidence alone, whatever the review status', () => {
    expect(tierOf(input({ eventEvidenceCount: 1 }))).toEqual({
      tier: 'observed',
      why: 'backed by 1 piece of event evidence, but not approved by a person',
    });
    // event evidence outranks pending review
    expect(tierOf(input({ eventEvidenceCount: 2, reviewStatus: 'pending' })).tier).toBe('observed');
    expect(tierOf(input({ eventEvidenceCount: 2, reviewStatus: 'rejected' })).tier).toBe('observed');
    // code refs and verification do not ground without approval
    expect(tierOf(input({ eventEvidenceCount: 2, codeRefCount: 3, lastVerifiedAt: T })).tier).toBe('observed');
  });

  it('inferred when pending review without event evidence', () => {
    expect(tierOf(input({ reviewStatus: 'pending' }))).toEqual({
      tier: 'inferred',
      why: 'pending review: inferred, not yet confirmed by a person',
    });
    expect(tierOf(input({ reviewStatus: 'pending', codeRefCount: 2, lastVerifiedAt: T })).tier).toBe('inferred');
  });

  it('hypothesis otherwise, saying what is missing', () => {
    expect(tierOf(input({}))).toEqual({
      tier: 'hypothesis',
      why: 'no event evidence and not approved (never reviewed)',
    });
    expect(tierOf(input({ reviewStatus: 'rejected' }))).toEqual({
      tier: 'hypothesis',
      why: 'no event evidence and not approved (rejected in review)',
    });
    expect(tierOf(input({ codeRefCount: 2, lastVerifiedAt: T }))).toEqual({
      tier: 'hypothesis',
      why: 'no event evidence and not approved (never reviewed); its 2 code/file references count only once approved and verified',
    });
  });
});

describe('TIER_BOOST', () => {
  it('ranks grounded 2.0 > observed 1.5 > inferred 1.0 > hypothesis 0.5', () => {
    expect(TIER_BOOST).toEqual({ grounded: 2.0, observed: 1.5, inferred: 1.0, hypothesis: 0.5 });
  });
});
