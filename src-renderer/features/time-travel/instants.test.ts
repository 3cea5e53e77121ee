import { describe, expect, it } from 'vitest';
import { daysAgo, fromLocalInput, toLocalInput } from './instants';

describe('time control instants', () => {
  it('counts presets back from now, to the second', () => {
    const now = Date.parse('2026-03-31T12:34:56.789Z');
    expect(daysAgo(7, now)).toBe('2026-03-24T12:34:56.000Z');
    expect(daysAgo(30, now)).toBe('2026-03-01T12:34:56.000Z');
  });

  it('reads back what it writes for the local input, whatever the time zone', () => {
    const iso = '2026-02-28T23:59:30.000Z';
    expect(toLocalInput(iso)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    // A minute-precision value (what the input gives when seconds were never touched) reads too.
    expect(fromLocalInput(toLocalInput(iso).slice(0, 16))).toBe('2026-02-28T23:59:00.000Z');
  });

  it('treats an empty or partial value as no instant', () => {
    for (const text of ['', '2026-02-28', '2026-02-28T', 'yesterday']) expect(fromLocalInput(text)).toBeNull();
  });
});
