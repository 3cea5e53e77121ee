import { describe, expect, it } from 'vitest';
import { DEFAULT_STABILITY, MAX_STABILITY_DAYS, retrievalStrength, stabilityAfterAccess } from './retrieval';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 2, 1);

describe('retrievalStrength', () => {
  it('is neutral (0.5) for a memory never accessed', () => {
    expect(retrievalStrength({ lastAccessedAt: null, stability: 1 }, T0)).toBe(0.5);
  });

  it('is exp(−hours / (stability × 24))', () => {
    expect(retrievalStrength({ lastAccessedAt: T0, stability: 1 }, T0)).toBe(1);
    // 24 h at stability 1 → e^-1
    expect(retrievalStrength({ lastAccessedAt: T0, stability: 1 }, T0 + 24 * HOUR)).toBeCloseTo(0.367879, 6);
    // 12 h at stability 1 → e^-0.5
    expect(retrievalStrength({ lastAccessedAt: T0, stability: 1 }, T0 + 12 * HOUR)).toBeCloseTo(0.606531, 6);
    // 24 h at stability 2.5 → e^-0.4
    expect(retrievalStrength({ lastAccessedAt: T0, stability: 2.5 }, T0 + 24 * HOUR)).toBeCloseTo(0.67032, 5);
  });

  it('treats a clock behind the last access as no time elapsed', () => {
    expect(retrievalStrength({ lastAccessedAt: T0, stability: 1 }, T0 - HOUR)).toBe(1);
  });
});

describe('stabilityAfterAccess', () => {
  it('leaves stability unchanged on a first access', () => {
    expect(DEFAULT_STABILITY).toBe(1);
    expect(stabilityAfterAccess(DEFAULT_STABILITY, null, T0)).toBe(1);
  });

  it('grows with spaced accesses 1, 3 and 7 days apart', () => {
    let stability = stabilityAfterAccess(DEFAULT_STABILITY, null, T0); // first access: 1
    let last = T0;
    const steps: [number, number][] = [
      [1, 1.0693147], // × (1 + 0.1 ln 2)
      [3, 1.2175532], // × (1 + 0.1 ln 4)
      [7, 1.4707363], // × (1 + 0.1 ln 8)
    ];
    for (const [gapDays, expected] of steps) {
      const now = last + gapDays * DAY;
      stability = stabilityAfterAccess(stability, last, now);
      expect(stability).toBeCloseTo(expected, 6);
      last = now;
    }
  });

  it('grows more for a longer gap than a shorter one', () => {
    // 1 + 0.1 ln 1001 vs an immediate re-access (ln 1 = 0)
    expect(stabilityAfterAccess(1, T0, T0 + 1000 * DAY)).toBeCloseTo(1.6908755, 6);
    expect(stabilityAfterAccess(1, T0, T0)).toBe(1);
  });

  it('is capped at 365 days', () => {
    expect(MAX_STABILITY_DAYS).toBe(365);
    // 300 × (1 + 0.1 ln 101) = 438.45 → 365
    expect(stabilityAfterAccess(300, T0, T0 + 100 * DAY)).toBe(365);
    // just under the cap is not rounded up: 300 × (1 + 0.1 ln 2) = 320.79
    expect(stabilityAfterAccess(300, T0, T0 + DAY)).toBeCloseTo(320.794415, 5);
  });
});
