/**
 * The June 18 outage: a Thursday release whose index migration locked the shipments table at peak
 * time. Its lessons run all the way up: page → episode → belief → value. Then the on-call change.
 */
import {
  ADA,
  approve,
  at,
  link,
  because,
  belief,
  cite,
  code,
  edit,
  episode,
  event,
  file,
  incidents,
  note,
  promote,
  protect,
  raw,
  reinforce,
  supersede,
  url,
  USER,
  verify,
  dev,
  type DemoStep,
} from '../script';

const INC = 'incident:INC-0042';

export const OUTAGE: DemoStep[] = [
  ...at(
    '2026-06-18 14:07',
    ADA,
    raw('r.outage-page', 'PAGE harbor-api: 5xx rate 38% (threshold 2%), p99 latency 30s. Started 14:05 UTC, right after the 14:00 release.', { conv: incidents('2026-06-18'), turn: '1750255620.0001', role: 'user', from: 'Tom' }, { evidenceRefs: [cite.event(INC), cite.event('pagerduty:P7K2Q9')] }),
    raw('r.outage-locks', 'pg_stat_activity: 212 sessions waiting on Lock relation shipments; blocker pid 48211 running CREATE INDEX shipments_eta_idx ON shipments (eta).', { conv: incidents('2026-06-18'), turn: '1750255900.0007', role: 'assistant', source: 'observed in pg_stat_activity' }),
  ),
  ...at(
    '2026-06-18 14:16',
    ADA,
    raw('r.outage-decision', 'Cancelling the index build now (pg_cancel_backend 48211). We will roll the release back and redo the index CONCURRENTLY tonight.', { conv: incidents('2026-06-18'), turn: '1750256160.0012', role: 'user', from: 'Tom' }),
    raw('r.outage-ada-offer', 'I can prepare the revert PR for the migration and the CONCURRENTLY version while you handle the database.', { conv: incidents('2026-06-18'), turn: '1750256200.0013', role: 'assistant' }),
  ),
  ...at(
    '2026-06-18 14:46',
    ADA,
    raw('r.outage-resolved', 'Resolved: 5xx back under 0.5% at 14:46. Total impact 41 minutes; Northwind dispatchers could not assign drivers for most of it.', { conv: incidents('2026-06-18'), turn: '1750257960.0030', role: 'user', from: 'Tom' }),
  ),
  ...at(
    '2026-06-18 17:30',
    ADA,
    promote('ep.outage', 'r.outage-page', 'episode', 'Help Tom through the shipments-table lock outage (INC-0042) → the release migration built an index without CONCURRENTLY on a 38M-row table at 14:00 UTC, blocking all writes for 41 minutes; cancelled, rolled back, rebuilt concurrently at night.', { outcomeType: 'failure', lessons: ['CREATE INDEX without CONCURRENTLY blocks writes on the whole table', 'A migration needs a lock_timeout so it fails fast instead of queueing everyone behind it', 'Do not release schema changes at peak dispatch time'], emotionalValence: -0.8, emotionalArousal: 0.9 }, [cite.event(INC)]),
    promote('ep.outage-locks', 'r.outage-locks', 'episode', 'Find the blocker during INC-0042 → pg_stat_activity showed 212 sessions waiting on the shipments relation lock behind one CREATE INDEX.', { outcomeType: 'success', lessons: ['Start with pg_stat_activity and pg_locks during a lock pile-up'], emotionalValence: -0.3, emotionalArousal: 0.8 }),
    promote('ep.outage-revert', 'r.outage-ada-offer', 'episode', 'Prepare the revert and the CONCURRENTLY migration during INC-0042 → both PRs ready in 20 minutes; Marcus ran the concurrent build at 22:00 with no impact.', { outcomeType: 'success', lessons: ['Offer a specific, bounded task during an incident'], emotionalValence: 0.3, emotionalArousal: 0.7 }, [cite.url('https://github.com/harbor-logistics/harbor/pull/1290'), cite.url('https://github.com/harbor-logistics/harbor/pull/1291')]),
    promote('nt.outage-impact', 'r.outage-resolved', 'note', 'INC-0042 impact: 41 minutes of API errors; Northwind dispatchers could not assign drivers for most of it.', { noteType: 'fact', speaker: 'Tom' }),
    promote('nt.outage-cancel', 'r.outage-decision', 'note', 'Tom\'s call during INC-0042: cancel the index build, roll back, redo the index CONCURRENTLY off-peak.', { noteType: 'decision', speaker: 'Tom' }),
  ),
  ...at('2026-06-18 17:35', ADA, file('ep.outage', 'db/migrations/20260618_add_shipments_eta_idx.sql', 'the migration that locked the table')),

  // The postmortem, the next morning.
  ...at(
    '2026-06-19 10:00',
    ADA,
    raw('r.pm-claire', 'Postmortem takeaway: this was a process failure, not Marcus\'s failure. Nobody checked the migration for lock risk, and our runner has no lock_timeout.', { conv: 'meet:postmortem-INC-0042', turn: 't12', role: 'user', from: 'Claire' }),
    promote('nt.pm-blameless', 'r.pm-claire', 'note', 'Claire at the INC-0042 postmortem: a process failure, not a person\'s; nobody checked the migration for lock risk and the runner has no lock_timeout.', { noteType: 'quote', speaker: 'Claire' }),
    promote('bl.lock-timeout', 'ep.outage', 'belief', 'Schema migrations on large tables must set a lock_timeout and build indexes CONCURRENTLY.', { subject: 'schema migrations', predicate: 'required safeguards', context: 'Postgres tables over ~1M rows', timeframe: 'always', beliefType: 'principle' }),
    episode('ep.postmortem', 'Write the INC-0042 postmortem with Claire and Tom → five action items: lock_timeout in the runner, squawk lint in CI, migrations off-peak, a runbook for lock pile-ups, status page updates within 10 minutes.', { outcomeType: 'success', lessons: ['Blameless framing got Marcus talking openly about what he checked'], emotionalValence: 0.4, emotionalArousal: 0.5 }, { evidenceRefs: [cite.url('https://notion.so/harbor/postmortem-INC-0042')] }),
  ),
  ...at('2026-06-19 10:30', USER, approve('bl.lock-timeout')),
  ...at(
    '2026-06-19 11:00',
    ADA,
    promote('vl.prod-safety', 'bl.lock-timeout', 'value', 'The safety of production data and of the dispatchers\' working day comes before delivery speed.', { name: 'production safety over speed', priority: 92 }),
    promote('gl.migration-lint', 'bl.lock-timeout', 'goal', 'Every migration checked for lock risk before it merges', { description: 'squawk in CI plus a lock_timeout default in the migration runner.', goalStatus: 'active', priority: 'high' }),
    promote('dr.query-plans', 'ep.outage-locks', 'drive', 'Get fluent at reading Postgres locks and query plans.', { driveType: 'growth', intensity: 0.6 }),
  ),
  ...at('2026-06-19 11:05', USER, protect('vl.prod-safety'), protect('bl.lock-timeout')),

  // The safeguards land, and the belief gets grounded.
  ...at(
    '2026-06-24 15:00',
    ADA,
    episode('ep.lock-timeout-pr', 'Add lock_timeout = 5s and statement_timeout = 15min to the migration runner (PR #1298) → a test migration that waits on a lock now fails after 5 s instead of queueing.', { outcomeType: 'success', lessons: ['Test the safeguard by provoking the failure'], emotionalValence: 0.6, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url('https://github.com/harbor-logistics/harbor/pull/1298'), cite.code('src/db/migrate.ts:42', "SET lock_timeout = '5s'")] }),
    link('bl.lock-timeout', 'ep.lock-timeout-pr'),
    code('bl.lock-timeout', 'src/db/migrate.ts:42', 'runner sets lock_timeout before each migration'),
  ),
  ...at(
    '2026-07-01 11:00',
    ADA,
    episode('ep.squawk', 'Add squawk to CI for db/migrations (PR #1305) → it flags CREATE INDEX without CONCURRENTLY and adding NOT NULL columns without defaults; Marcus paired on the rule set.', { outcomeType: 'success', lessons: ['Encode the lesson in CI, not in a wiki page'], emotionalValence: 0.6, emotionalArousal: 0.3 }, { evidenceRefs: [cite.code('.github/workflows/ci.yml:88', 'squawk job'), cite.file('.squawk.toml')] }),
    link('bl.lock-timeout', 'ep.squawk'),
    edit('gl.migration-lint', { fields: { goalStatus: 'completed' } }),
  ),
  ...at('2026-07-02 09:00', USER, verify('bl.lock-timeout', 'Claire read src/db/migrate.ts and the squawk job')),
  ...at(
    '2026-09-10 14:00',
    ADA,
    episode('ep.squawk-catch', 'squawk blocked PR #1412 (NOT NULL column on legs without a default) → Marcus split it into add-nullable, backfill, then set NOT NULL; zero lock time in production.', { outcomeType: 'success', lessons: ['The lint paid for itself'], emotionalValence: 0.7, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url('https://github.com/harbor-logistics/harbor/pull/1412'), cite.event('gha:run/9760102')] }),
    reinforce('bl.lock-timeout', { episode: 'ep.squawk-catch' }),
  ),
  ...at('2026-11-02 09:00', USER, verify('bl.lock-timeout', 'Checked again before the peak-season freeze')),

  // Releases and schema changes are separated.
  ...at(
    '2026-06-25 10:00',
    ADA,
    raw('r.migration-window', 'From now on: migrations touching big tables run Tuesday or Wednesday at 21:00 UTC, never in the Thursday release.', { conv: dev('2026-06-25'), turn: '1750845600.0700', role: 'user', from: 'Claire' }),
    promote('nt.migration-window', 'r.migration-window', 'note', 'Decision (Claire): migrations on big tables run Tuesday or Wednesday at 21:00 UTC, separately from the Thursday release.', { noteType: 'decision', speaker: 'Claire' }),
    belief('bl.migration-window', 'Migrations on large tables run in the Tuesday/Wednesday 21:00 UTC window, separately from the Thursday release.', { subject: 'large-table migrations', predicate: 'scheduled in', context: 'harbor production', timeframe: 'current', beliefType: 'fact' }, { derivedFrom: ['nt.migration-window'], evidence: ['ep.outage'] }),
  ),
  ...at('2026-08-05 22:00', ADA, reinforce('bl.migration-window', { evidence: 'legs backfill ran in the window with no alerts' })),

  // The runbook, a status page lesson, and how Tom works.
  ...at(
    '2026-06-26 16:00',
    ADA,
    note('nt.runbook', 'Lock pile-up runbook: 1) pg_stat_activity where wait_event_type = Lock, 2) find the blocker with pg_blocking_pids, 3) cancel (not terminate) the blocker if it is a migration, 4) post in #incidents every 10 minutes.', { noteType: 'fact' }, { derivedFrom: ['ep.outage-locks'], evidenceRefs: [cite.file('docs/runbooks/lock-pileup.md')] }),
    belief('bl.status-page', 'Customers forgive an outage more easily when the status page is updated within 10 minutes.', { subject: 'status page updates', predicate: 'affect customer trust', context: 'Northwind and other customers', timeframe: 'current', beliefType: 'pattern' }, { source: 'told by Jun after the Northwind call', evidence: ['ep.outage'] }),
  ),
  ...at(
    '2026-06-20 09:30',
    ADA,
    belief('bl.tom-calm', 'Tom prefers one clear owner per incident task and short status updates in the incident channel.', { subject: 'Tom', predicate: 'incident working style', context: 'incidents', timeframe: 'current', beliefType: 'preference' }, { evidence: ['ep.outage'] }),
  ),

  // September: the on-call rotation changes.
  ...at(
    '2026-09-01 09:00',
    ADA,
    raw('r.rotation', 'New on-call rotation starting today: Tom and Marcus alternate weeks, Ada is secondary for both (no prod write access, read-only dashboards).', { conv: dev('2026-09-01'), turn: '1756717200.0900', role: 'user', from: 'Claire' }),
    promote('nt.rotation', 'r.rotation', 'note', 'On-call from September: Tom and Marcus alternate weekly; Ada is secondary with read-only dashboards.', { noteType: 'decision', speaker: 'Claire' }),
    because('Claire announced the new rotation on 2026-09-01', supersede('bl.oncall-rotation', 'bl.tom-oncall', 'On-call for harbor alternates weekly between Tom and Marcus since September; Ada is secondary.', { timeframe: 'current' })),
  ),
  ...at('2026-09-08 09:00', ADA, url('bl.oncall-rotation', 'https://harbor.pagerduty.com/schedules/PHARB01')),
  ...at(
    '2026-10-06 03:20',
    ADA,
    episode('ep.night-page', 'Secondary on-call: Redis memory alert at 03:10 → found the job queue holding 1.2M completed jobs; Marcus (primary) approved enabling removeOnComplete; memory back to normal by 03:50.', { outcomeType: 'success', lessons: ['Completed jobs need a retention policy', 'Read-only access was enough to diagnose'], emotionalValence: 0.4, emotionalArousal: 0.8 }, { evidenceRefs: [cite.event('pagerduty:Q2M8X1'), cite.code('src/jobs/queue.ts:17', 'removeOnComplete: 1000')] }),
    event('bl.oncall-rotation', 'pagerduty:Q2M8X1', 'Marcus was primary that week'),
  ),
];
