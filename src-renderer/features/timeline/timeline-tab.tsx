/**
 * The Timeline tab (`#/memory/ID/timeline`): how sure the mind has been of a memory over time and
 * why. The chart shows every journaled change as a marker; hovering one, focusing its row in the
 * table below, or stepping with the arrow keys on the chart names its cause and links the memory
 * behind it. Predecessors and successors in a supersession chain can be overlaid. As of a past
 * instant, only what had happened by then is drawn.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useMemo, useState } from 'react';
import type { Timeline, TimelineEvent, TimelineEventColumns } from '../../../shared/contract/timeline';
import { eventCount, timelineEventAt } from '../../../shared/timeline-events';
import { DECAY } from '../../../shared/rules/decay';
import { useApi } from '../../api/client';
import { timelineQueries } from '../../api/timeline-queries';
import { hrefOf } from '../../app/router';
import { dateTime, percent } from '../../components/format';
import { Empty, ErrorState, Loading } from '../../components/states';
import type { MemoryTabProps } from '../memory/memory-tabs';
import { causeVerb, confidenceMove } from './cause-text';
import { TimelineChart } from './timeline-chart';
import { timelineColumns } from './timeline-series';
import './timeline.css';

/** The events table lists this many changes (the newest) until asked for all. */
const TABLE_ROWS = 50;

export function TimelineTab({ id, asOf }: MemoryTabProps) {
  const api = useApi();
  const timeline = useQuery(timelineQueries.timeline(api, id, asOf));
  if (timeline.isPending) return <Loading label="Loading the timeline…" />;
  if (timeline.isError) return <ErrorState error={timeline.error} title="Could not load the timeline" onRetry={() => void timeline.refetch()} />;
  if (eventCount(timeline.data.events) === 0) return <Empty title="Nothing had happened to this memory by then" />;
  return <TimelineView focus={timeline.data} asOf={asOf} />;
}

function TimelineView({ focus, asOf }: { focus: Timeline; asOf: string | null }) {
  const api = useApi();
  const [overlayIds, setOverlayIds] = useState<string[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const overlays = useQueries({ queries: overlayIds.map((overlayId) => timelineQueries.timeline(api, overlayId, asOf)) });
  const loadedOverlays = overlays.flatMap((q) => (q.data === undefined ? [] : [q.data]));
  const overlayKey = loadedOverlays.map((o) => `${o.id}:${eventCount(o.events)}`).join(',');
  // The end of the drawn past: the as-of instant, or now (fixed per timeline so the chart does not rebuild on every render).
  const end = useMemo(() => (asOf === null ? Date.now() : Date.parse(asOf)), [asOf, focus]);
  // Overlays are compared by overlayKey, not by the array's identity (a new array every render).
  const columns = useMemo(() => timelineColumns(focus, loadedOverlays, end), [focus, overlayKey, end]);
  const names = useMemo(
    () => ({ stored: [focus.id, ...loadedOverlays.map((o) => o.id)], belief: focus.type === 'belief' }),
    [focus, overlayKey],
  );
  const chain = [...focus.predecessors.map((p) => ({ id: p, role: 'superseded by this' })), ...focus.successors.map((s) => ({ id: s, role: 'superseded this' }))];
  const events = focus.events;
  const count = eventCount(events);
  const step = (by: number) => setSelected((current) => Math.min(count - 1, Math.max(0, (current ?? count) + by)));
  const onChartKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'Home') setSelected(0);
    else if (event.key === 'End') setSelected(count - 1);
    else return;
    event.preventDefault();
  };

  return (
    <section className="timeline-tab" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Confidence over time</h2>
      <p className="explain">
        {count.toLocaleString('en-US')} change{count === 1 ? '' : 's'}
        {focus.truncated ? ' (the newest; older ones left out)' : ''}. {floorText(focus, columns.floorAt)}
      </p>
      {chain.length > 0 && (
        <fieldset className="timeline-overlays">
          <legend>Overlay the supersession chain</legend>
          {chain.map(({ id: chainId, role }) => (
            <label key={chainId}>
              <input
                type="checkbox"
                checked={overlayIds.includes(chainId)}
                onChange={(e) => setOverlayIds((ids) => (e.target.checked ? [...ids, chainId] : ids.filter((x) => x !== chainId)))}
              />
              <code>{chainId}</code> ({role})
            </label>
          ))}
        </fieldset>
      )}
      <div
        className="timeline-figure"
        role="group"
        tabIndex={0}
        aria-label="Confidence chart: arrow keys step through the changes, Home and End jump to the first and last"
        onKeyDown={onChartKey}
      >
        <TimelineChart columns={columns} names={names} selected={selected} onHover={setSelected} />
      </div>
      <SelectedChange event={selected === null || selected >= count ? null : timelineEventAt(events, selected)} />
      <EventsTable events={events} selected={selected} onSelect={setSelected} />
    </section>
  );
}

