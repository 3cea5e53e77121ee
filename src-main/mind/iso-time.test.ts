import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

const DAY_MS = 86_400_000;

describe('isoTime', () => {
  it('writes what Date.prototype.toISOString writes, across leap days, century rules and every millisecond field', () => {
    const edges = [
      0,
      1,
      999,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2100, 2, 1),
      Date.UTC(2024, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 10, 26, 22, 58, 6, 7),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    // A deterministic walk over 1970…9999 with odd steps, so days, hours and milliseconds all vary.
    const walk = Array.from({ length: 20_000 }, (_, i) => (i * 12_647_394_817_123 + i * i * 7919) % 253_402_300_800_000);
    const everyDayOf2100 = Array.from({ length: 366 }, (_, i) => Date.UTC(2100, 0, 1) + i * DAY_MS + i * 3_601_001);
    for (const ms of [...edges, ...walk, ...everyDayOf2100]) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('leaves times before 1970, after 9999 and between milliseconds to Date, and rejects what Date rejects', () => {
    for (const ms of [-1, -DAY_MS * 400, 253_402_300_800_000, 1.5, 8.64e15]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
