import { describe, expect, it } from 'vitest';
import { isMindError } from '../errors';
import {
  BELIEF_PRIOR,
  REINFORCEMENT_CEILING,
  VERIFICATION_STEP,
  betaConfidence,
  initialBeliefEvidence,
  reinforcedConfidence,
  reinforcementBoost,
  verifiedConfidence,
} from './confidence';

describe('betaConfidence', () => {
  it('is the mean of Beta(α, β) for the seed’s worked examples', () => {
    // prior 1/1, then 10 supports / 0 contradictions → 11/12
    expect(betaConfidence(1 + 10, 1 + 0)).toBeCloseTo(0.916667, 6);
    // The seed prints "10 supports, 3 contradictions → 11/14"; 11/14 is α=11, β=3. With the prior
    // β=1 that is 2 contradictions; 3 contradictions on the prior give 11/15.
    expect(betaConfidence(11, 3)).toBeCloseTo(0.785714, 6);
    expect(betaConfidence(1 + 10, 1 + 2)).toBeCloseTo(0.785714, 6);
    expect(betaConfidence(1 + 10, 1 + 3)).toBeCloseTo(0.733333, 6);
    // 1 support / 1 contradiction → 2/4
    expect(betaConfidence(2, 2)).toBeCloseTo(0.5, 10);
    expect(betaConfidence(BELIEF_PRIOR.alpha, BELIEF_PRIOR.beta)).toBeCloseTo(0.5, 10);
  });

  it('rejects counts that are not evidence', () => {
    expect(() => betaConfidence(0, 0)).toThrow();
    expect(() => betaConfidence(-1, 3)).toThrow();
    expect(() => betaConfidence(Number.NaN, 1)).toThrow();
    const thrown = (() => {
      try {
        betaConfidence(0, 0);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(isMindError(thrown) && thrown.code).toBe('invalid_input');
  });
});

describe('initialBeliefEvidence', () => {
  it('without a stated confidence: α = 1 + N, β = 1', () => {
    expect(initialBeliefEvidence(0)).toEqual({ alpha: 1, beta: 1 });
    expect(initialBeliefEvidence(4)).toEqual({ alpha: 5, beta: 1 });
    expect(betaConfidence(5, 1)).toBeCloseTo(0.833333, 6);
  });

  it('with a stated confidence C: α = 2C + N, β = 2(1 − C)', () => {
    const stated = initialBeliefEvidence(0, 0.8);
    expect(stated.alpha).toBeCloseTo(1.6, 10);
    expect(stated.beta).toBeCloseTo(0.4, 10);
    expect(betaConfidence(stated.alpha, stated.beta)).toBeCloseTo(0.8, 10);

    const statedWithEpisodes = initialBeliefEvidence(3, 0.8);
    expect(statedWithEpisodes.alpha).toBeCloseTo(4.6, 10);
    expect(statedWithEpisodes.beta).toBeCloseTo(0.4, 10);
    expect(betaConfidence(statedWithEpisodes.alpha, statedWithEpisodes.beta)).toBeCloseTo(0.92, 10);

    const even = initialBeliefEvidence(2, 0.5);
    expect(even).toEqual({ alpha: 3, beta: 1 });
    expect(betaConfidence(even.alpha, even.beta)).toBeCloseTo(0.75, 10);
  });

  it('accepts the ends of [0, 1] and reads them back exactly', () => {
    expect(initialBeliefEvidence(0, 0)).toEqual({ alpha: 0, beta: 2 });
    expect(initialBeliefEvidence(0, 1)).toEqual({ alpha: 2, beta: 0 });
    expect(betaConfidence(0, 2)).toBe(0);
    expect(betaConfidence(2, 0)).toBe(1);
  });

  it('rejects a stated confidence outside [0, 1] and negative episode counts', () => {
    expect(() => initialBeliefEvidence(0, 1.2)).toThrow();
    expect(() => initialBeliefEvidence(0, -0.1)).toThrow();
    expect(() => initialBeliefEvidence(-1)).toThrow();
  });
});

describe('reinforcement', () => {
  it('boost = 0.05 / (1 + 0.1 × timesReinforced)', () => {
    expect(reinforcementBoost(0)).toBeCloseTo(0.05, 10);
    expect(reinforcementBoost(1)).toBeCloseTo(0.0454545, 6);
    expect(reinforcementBoost(2)).toBeCloseTo(0.0416667, 6);
    expect(reinforcementBoost(3)).toBeCloseTo(0.0384615, 6);
    expect(reinforcementBoost(4)).toBeCloseTo(0.0357143, 6);
    expect(reinforcementBoost(10)).toBeCloseTo(0.025, 10);
  });

  it('from 0.5, five successive reinforcements (timesReinforced 0..4)', () => {
    const expected = [0.5245, 0.5456591, 0.5641733, 0.5805512, 0.5951744];
    let confidence = 0.5;
    expected.forEach((value, timesReinforced) => {
      confidence = reinforcedConfidence(confidence, timesReinforced);
      expect(confidence).toBeCloseTo(value, 6);
    });
  });

  it('approaches but never reaches the 0.99 ceiling', () => {
    expect(REINFORCEMENT_CEILING).toBe(0.99);
    // 0.98 + 0.05 × 0.01 = 0.9805
    expect(reinforcedConfidence(0.98, 0)).toBeCloseTo(0.9805, 10);
    // the boosts shrink harmonically, so 200 reinforcements from 0.9 still stop short of 0.99
    let confidence = 0.9;
    for (let t = 0; t < 200; t += 1) confidence = reinforcedConfidence(confidence, t);
    expect(confidence).toBeCloseTo(0.9710740, 6);
    expect(confidence).toBeLessThan(REINFORCEMENT_CEILING);
  });

  it('leaves a confidence at or above the ceiling unchanged (never lowers it)', () => {
    expect(reinforcedConfidence(0.99, 0)).toBe(0.99);
    expect(reinforcedConfidence(0.995, 3)).toBe(0.995);
    expect(reinforcedConfidence(1, 0)).toBe(1);
  });
});

describe('verifiedConfidence', () => {
  it('adds 0.1, capped at 1', () => {
    expect(VERIFICATION_STEP).toBe(0.1);
    expect(verifiedConfidence(0.5)).toBeCloseTo(0.6, 10);
    expect(verifiedConfidence(0.85)).toBeCloseTo(0.95, 10);
    expect(verifiedConfidence(0.95)).toBe(1);
    expect(verifiedConfidence(1)).toBe(1);
  });
});
