/**
 * A timeline's events as chart columns: the stored confidence as a step function, the effective
 * (decayed) confidence between changes, and its projection from "now" (or the as-of instant) down
 * to the type's floor, on one shared, ascending time axis (seconds, as uPlot reads time). Several
 * memories overlay on the same axis; each reads null before it existed.
 */
import type { Timeline } from '../../../shared/contract/timeline';
import { DECAY, type DecayInput, effectiveConfidence } from '../../../shared/rules/decay';

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

/** A timeline's events as numbers, read once from its columns: a chart of thousands of changes reads each many times. */
interface ParsedEvents {
  at: Float64Array;
  decayFrom: Float64Array;
  /** Stored confidence after each event (carried forward over rows that moved none); NaN before any. */
  stored: Float64Array;
  alpha: (number | null)[];
  beta: (number | null)[];
  protected: boolean[];
  /** What the decay rule reads after each event, built once (the curve evaluates it at every instant). */
  decay: DecayInput[];
}

function parseEvents(timeline: Timeline): ParsedEvents {
  const columns = timeline.events;
  const n = columns.seq.length;
  const parsed: ParsedEvents = {
    at: Float64Array.from(columns.at),
    decayFrom: Float64Array.from(columns.decayFrom),
    stored: new Float64Array(n),
    alpha: columns.alpha,
    beta: columns.beta,
    protected: columns.protected,
    decay: new Array<DecayInput>(n),
  };
  let previous: number | null = null;
  for (let i = 0; i < n; i += 1) {
    // A row that moved no confidence keeps the one before.
    previous = columns.confidenceAfter[i] ?? previous;
    parsed.stored[i] = previous ?? Number.NaN;
    parsed.decay[i] = {
      type: timeline.type,
      confidence: previous ?? 0,
      protected: columns.protected[i] === true,
      createdAt: parsed.decayFrom[i] as number,
      lastVerifiedAt: null,
      lastReinforcedAt: null,
    };
  }
  return parsed;
}

/** Where decay reaches the floor after event `i`, or null when it never will (protected, no decay, stored at or below the floor). */
function floorReachedAt(type: Timeline['type'], events: ParsedEvents, i: number): number | null {
  const config = DECAY[type];
  const stored = events.stored[i] as number;
  if (config === undefined || events.protected[i] || !(stored > config.floor)) return null;
  return (events.decayFrom[i] as number) + ((stored - config.floor) / config.rate) * config.periodDays * DAY_MS;
}

/** Each event's instant and the one just before it (where the value stood when the change came). */
function pushEventInstants(events: ParsedEvents, instants: number[]): void {
  for (let i = 0; i < events.at.length; i += 1) {
    if (i > 0) instants.push((events.at[i] as number) - JUST_BEFORE_MS);
    instants.push(events.at[i] as number);
  }
}

/** The instants the focus needs drawn: its events, where decay hits the floor, the end, and the projection's end. */
function focusInstants(type: Timeline['type'], events: ParsedEvents, end: number) {
  const instants: number[] = [];
  pushEventInstants(events, instants);
  const n = events.at.length;
  for (let i = 0; i < n; i += 1) {
    const floorAt = floorReachedAt(type, events, i);
    const next = i + 1 < n ? (events.at[i + 1] as number) : end;
    if (floorAt !== null && floorAt < next) instants.push(floorAt);
  }
  const lastFloorAt = n === 0 ? null : floorReachedAt(type, events, n - 1);
  instants.push(end);
  const first = n === 0 ? end : (events.at[0] as number);
  const horizon = end + Math.max(MIN_PROJECTION_MS, (end - first) * PROJECTION_HORIZON);
  const floorAt = lastFloorAt !== null && lastFloorAt > end ? lastFloorAt : null;
  const projectionEnd = floorAt === null ? null : Math.min(floorAt, horizon);
  if (projectionEnd !== null) instants.push(projectionEnd);
  return { instants, projectionEnd, floorAt };
}

function nulls(length: number): (number | null)[] {
  return new Array<number | null>(length).fill(null);
}

/** A step series' value at each instant of `xMs` (up to `end`), null before its first event and after `end`. */
function stepValues(at: Float64Array, values: ArrayLike<number | null>, xMs: readonly number[], end: number): (number | null)[] {
  const out = nulls(xMs.length);
  let e = -1;
  for (let i = 0; i < xMs.length; i += 1) {
    const x = xMs[i] as number;
    while (e + 1 < at.length && (at[e + 1] as number) <= x) e += 1;
    if (e >= 0 && x <= end) {
      const value = values[e] as number | null;
      out[i] = value === null || Number.isNaN(value) ? null : value;
    }
  }
  return out;
}

/**
 * The columns for the focus timeline and its overlays, up to `end` (epoch ms: now, or the as-of
 * instant) and, for the projection, beyond it toward the floor.
 */
export function timelineColumns(focus: Timeline, overlays: readonly Timeline[], end: number): TimelineColumns {
  const events = parseEvents(focus);
  const others = overlays.map(parseEvents);
  const { instants, projectionEnd, floorAt } = focusInstants(focus.type, events, end);
  for (const overlay of others) pushEventInstants(overlay, instants);
  const xMs = Float64Array.from(new Set(instants)).sort();
  const xList = Array.from(xMs);
  const x = xList.map((ms) => ms / 1000);

  // The event in force at each instant, in one pass: markers, the effective curve, its projection and
  // the focus' step series (stored, α, β), read thousands of times on a cold page, so walked once.
  const n = xList.length;
  const effective = nulls(n);
  const projection = nulls(n);
  const markers = nulls(n);
  const stored = nulls(n);
  const alpha = nulls(n);
  const beta = nulls(n);
  const markerIndex: number[] = [];
  let e = -1;
  for (let i = 0; i < n; i += 1) {
    const at = xList[i] as number;
    while (e + 1 < events.at.length && (events.at[e + 1] as number) <= at) {
      e += 1;
      if ((events.at[e] as number) === at) {
        markers[i] = Number.isNaN(events.stored[e]) ? null : (events.stored[e] as number);
        markerIndex.push(i);
      }
    }
    if (e < 0) continue;
    if (at <= end) {
      alpha[i] = events.alpha[e] ?? null;
      beta[i] = events.beta[e] ?? null;
    }
    if (Number.isNaN(events.stored[e])) continue;
    const value = effectiveConfidence(events.decay[e] as DecayInput, at);
    if (at <= end) {
      effective[i] = value;
      stored[i] = events.stored[e] as number;
    }
    if (projectionEnd !== null && at >= end) projection[i] = value;
  }

  return {
    x,
    effective,
    projection,
    floorAt,
    stored: [stored, ...others.map((parsed) => stepValues(parsed.at, parsed.stored, xList, end))],
    markers,
    markerIndex,
    alpha,
    beta,
  };
}
