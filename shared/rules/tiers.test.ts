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
  it('grounded: code/file references, verified, and not rejected (approved, pending or never reviewed)', () => {
    expect(tierOf(input({ codeRefCount: 2, lastVerifiedAt: T, reviewStatus: 'approved' }))).toEqual({
      tier: 'grounded',
      why: 'approved, verified, and grounded in 2 code/file references',
    });
    expect(tierOf(input({ codeRefCount: 1, lastVerifiedAt: T, reviewStatus: 'approved', eventEvidenceCount: 4 })))
      .toEqual({ tier: 'grounded', why: 'approved, verified, and grounded in 1 code/file reference' });
    // Alexandria's rule (and the tiers seed's migration rule): review does not hold grounding back.
    expect(tierOf(input({ codeRefCount: 1, lastVerifiedAt: T, reviewStatus: 'pending' }))).toEqual({
      tier: 'grounded',
      why: 'verified and grounded in 1 code/file reference (still pending review)',
    });
    expect(tierOf(input({ codeRefCount: 2, lastVerifiedAt: T }))).toEqual({ tier: 'grounded', why: 'verified and grounded in 2 code/file references' });
  });

  it('a rejected memory is never grounded, whatever its code says', () => {
    expect(tierOf(input({ codeRefCount: 3, lastVerifiedAt: T, reviewStatus: 'rejected' }))).toEqual({
      tier: 'hypothesis',
      why: 'no event evidence and not approved (rejected in review); not grounded: its code does not ground a memory rejected in review',
    });
    expect(tierOf(input({ codeRefCount: 3, lastVerifiedAt: T, reviewStatus: 'rejected', eventEvidenceCount: 1 }))).toEqual({
      tier: 'observed',
      why: 'backed by 1 piece of event evidence, not approved by a person; not grounded: its code does not ground a memory rejected in review',
    });
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
      why: 'backed by 1 piece of event evidence, not approved by a person; not grounded: no code/file references and not verified',
    });
    // event evidence outranks pending review
    expect(tierOf(input({ eventEvidenceCount: 2, reviewStatus: 'pending' })).tier).toBe('observed');
    expect(tierOf(input({ eventEvidenceCount: 2, reviewStatus: 'rejected' })).tier).toBe('observed');
    // code references ground only once verified
    expect(tierOf(input({ eventEvidenceCount: 2, codeRefCount: 3 }))).toEqual({
      tier: 'observed',
      why: 'backed by 2 pieces of event evidence, not approved by a person; not grounded: not verified',
    });
  });

  it('inferred when pending review without event evidence or verified code', () => {
    expect(tierOf(input({ reviewStatus: 'pending' }))).toEqual({
      tier: 'inferred',
      why: 'pending review: inferred, not yet confirmed by a person; not grounded: no code/file references and not verified',
    });
    expect(tierOf(input({ reviewStatus: 'pending', codeRefCount: 2 }))).toEqual({
      tier: 'inferred',
      why: 'pending review: inferred, not yet confirmed by a person; not grounded: not verified',
    });
  });

  it('hypothesis otherwise, saying what is missing', () => {
    expect(tierOf(input({}))).toEqual({
      tier: 'hypothesis',
      why: 'no event evidence and not approved (never reviewed); not grounded: no code/file references and not verified',
    });
    expect(tierOf(input({ reviewStatus: 'rejected' }))).toEqual({
      tier: 'hypothesis',
      why: 'no event evidence and not approved (rejected in review); not grounded: no code/file references and not verified',
    });
    expect(tierOf(input({ codeRefCount: 2 }))).toEqual({
      tier: 'hypothesis',
      why: 'no event evidence and not approved (never reviewed); not grounded: not verified',
    });
  });
});

describe('TIER_BOOST', () => {
  it('ranks grounded 2.0 > observed 1.5 > inferred 1.0 > hypothesis 0.5', () => {
    expect(TIER_BOOST).toEqual({ grounded: 2.0, observed: 1.5, inferred: 1.0, hypothesis: 0.5 });
  });
});
