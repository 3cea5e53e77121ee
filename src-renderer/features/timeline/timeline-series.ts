/**
 * A timeline's events as chart columns: the stored confidence as a step function, the effective
 * (decayed) confidence between changes, and its projection from "now" (or the as-of instant) down
 * to the type's floor, on one shared, ascending time axis (seconds, as uPlot reads time). Several
 * memories overlay on the same axis; each reads null before it existed.
 */
import type { Timeline } from '../../../shared/contract/timeline';
import { DECAY, type DecayConfig, decayedConfidence } from '../../../shared/rules/decay';

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

/**
 * A timeline's events as numbers, read once from its columns in one pass: a chart of thousands of
 * changes reads each many times, and it runs on a freshly opened page, where every pass over the
 * events costs (the code is not optimised yet).
 */
interface ParsedEvents {
  at: readonly number[];
  /** Stored confidence after each event (carried forward over rows that moved none); NaN before any. */
  stored: Float64Array;
  alpha: (number | null)[];
  beta: (number | null)[];
  /** The type's decay, or undefined when it does not decay. */
  config: DecayConfig | undefined;
  /** When each event's decay clock (re)started (epoch ms). */
  decayFrom: readonly number[];
  /** Whether decay stops after each event (protected). */
  protected: readonly boolean[];
  /** Where decay, left alone after each event, reaches the floor (epoch ms); NaN when it never will (protected, no decay, stored at or below the floor). */
  floorAt: Float64Array;
}

function parseEvents(timeline: Timeline): ParsedEvents {
  const columns = timeline.events;
  const n = columns.seq.length;
  const config = DECAY[timeline.type];
  const parsed: ParsedEvents = {
    at: columns.at,
    stored: new Float64Array(n),
    alpha: columns.alpha,
    beta: columns.beta,
    config,
    decayFrom: columns.decayFrom,
    protected: columns.protected,
    floorAt: new Float64Array(n),
  };
  let previous: number | null = null;
  for (let i = 0; i < n; i += 1) {
    // A row that moved no confidence keeps the one before.
    previous = columns.confidenceAfter[i] ?? previous;
    const stored = previous ?? Number.NaN;
    const isProtected = columns.protected[i] === true;
    const decayFrom = columns.decayFrom[i] as number;
    parsed.stored[i] = stored;
    parsed.floorAt[i] =
      config === undefined || isProtected || !(stored > config.floor)
        ? Number.NaN
        : decayFrom + ((stored - config.floor) / config.rate) * config.periodDays * DAY_MS;
  }
  return parsed;
}

/** Each event's instant and the one just before it (where the value stood when the change came). */
function pushEventInstants(events: ParsedEvents, instants: number[]): void {
  for (let i = 0; i < events.at.length; i += 1) {
    if (i > 0) instants.push((events.at[i] as number) - JUST_BEFORE_MS);
    instants.push(events.at[i] as number);
  }
}

/**
 * The instants the focus needs drawn, in time order as far as the events allow: just before each
 * event, the event, where its decay hits the floor before the next one; then the end and the
 * projection's end.
 */
function focusInstants(events: ParsedEvents, end: number) {
  const instants: number[] = [];
  const n = events.at.length;
  for (let i = 0; i < n; i += 1) {
    const at = events.at[i] as number;
    if (i > 0) instants.push(at - JUST_BEFORE_MS);
    instants.push(at);
    const floorAt = events.floorAt[i] as number;
    // NaN (never reaches the floor) compares false.
    if (floorAt < (i + 1 < n ? (events.at[i + 1] as number) : end)) instants.push(floorAt);
  }
  const lastFloorAt = n === 0 ? Number.NaN : (events.floorAt[n - 1] as number);
  instants.push(end);
  const first = n === 0 ? end : (events.at[0] as number);
  const horizon = end + Math.max(MIN_PROJECTION_MS, (end - first) * PROJECTION_HORIZON);
  const floorAt = lastFloorAt > end ? lastFloorAt : null;
  const projectionEnd = floorAt === null ? null : Math.min(floorAt, horizon);
  if (projectionEnd !== null) instants.push(projectionEnd);
  return { instants, projectionEnd, floorAt };
}

/**
 * The instants in ascending order, each once. The focus alone pushes them in order (unless changes
 * share a millisecond), and then the sort is skipped.
 */
function ascendingUnique(instants: number[]): number[] {
  let ascending = true;
  for (let i = 1; i < instants.length && ascending; i += 1) ascending = (instants[i - 1] as number) < (instants[i] as number);
  if (ascending) return instants;
  const sorted = Float64Array.from(instants).sort();
  const unique: number[] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) unique.push(sorted[i] as number);
  }
  return unique;
}

function nulls(length: number): (number | null)[] {
  return new Array<number | null>(length).fill(null);
}

/** A step series' value at each instant of `xMs` (up to `end`), null before its first event and after `end`. */
function stepValues(at: readonly number[], values: ArrayLike<number | null>, xMs: readonly number[], end: number): (number | null)[] {
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
  const { instants, projectionEnd, floorAt } = focusInstants(events, end);
  for (const overlay of others) pushEventInstants(overlay, instants);
  const xList = ascendingUnique(instants);
  const x = new Array<number>(xList.length);
  for (let i = 0; i < xList.length; i += 1) x[i] = (xList[i] as number) / 1000;

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
  const { at: eventAt, stored: eventStored, config } = events;
  const count = eventAt.length;
  let e = -1;
  for (let i = 0; i < n; i += 1) {
    const at = xList[i] as number;
    while (e + 1 < count && (eventAt[e + 1] as number) <= at) {
      e += 1;
      if ((eventAt[e] as number) === at) {
        markers[i] = Number.isNaN(eventStored[e]) ? null : (eventStored[e] as number);
        markerIndex.push(i);
      }
    }
    if (e < 0) continue;
    const storedValue = eventStored[e] as number;
    const past = at <= end;
    if (past) {
      alpha[i] = events.alpha[e] ?? null;
      beta[i] = events.beta[e] ?? null;
    }
    if (Number.isNaN(storedValue)) continue;
    // effectiveConfidence's rule on the event's state, with no object made per event.
    const value = config === undefined || events.protected[e] === true ? storedValue : decayedConfidence(config, storedValue, at - (events.decayFrom[e] as number));
    if (past) {
      effective[i] = value;
      stored[i] = storedValue;
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
