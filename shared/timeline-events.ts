/**
 * A timeline's columns read back as events, one at a time: the Timeline tab builds only the rows it
 * shows and the change in focus, the CLI all of them (its JSON keeps one object per event).
 */
import { TIMELINE_CAUSES, type Timeline, type TimelineCause, type TimelineEvent, type TimelineEventColumns } from './contract/timeline';

/** How many events the columns hold. */
export function eventCount(events: TimelineEventColumns): number {
  return events.seq.length;
}

function text(events: TimelineEventColumns, position: number | null | undefined): string | null {
  return position === null || position === undefined ? null : (events.strings[position] ?? null);
}

export function causeAt(events: TimelineEventColumns, i: number): TimelineCause {
  return TIMELINE_CAUSES[events.cause[i] as number] ?? 'other';
}

/** Event `i` (oldest first) as one object. */
export function timelineEventAt(events: TimelineEventColumns, i: number): TimelineEvent {
  return {
    seq: events.seq[i] as number,
    at: new Date(events.at[i] as number).toISOString(),
    op: text(events, events.op[i]) ?? '',
    cause: causeAt(events, i),
    actor: text(events, events.actor[i]) ?? '',
    reason: text(events, events.reason[i]),
    evidence: text(events, events.evidence[i]),
    linkedId: text(events, events.linkedId[i]),
    confidenceBefore: events.confidenceBefore[i] ?? null,
    confidenceAfter: events.confidenceAfter[i] ?? null,
    alpha: events.alpha[i] ?? null,
    beta: events.beta[i] ?? null,
    decayFrom: new Date(events.decayFrom[i] as number).toISOString(),
    protected: events.protected[i] === true,
    version: events.version[i] ?? null,
  };
}

/** A timeline with one object per event (oldest first): what `mindloom timeline ID` prints. */
export type ExpandedTimeline = Omit<Timeline, 'events'> & { events: TimelineEvent[] };

export function expandTimeline(timeline: Timeline): ExpandedTimeline {
  return { ...timeline, events: Array.from({ length: eventCount(timeline.events) }, (_, i) => timelineEventAt(timeline.events, i)) };
}
