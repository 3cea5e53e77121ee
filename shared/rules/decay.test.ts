import { describe, expect, it } from 'vitest';
import type { MemoryType } from '../model';
import { DECAY, decayAnchor, effectiveConfidence, isStale } from './decay';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

const memory = (type: MemoryType, confidence: number, extra: Partial<{ protected: boolean; lastVerifiedAt: number | null; lastReinforcedAt: number | null }> = {}) => ({
  type,
  confidence,
  protected: false,
  createdAt: T0,
  lastVerifiedAt: null,
  lastReinforcedAt: null,
  ...extra,
});

describe('DECAY', () => {
  it('holds the per-type rates, periods and floors', () => {
    expect(DECAY.episode).toEqual({ rate: 0.01, periodDays: 30, floor: 0.5 });
    expect(DECAY.belief).toEqual({ rate: 0.01, periodDays: 30, floor: 0.5 });
    expect(DECAY.goal).toEqual({ rate: 0.01, periodDays: 30, floor: 0.5 });
    expect(DECAY.value).toEqual({ rate: 0.005, periodDays: 60, floor: 0.7 });
    expect(DECAY.note).toEqual({ rate: 0.015, periodDays: 30, floor: 0.4 });
    expect(DECAY.drive).toEqual({ rate: 0.005, periodDays: 60, floor: 0.6 });
    expect(DECAY.raw).toBeUndefined();
    expect(DECAY.relationship).toBeUndefined();
  });
});

describe('decayAnchor', () => {
  it('is the latest of created, verified and reinforced', () => {
    expect(decayAnchor({ createdAt: T0, lastVerifiedAt: null, lastReinforcedAt: null })).toBe(T0);
    expect(decayAnchor({ createdAt: T0, lastVerifiedAt: T0 + 5 * DAY, lastReinforcedAt: null })).toBe(T0 + 5 * DAY);
    expect(decayAnchor({ createdAt: T0, lastVerifiedAt: T0 + 5 * DAY, lastReinforcedAt: T0 + 9 * DAY })).toBe(
      T0 + 9 * DAY,
    );
    expect(decayAnchor({ createdAt: T0, lastVerifiedAt: T0 + 9 * DAY, lastReinforcedAt: T0 + 5 * DAY })).toBe(
      T0 + 9 * DAY,
    );
  });
});

