/**
 * Geocoding timeouts, August to November: the theory of why address lookups time out changed three
 * times (a supersession chain of four beliefs), the last theory was borne out and contradicted week
 * after week (its confidence moves for a visible reason each time), a person sharpened its words,
 * and it grew into a value and a goal: a lineage from a pager alert seven levels up.
 */
import {
  ADA,
  approve,
  at,
  because,
  cite,
  code,
  counter,
  edit,
  episode,
  goal,
  incidents,
  promote,
  raw,
  reinforce,
  supersede,
  USER,
  verify,
  type DemoStep,
} from '../script';

const TIMEOUT_FACT = { subject: 'geocoding timeouts', predicate: 'cause', context: 'harbor API address lookups', timeframe: 'current', beliefType: 'fact' };

/** A week in which the final theory was borne out (or not) by what happened. */
const outcome = (key: string, content: string, good: boolean) =>
  episode(key, content, { outcomeType: good ? 'success' : 'failure', lessons: [], emotionalValence: good ? 0.4 : -0.3, emotionalArousal: 0.4 });

export const GEOCODING: DemoStep[] = [
  ...at(
    '2026-08-04 09:12',
    ADA,
    raw('r.geocode-page', 'PAGE harbor-api: p95 of POST /shipments above 8 s for 10 min; 212 errors "geocode: context deadline exceeded".', { conv: incidents('2026-08-04'), role: 'tool', source: 'PagerDuty alert' }),
    promote('ep.geocode-timeouts', 'r.geocode-page', 'episode', 'Look into the geocoding timeouts on shipment creation → every failing request waited the full 5 s on the Mapbox geocoder; retrying by hand worked.', { outcomeType: 'partial', lessons: ['Address lookups sit on the request path'], emotionalValence: -0.3, emotionalArousal: 0.7 }),
    promote('bl.geocode-cause', 'ep.geocode-timeouts', 'belief', 'Geocoding timeouts come from Mapbox rate-limiting us at peak.', TIMEOUT_FACT),
  ),
  ...at(
    '2026-08-11 10:00',
    ADA,
    episode('ep.geocode-quota', 'Check the Mapbox dashboard for August → we used 31% of our quota and were never rate-limited (no 429s).', { outcomeType: 'success', lessons: ['Check the quota before blaming it'], emotionalValence: 0.1, emotionalArousal: 0.3 }),
    counter('bl.geocode-cause', { episode: 'ep.geocode-quota' }),
    because('No 429s in the dashboard: it was not the rate limit', supersede('bl.geocode-cause-2', 'bl.geocode-cause', 'Geocoding timeouts come from DNS lookups of the Mapbox host stalling inside the API pods.')),
  ),
  ...at(
    '2026-08-25 15:00',
    ADA,
    episode('ep.geocode-dns', 'Pin the Mapbox host in the pods\' resolver cache → timeouts kept happening at the same rate.', { outcomeType: 'failure', lessons: ['Measure one layer at a time'], emotionalValence: -0.3, emotionalArousal: 0.4 }),
    counter('bl.geocode-cause-2', { episode: 'ep.geocode-dns' }),
    because('DNS pinning changed nothing', supersede('bl.geocode-cause-3', 'bl.geocode-cause-2', 'Geocoding timeouts come from the geocoder client opening a new TLS connection per lookup.')),
  ),
  ...at(
    '2026-09-01 11:00',
    ADA,
    episode('ep.geocode-trace', 'Trace slow lookups with OpenTelemetry → TLS handshakes were fast; the time was spent queued behind 6 other lookups in the client\'s pool of 4 sockets.', { outcomeType: 'success', lessons: ['Read the trace before the theory'], emotionalValence: 0.4, emotionalArousal: 0.5 }, { evidenceRefs: [cite.event('otel:trace/9f31c2')] }),
    because('The trace shows queueing, not handshakes', supersede('bl.geocode-cause-4', 'bl.geocode-cause-3', 'Geocoding timeouts come from the geocoder client\'s pool of 4 sockets: bursts of shipment imports queue behind it.')),
  ),
  ...at('2026-09-01 11:30', USER, approve('bl.geocode-cause-4')),
  // Week after week the last theory meets what happens.
  ...at('2026-09-08 10:00', ADA, outcome('ep.geocode-pool-16', 'Raise the geocoder pool to 16 sockets (PR #1402) → no geocoding timeouts during Monday\'s import burst.', true), reinforce('bl.geocode-cause-4', { episode: 'ep.geocode-pool-16' })),
  ...at('2026-09-15 10:00', ADA, outcome('ep.geocode-quiet-week', 'Watch a full week of imports with the larger pool → zero geocoding timeouts, p95 of POST /shipments at 640 ms.', true), reinforce('bl.geocode-cause-4', { episode: 'ep.geocode-quiet-week' })),
  ...at('2026-09-22 16:00', ADA, outcome('ep.geocode-northwind', 'Northwind imports 9,000 addresses at once → 37 geocoding timeouts again, with the pool at 16 and nothing queued.', false), counter('bl.geocode-cause-4', { episode: 'ep.geocode-northwind' })),
  ...at('2026-09-29 10:00', ADA, outcome('ep.geocode-batch', 'Send bulk imports through the batch geocoding endpoint instead (PR #1417) → the next Northwind import finished with no timeouts.', true), reinforce('bl.geocode-cause-4', { episode: 'ep.geocode-batch' })),
  ...at('2026-10-02 09:00', USER, verify('bl.geocode-cause-4', 'Marcus read src/geo/client.ts and the pool metrics')),
  ...at('2026-10-02 09:05', ADA, code('bl.geocode-cause-4', 'src/geo/client.ts:27', 'new Agent({ maxSockets: 16 })')),
  ...at(
    '2026-10-05 10:00',
    USER,
    because('Say what fixed it, not only what broke', edit('bl.geocode-cause-4', { content: 'Geocoding timeouts come from the geocoder client\'s socket pool: bursts of shipment imports queue behind it; 16 sockets and the batch endpoint for bulk imports fixed them.' })),
  ),
  ...at('2026-10-13 10:00', ADA, outcome('ep.geocode-mapbox-outage', 'Mapbox had a 20-minute outage in eu-west → 140 geocoding timeouts that no pool size would have prevented.', false), counter('bl.geocode-cause-4', { episode: 'ep.geocode-mapbox-outage' })),
  ...at('2026-10-20 10:00', ADA, outcome('ep.geocode-peak', 'Peak-season dry run with 3× the usual imports → no geocoding timeouts.', true), reinforce('bl.geocode-cause-4', { episode: 'ep.geocode-peak' })),
  ...at('2026-11-03 10:00', ADA, outcome('ep.geocode-november', 'First November import week → no geocoding timeouts, pool never more than half busy.', true), reinforce('bl.geocode-cause-4', { episode: 'ep.geocode-november' })),
  ...at('2026-11-04 09:00', USER, verify('bl.geocode-cause-4', 'pool saturation dashboard, October')),

  // What it grew into.
  ...at(
    '2026-11-05 10:00',
    ADA,
    promote('vl.degrade-gracefully', 'bl.geocode-cause-4', 'value', 'A third-party service being slow must slow down one feature, never the whole request path.', { name: 'degrade gracefully', priority: 80 }),
  ),
  ...at(
    '2026-11-05 10:30',
    ADA,
    goal('gl.geocode-async', 'Move geocoding off the shipment request path', { description: 'Geocode in a background job and fill the coordinates in when they arrive.', goalStatus: 'active', priority: 'medium' }, { derivedFrom: ['vl.degrade-gracefully'] }),
  ),
];
