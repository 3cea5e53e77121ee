/**
 * A timeline's events as chart columns: the stored confidence as a step function, the effective
 * (decayed) confidence between changes, and its projection from "now" (or the as-of instant) down
 * to the type's floor, on one shared, ascending time axis (seconds, as uPlot reads time). Several
 * memories overlay on the same axis; each reads null before it existed.
 */
import type { Timeline, TimelineEvent } from '../../../shared/contract/timeline';
import { DECAY, effectiveConfidence } from '../../../shared/rules/decay';

const DAY_MS = 86_400_000;

/** A point just before an event: where the decayed value stood when the change came. */
const JUST_BEFORE_MS = 1;

/**
 * The projection is drawn over half the history's span (at least 30 days): decay is slow (a belief
 * needs two years from 75 % to its floor), and drawing all of it would squash the history into a
 * corner. Where it reaches the floor is said in words instead (`floorAt`).
 */
const PROJECTION_HORIZON = 0.5;
const MIN_PROJECTION_MS = 30 * DAY_MS;

export interface TimelineColumns {
  /** Seconds since the epoch, ascending. */
  x: number[];
  /** The focus memory's effective confidence (decay drawn between changes). */
  effective: (number | null)[];
  /** From the end instant toward the floor, if it decays (drawn over at most PROJECTION_HORIZON of the history's span). */
  projection: (number | null)[];
  /** When decay, left alone, takes the focus to its floor (epoch ms), or null when it never will. */
  floorAt: number | null;
  /** One stored-confidence step series per timeline (the focus first, then the overlays). */
  stored: (number | null)[][];
  /** The focus memory's change markers: its stored confidence at each event, null between. */
  markers: (number | null)[];
  /** Index into `x` of each focus event, in event order. */
  markerIndex: number[];
  /** α and β after each change (beliefs), stepped like the stored value. */
  alpha: (number | null)[];
  beta: (number | null)[];
}

/** The stored confidence after an event (a row that moved no confidence keeps the one before). */
export function storedAfter(event: TimelineEvent, previous: number | null): number | null {
  return event.confidenceAfter ?? previous;
}

/** Where decay reaches the floor after `event`, or null when it never will (protected, no decay, stored below the floor). */
function floorReachedAt(timeline: Timeline, event: TimelineEvent, stored: number): number | null {
  const config = DECAY[timeline.type];
  if (config === undefined || event.protected || stored <= config.floor) return null;
  return Date.parse(event.decayFrom) + ((stored - config.floor) / config.rate) * config.periodDays * DAY_MS;
}

function effectiveAt(timeline: Timeline, event: TimelineEvent, stored: number, at: number): number {
  const clock = { createdAt: Date.parse(event.decayFrom), lastVerifiedAt: null, lastReinforcedAt: null };
  return effectiveConfidence({ ...clock, type: timeline.type, confidence: stored, protected: event.protected }, at);
}

/** The instants the focus needs drawn: each event, just before it, where decay hits the floor, the end, and the projection's end. */
function focusInstants(timeline: Timeline, end: number): { instants: number[]; projectionEnd: number | null; floorAt: number | null } {
  const instants: number[] = [];
  let stored: number | null = null;
  timeline.events.forEach((event, i) => {
    const at = Date.parse(event.at);
    if (i > 0) instants.push(at - JUST_BEFORE_MS);
    instants.push(at);
    stored = storedAfter(event, stored);
    const next = timeline.events[i + 1];
    const floorAt = stored === null ? null : floorReachedAt(timeline, event, stored);
    if (floorAt !== null && floorAt < (next === undefined ? end : Date.parse(next.at))) instants.push(floorAt);
  });
  const last = timeline.events.at(-1);
  const floorAt = last === undefined || stored === null ? null : floorReachedAt(timeline, last, stored);
  instants.push(end);
  const first = timeline.events[0] === undefined ? end : Date.parse(timeline.events[0].at);
  const horizon = end + Math.max(MIN_PROJECTION_MS, (end - first) * PROJECTION_HORIZON);
  const projectionEnd = floorAt !== null && floorAt > end ? Math.min(floorAt, horizon) : null;
  if (projectionEnd !== null) instants.push(projectionEnd);
  return { instants, projectionEnd, floorAt: floorAt !== null && floorAt > end ? floorAt : null };
}

/** The value of a step series at each instant of `x` (ms), null before its first event. */
function stepValues(events: readonly TimelineEvent[], xMs: readonly number[], value: (event: TimelineEvent, previous: number | null) => number | null) {
  const out: (number | null)[] = new Array(xMs.length).fill(null);
  let e = -1;
  let current: number | null = null;
  for (let i = 0; i < xMs.length; i += 1) {
    while (e + 1 < events.length && Date.parse((events[e + 1] as TimelineEvent).at) <= (xMs[i] as number)) {
      e += 1;
      current = value(events[e] as TimelineEvent, current);
    }
    out[i] = e < 0 ? null : current;
  }
  return out;
}

/**
 * The columns for the focus timeline and its overlays, up to `end` (epoch ms: now, or the as-of
 * instant) and, for the projection, beyond it to the floor.
 */
export function timelineColumns(focus: Timeline, overlays: readonly Timeline[], end: number): TimelineColumns {
  const { instants, projectionEnd, floorAt } = focusInstants(focus, end);
  for (const overlay of overlays) {
    overlay.events.forEach((event, i) => {
      const at = Date.parse(event.at);
      if (i > 0) instants.push(at - JUST_BEFORE_MS);
      instants.push(at);
    });
  }
  const xMs = [...new Set(instants)].sort((a, b) => a - b);
  const eventTimes = focus.events.map((event) => Date.parse(event.at));

  // The focus's stored value, and the event in force, at each instant (one pass).
  const effective: (number | null)[] = new Array(xMs.length).fill(null);
  const projection: (number | null)[] = new Array(xMs.length).fill(null);
  const markers: (number | null)[] = new Array(xMs.length).fill(null);
  const markerIndex: number[] = [];
  let e = -1;
  let stored: number | null = null;
  for (let i = 0; i < xMs.length; i += 1) {
    const at = xMs[i] as number;
    while (e + 1 < eventTimes.length && (eventTimes[e + 1] as number) <= at) {
      e += 1;
      stored = storedAfter(focus.events[e] as TimelineEvent, stored);
      if ((eventTimes[e] as number) === at) {
        markers[i] = stored;
        markerIndex.push(i);
      }
    }
    if (e < 0 || stored === null) continue;
    const value = effectiveAt(focus, focus.events[e] as TimelineEvent, stored, at);
    if (at <= end) effective[i] = value;
    if (projectionEnd !== null && at >= end) projection[i] = value;
  }

  return {
    x: xMs.map((ms) => ms / 1000),
    effective,
    projection,
    floorAt,
    stored: [focus, ...overlays].map((timeline) =>
      stepValues(timeline.events, xMs, storedAfter).map((value, i) => ((xMs[i] as number) <= end ? value : null)),
    ),
    markers,
    markerIndex,
    alpha: stepValues(focus.events, xMs, (event) => event.alpha).map((value, i) => ((xMs[i] as number) <= end ? value : null)),
    beta: stepValues(focus.events, xMs, (event) => event.beta).map((value, i) => ((xMs[i] as number) <= end ? value : null)),
  };
}