describe('effectiveConfidence', () => {
  // stored − rate × days/periodDays, floored
  it.each([
    // type, stored, days, expected
    ['episode', 0.9, 90, 0.87], // 0.9 − 0.01 × 3
    ['episode', 0.9, 400, 0.766667], // 0.9 − 0.01 × 13.333
    ['episode', 0.6, 400, 0.5], // 0.4667 → floor
    ['belief', 0.9, 45, 0.885], // fractional: 1.5 periods
    ['belief', 0.9, 90, 0.87],
    ['belief', 0.9, 400, 0.766667],
    ['belief', 0.9, 3000, 0.5], // 100 periods → floor
    ['goal', 0.8, 90, 0.77],
    ['goal', 0.8, 400, 0.666667],
    ['goal', 0.6, 400, 0.5],
    ['value', 0.9, 90, 0.8925], // 0.9 − 0.005 × 1.5
    ['value', 0.9, 400, 0.866667], // 0.9 − 0.005 × 6.667
    ['value', 0.72, 400, 0.7], // 0.6867 → floor
    ['note', 0.8, 90, 0.755], // 0.8 − 0.015 × 3
    ['note', 0.8, 400, 0.6], // 0.8 − 0.015 × 13.333
    ['note', 0.5, 400, 0.4], // 0.3 → floor
    ['drive', 0.8, 90, 0.7925], // 0.8 − 0.005 × 1.5
    ['drive', 0.8, 400, 0.766667],
    ['drive', 0.62, 400, 0.6], // 0.5867 → floor
  ] as const)('%s stored %d after %d days reads %d', (type, stored, days, expected) => {
    expect(effectiveConfidence(memory(type, stored), T0 + days * DAY)).toBeCloseTo(expected, 6);
  });

  it('does not decay at the moment of creation or before it', () => {
    expect(effectiveConfidence(memory('belief', 0.9), T0)).toBe(0.9);
    expect(effectiveConfidence(memory('belief', 0.9), T0 - 10 * DAY)).toBe(0.9);
  });

  it('leaves protected memories at their stored value', () => {
    expect(effectiveConfidence(memory('belief', 0.9, { protected: true }), T0 + 400 * DAY)).toBe(0.9);
    expect(effectiveConfidence(memory('note', 0.8, { protected: true }), T0 + 3000 * DAY)).toBe(0.8);
  });

  it('leaves raw captures and relationships at their stored value', () => {
    expect(effectiveConfidence(memory('raw', 0.9), T0 + 400 * DAY)).toBe(0.9);
    expect(effectiveConfidence(memory('relationship', 0.7), T0 + 400 * DAY)).toBe(0.7);
  });

  it('reads a memory stored below its floor at its stored value, not at the floor', () => {
    expect(effectiveConfidence(memory('belief', 0.3), T0 + 400 * DAY)).toBe(0.3);
    expect(effectiveConfidence(memory('value', 0.65), T0 + 400 * DAY)).toBe(0.65);
    expect(effectiveConfidence(memory('note', 0.2), T0 + 400 * DAY)).toBe(0.2);
  });

  it('restarts the clock on verification and on reinforcement', () => {
    const now = T0 + 400 * DAY;
    // verified 310 days in → 90 days of decay instead of 400
    expect(effectiveConfidence(memory('belief', 0.9, { lastVerifiedAt: T0 + 310 * DAY }), now)).toBeCloseTo(0.87, 6);
    // reinforced 355 days in → 45 days → 0.9 − 0.015
    expect(effectiveConfidence(memory('belief', 0.9, { lastReinforcedAt: T0 + 355 * DAY }), now)).toBeCloseTo(
      0.885,
      6,
    );
    // the later of the two wins
    const both = memory('note', 0.8, { lastVerifiedAt: T0 + 10 * DAY, lastReinforcedAt: T0 + 310 * DAY });
    expect(effectiveConfidence(both, now)).toBeCloseTo(0.755, 6);
  });
});

describe('isStale', () => {
  const clock = (type: MemoryType, extra: Partial<{ lastVerifiedAt: number | null; lastReinforcedAt: number | null }> = {}) => ({
    type,
    createdAt: T0,
    lastVerifiedAt: null,
    lastReinforcedAt: null,
    ...extra,
  });

  it.each([
    ['episode', 30],
    ['belief', 30],
    ['goal', 30],
    ['note', 30],
    ['value', 60],
    ['drive', 60],
  ] as const)('%s goes stale just after %d days untouched', (type, periodDays) => {
    expect(isStale(clock(type), T0 + periodDays * DAY - 1)).toBe(false);
    expect(isStale(clock(type), T0 + periodDays * DAY)).toBe(false);
    expect(isStale(clock(type), T0 + periodDays * DAY + 1)).toBe(true);
  });

  it('value and drive are still fresh at 45 days where a belief is stale', () => {
    expect(isStale(clock('belief'), T0 + 45 * DAY)).toBe(true);
    expect(isStale(clock('value'), T0 + 45 * DAY)).toBe(false);
    expect(isStale(clock('drive'), T0 + 45 * DAY)).toBe(false);
  });

  it('counts from the latest verification or reinforcement', () => {
    const now = T0 + 100 * DAY;
    expect(isStale(clock('belief'), now)).toBe(true);
    expect(isStale(clock('belief', { lastVerifiedAt: T0 + 80 * DAY }), now)).toBe(false);
    expect(isStale(clock('belief', { lastReinforcedAt: T0 + 75 * DAY }), now)).toBe(false);
    expect(isStale(clock('belief', { lastVerifiedAt: T0 + 60 * DAY, lastReinforcedAt: T0 + 20 * DAY }), now)).toBe(
      true,
    );
  });

  it('never marks types without decay as stale', () => {
    expect(isStale(clock('raw'), T0 + 3000 * DAY)).toBe(false);
    expect(isStale(clock('relationship'), T0 + 3000 * DAY)).toBe(false);
  });
});
