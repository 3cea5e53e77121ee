import { describe, expect, it } from 'vitest';
import { uniqueHexSource } from './seeded-ids';

describe('uniqueHexSource', () => {
  it('never repeats a 6-byte id, even across many draws', () => {
    const next = uniqueHexSource(7);
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(next(6));
    expect(seen.size).toBe(100_000);
    for (const id of [...seen].slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{12}$/);
  });

  it('gives the same ids for the same seed and others for another seed', () => {
    const draw = (seed: number) => {
      const next = uniqueHexSource(seed);
      return Array.from({ length: 20 }, () => next(6));
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(43)).not.toEqual(draw(42));
  });

  it('serves other sizes at their length', () => {
    const next = uniqueHexSource(1);
    expect(next(4)).toMatch(/^[0-9a-f]{8}$/);
    expect(next(16)).toMatch(/^[0-9a-f]{32}$/);
  });
});