function floorText(timeline: Timeline, floorAt: number | null): string {
  const config = DECAY[timeline.type];
  if (config === undefined) return `A ${timeline.type} does not decay.`;
  const rule = `Between changes it decays ${percent(config.rate, 1)} per ${config.periodDays} days down to ${percent(config.floor)}`;
  if (floorAt === null) return `${rule}.`;
  return `${rule}; left alone it reaches that floor on ${dateTime(new Date(floorAt).toISOString())} (the dashed line heads there).`;
}

/** The change under the cursor or in focus: what caused it, linked, and how confidence moved. */
function SelectedChange({ event }: { event: TimelineEvent | null }) {
  return (
    <div className="timeline-selected" aria-live="polite" data-testid="timeline-selected">
      {event === null ? (
        <span className="dim">Hover a marker, focus a row below, or use the arrow keys on the chart to see why confidence moved.</span>
      ) : (
        <>
          <strong>{dateTime(event.at)}</strong>: <CauseText event={event} /> · {confidenceMove(event)}
          {event.alpha !== null && event.beta !== null && (
            <span>
              {' '}
              · α {event.alpha.toFixed(0)}, β {event.beta.toFixed(0)}
            </span>
          )}{' '}
          · by {event.actor}
          {event.reason !== null && <span className="timeline-reason"> · “{event.reason}”</span>}
        </>
      )}
    </div>
  );
}

function CauseText({ event }: { event: TimelineEvent }) {
  return (
    <span data-cause={event.cause}>
      {causeVerb(event)}
      {event.linkedId !== null && (
        <>
          {' '}
          <a href={hrefOf.memory(event.linkedId)} data-memory-id={event.linkedId}>
            {event.linkedId}
          </a>
        </>
      )}
    </span>
  );
}

/** Every change as a row (newest first): the chart's markers, reachable by keyboard and screen reader. */
function EventsTable({ events, selected, onSelect }: { events: TimelineEventColumns; selected: number | null; onSelect(index: number): void }) {
  const [all, setAll] = useState(false);
  const count = eventCount(events);
  // Only the rows shown become objects (the newest first).
  const shownCount = all ? count : Math.min(count, TABLE_ROWS);
  const shown = Array.from({ length: shownCount }, (_, k) => ({ event: timelineEventAt(events, count - 1 - k), index: count - 1 - k }));
  const belief = events.alpha.some((alpha) => alpha !== null);
  return (
    <div className="timeline-table-wrap">
      <table className="timeline-table" aria-label="Changes to confidence">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Cause</th>
            <th scope="col">Confidence</th>
            {belief && <th scope="col">α / β</th>}
            <th scope="col">Who</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {shown.map(({ event, index }) => (
            <tr
              key={event.seq}
              data-seq={event.seq}
              data-cause={event.cause}
              data-op={event.op}
              className={selected === index ? 'is-selected' : undefined}
              tabIndex={0}
              onFocus={() => onSelect(index)}
              onMouseEnter={() => onSelect(index)}
            >
              <td>{dateTime(event.at)}</td>
              <td>
                <CauseText event={event} />
              </td>
              <td>{confidenceMove(event)}</td>
              {belief && <td>{event.alpha === null ? '—' : `${event.alpha.toFixed(0)} / ${(event.beta ?? 0).toFixed(0)}`}</td>}
              <td>{event.actor}</td>
              <td>{event.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!all && count > TABLE_ROWS && (
        <button type="button" onClick={() => setAll(true)}>
          Show all {count.toLocaleString('en-US')} changes
        </button>
      )}
    </div>
  );
}
