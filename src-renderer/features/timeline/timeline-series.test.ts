import { describe, expect, it } from 'vitest';
import { TIMELINE_CAUSES, type Timeline } from '../../../shared/contract/timeline';
import { timelineColumns } from './timeline-series';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

interface TestEvent {
  day: number;
  confidenceAfter: number;
  protected?: boolean;
}

/** A timeline of reinforcements, as the host ships it (columns). */
const timeline = (events: TestEvent[], type: Timeline['type'] = 'note'): Timeline => {
  const at = events.map((e) => T0 + e.day * DAY);
  return {
    id: 'nt_1',
    type,
    events: {
      seq: events.map((e) => e.day + 1),
      at,
      op: events.map(() => 0),
      cause: events.map(() => TIMELINE_CAUSES.indexOf('reinforced')),
      actor: events.map(() => 1),
      reason: events.map(() => null),
      evidence: events.map(() => null),
      linkedId: events.map(() => null),
      confidenceBefore: events.map(() => null),
      confidenceAfter: events.map((e) => e.confidenceAfter),
      alpha: events.map(() => null),
      beta: events.map(() => null),
      decayFrom: at,
      protected: events.map((e) => e.protected === true),
      version: events.map((e) => e.day + 1),
      strings: ['reinforce', 'user'],
    },
    truncated: false,
    asOf: null,
    predecessors: [],
    successors: [],
  };
};
const event = (day: number, confidenceAfter: number, extra: { protected?: boolean } = {}): TestEvent => ({ day, confidenceAfter, ...extra });

describe('timelineColumns', () => {
  it('steps the stored value, decays the effective one between changes and projects it to the floor', () => {
    const columns = timelineColumns(timeline([event(0, 0.8), event(60, 0.9)]), [], T0 + 90 * DAY);
    expect(columns.markerIndex).toHaveLength(2);
    expect(columns.markerIndex.map((i) => columns.markers[i])).toEqual([0.8, 0.9]);
    const at = (ms: number) => columns.x.indexOf(ms / 1000);
    // A note loses 1.5 % per 30 days: 60 days after 0.8 it reads 0.77, just before the second change.
    expect(columns.effective[at(T0 + 60 * DAY - 1)]).toBeCloseTo(0.77, 6);
    expect(columns.stored[0]?.[at(T0 + 60 * DAY - 1)]).toBe(0.8);
    expect(columns.effective[at(T0 + 90 * DAY)]).toBeCloseTo(0.885, 6);
    // 0.9 reaches the note floor (0.4) 1,000 days after the change; the projection is drawn over half the
    // history's span (45 days) toward it.
    expect(columns.floorAt).toBe(T0 + 1060 * DAY);
    expect(columns.x.at(-1)).toBe((T0 + 135 * DAY) / 1000);
    expect(columns.projection.at(-1)).toBeCloseTo(0.9 - 0.015 * (75 / 30), 6);
    expect(columns.effective.at(-1)).toBeNull();
    expect(columns.x).toEqual([...columns.x].sort((a, b) => a - b));
  });

  it('overlays another memory from its first event on, and draws nothing beyond the end but the projection', () => {
    const overlay = { ...timeline([event(30, 0.6)], 'belief'), id: 'bl_2' };
    const columns = timelineColumns(timeline([event(0, 0.7, { protected: true })]), [overlay], T0 + 40 * DAY);
    const at = (ms: number) => columns.x.indexOf(ms / 1000);
    expect(columns.stored[1]?.[at(T0)]).toBeNull();
    expect(columns.stored[1]?.[at(T0 + 30 * DAY)]).toBe(0.6);
    // Protected: no decay, no projection.
    expect(columns.effective[at(T0 + 40 * DAY)]).toBe(0.7);
    expect(columns.projection.every((v) => v === null)).toBe(true);
    expect(columns.floorAt).toBeNull();
  });

  it('gives changes made in the same millisecond a marker each at one instant, the instants ascending and unique', () => {
    const columns = timelineColumns(timeline([event(0, 0.6), event(0, 0.7), event(10, 0.8)]), [], T0 + 20 * DAY);
    expect(columns.markerIndex).toHaveLength(3);
    expect(columns.markerIndex[0]).toBe(columns.markerIndex[1]);
    expect(columns.markers[columns.markerIndex[0] as number]).toBe(0.7);
    expect(columns.x).toEqual([...new Set(columns.x)].sort((a, b) => a - b));
    // Just before the second day's change the value stood where the later of the two left it.
    expect(columns.stored[0]?.[columns.x.indexOf((T0 + 10 * DAY - 1) / 1000)]).toBe(0.7);
  });
});
