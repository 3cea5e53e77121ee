/**
 * The database year: deciding how to leave Postgres 13, the blue/green upgrade at the end of
 * August, and the PgBouncer argument that never quite settled.
 */
import {
  ADA,
  approve,
  archive,
  at,
  because,
  belief,
  cite,
  code,
  counter,
  dev,
  edit,
  episode,
  goal,
  imported,
  link,
  note,
  promote,
  raw,
  reinforce,
  supersede,
  USER,
  verify,
  type DemoStep,
} from '../script';

const RFC = 'https://notion.so/harbor/rfc-012-postgres-16';

export const POSTGRES: DemoStep[] = [
  ...at(
    '2026-05-06 11:00',
    ADA,
    belief('bl.pg-version', 'Production runs Postgres 13 on RDS (db.r6g.xlarge, Multi-AZ).', { subject: 'production database', predicate: 'version', context: 'RDS eu-central-1', timeframe: 'current', beliefType: 'fact' }, { source: 'told by Marcus', evidenceRefs: [cite.file('infra/terraform/rds.tf')] }),
  ),
  ...at(
    '2026-07-08 10:00',
    imported('aws-health'),
    raw('r.pg13-eol', 'AWS Health: Amazon RDS for PostgreSQL 13 reaches end of standard support on 2027-02-28. Plan your upgrade.', { conv: 'aws-health/RDS-EOL-PG13', role: 'event', source: 'read in the AWS Health dashboard' }, { evidenceRefs: [cite.url('https://docs.aws.amazon.com/AmazonRDS/latest/PostgreSQLReleaseNotes/')] }),
  ),
  ...at(
    '2026-07-08 10:30',
    ADA,
    promote('nt.pg13-eol', 'r.pg13-eol', 'note', 'RDS Postgres 13 leaves standard support on 2027-02-28; after that, extended support costs extra per vCPU-hour.', { noteType: 'fact' }),
    goal('gl.pg16', 'Upgrade production to Postgres 16 before peak season', { description: 'Write the RFC, rehearse on staging, cut over with less than a minute of write downtime.', goalStatus: 'active', priority: 'high' }, { derivedFrom: ['nt.pg13-eol'] }),
  ),

  // Choosing the path.
  ...at(
    '2026-07-15 16:00',
    ADA,
    raw('r.rfc-options', 'RFC-012 options: (a) in-place major upgrade, ~25 min downtime; (b) RDS blue/green, ~1 min switchover; (c) logical replication to a new instance by hand. I recommend (b).', { conv: 'notion:rfc-012', role: 'assistant' }, { evidenceRefs: [cite.url(RFC)] }),
    raw('r.marcus-bluegreen', 'Blue/green is fine as long as we test that the replication slot for the analytics export survives the switchover. Last time someone skipped that, the export silently stopped for a week.', { conv: 'notion:rfc-012/comments', turn: 'c3', role: 'reviewer', from: 'Marcus' }),
  ),
  ...at(
    '2026-07-16 10:00',
    ADA,
    promote('nt.rfc-decision', 'r.rfc-options', 'note', 'Decision (RFC-012): upgrade to Postgres 16 with RDS blue/green (about 1 minute of switchover) rather than an in-place upgrade (~25 minutes down) or hand-built logical replication.', { noteType: 'decision', speaker: 'Claire' }, [cite.url(RFC)]),
    promote('nt.slot-warning', 'r.marcus-bluegreen', 'note', 'Marcus: check that the analytics export replication slot survives the blue/green switchover; it once stopped silently for a week.', { noteType: 'quote', speaker: 'Marcus' }),
  ),
  ...at('2026-07-16 10:05', USER, approve('nt.rfc-decision')),
  ...at(
    '2026-07-30 21:00',
    ADA,
    episode('ep.pg-rehearsal-1', 'Rehearse the blue/green upgrade on staging → switchover took 48 s, but the analytics replication slot was gone afterwards, exactly as Marcus warned.', { outcomeType: 'partial', lessons: ['Logical replication slots are not carried over by blue/green', 'Rehearse with every consumer attached'], emotionalValence: -0.2, emotionalArousal: 0.6 }, { evidenceRefs: [cite.event('rds:staging-bg-2026-07-30'), cite.file('docs/runbooks/pg16-upgrade.md')] }),
    reinforce('nt.slot-warning', { evidence: 'the slot disappeared in the staging rehearsal' }),
  ),
  ...at(
    '2026-08-13 21:00',
    ADA,
    episode('ep.pg-rehearsal-2', 'Second staging rehearsal with a post-switchover step that recreates the slot and resyncs the export → switchover 52 s, export caught up in 6 minutes.', { outcomeType: 'success', lessons: ['Put the slot recreation in the runbook, not in someone\'s head'], emotionalValence: 0.6, emotionalArousal: 0.5 }, { evidenceRefs: [cite.event('rds:staging-bg-2026-08-13')] }),
  ),
  ...at(
    '2026-08-29 21:00',
    ADA,
    raw('r.pg-cutover', 'Switchover complete 21:03:41 UTC. Writes paused 57 s. Analytics slot recreated 21:06, export lag back to 0 at 21:14. Postgres 16.4 is live.', { conv: dev('2026-08-29'), turn: '1756501421.1200', role: 'user', from: 'Marcus' }, { evidenceRefs: [cite.event('rds:prod-bg-2026-08-29')] }),
    promote('ep.pg-cutover', 'r.pg-cutover', 'episode', 'Upgrade production to Postgres 16 with blue/green → 57 s of paused writes, no errors surfaced to dispatchers, analytics export resynced in 8 minutes.', { outcomeType: 'success', lessons: ['Two rehearsals made the real night boring', 'Tuesday/Wednesday/Friday evening windows work for infra changes'], emotionalValence: 0.8, emotionalArousal: 0.6 }),
    because('Production was upgraded on 2026-08-29', supersede('bl.pg-version-16', 'bl.pg-version', 'Production runs Postgres 16.4 on RDS (db.r6g.xlarge, Multi-AZ) since the blue/green upgrade on 2026-08-29.')),
    edit('gl.pg16', { fields: { goalStatus: 'completed' } }),
  ),
  ...at('2026-08-30 10:00', ADA, link('bl.pg-version-16', 'ep.pg-cutover'), code('bl.pg-version-16', 'infra/terraform/rds.tf:12', 'engine_version = "16.4"')),
  ...at('2026-08-31 09:00', USER, approve('bl.pg-version-16'), verify('bl.pg-version-16', 'Marcus confirmed SELECT version() on the writer')),
  ...at('2026-10-15 09:00', ADA, because('The upgrade goal is done; keep the list of goals short', archive('gl.pg16'))),

  // Performance lessons from 16.
  ...at(
    '2026-09-09 11:00',
    ADA,
    episode('ep.pg16-planner', 'Investigate the slower yard-report query after the upgrade → Postgres 16 chose a hash join after stale statistics; ANALYZE on legs fixed it (1.9 s → 140 ms).', { outcomeType: 'success', lessons: ['Run ANALYZE after a major version upgrade', 'EXPLAIN (ANALYZE, BUFFERS) before guessing'], emotionalValence: 0.5, emotionalArousal: 0.4 }, { evidenceRefs: [cite.code('src/api/reports/yard-report.sql:1'), cite.event('sentry:HARBOR-API-5F2')] }),
    belief('bl.analyze-after-upgrade', 'After a major Postgres upgrade, statistics must be rebuilt with ANALYZE before judging query performance.', { subject: 'Postgres major upgrades', predicate: 'need ANALYZE', context: 'RDS', timeframe: 'always', beliefType: 'principle' }, { evidence: ['ep.pg16-planner'] }),
  ),
  ...at('2026-09-09 11:30', ADA, reinforce('dr.query-plans', { evidence: 'read the hash-join plan on my own' })),

  // PgBouncer: faster, or slower?
  ...at(
    '2026-06-03 15:00',
    ADA,
    raw('r.pgbouncer-claim', "PgBouncer in front of RDS made the API noticeably faster at my last job, connection setup was eating 20 ms per request.", { conv: dev('2026-06-03'), turn: '1748962800.0500', role: 'user', from: 'Tom' }),
    promote('bl.pgbouncer-faster', 'r.pgbouncer-claim', 'belief', 'The Node API is faster behind PgBouncer because connections are reused instead of opened per request.', { subject: 'PgBouncer', predicate: 'effect on API latency', context: 'harbor API', timeframe: 'current', beliefType: 'fact' }),
  ),
  ...at(
    '2026-09-23 14:00',
    ADA,
    episode('ep.pgbouncer-bench', 'Benchmark the API on staging behind PgBouncer in transaction mode → p50 improved 3 ms but p95 got worse by 18 ms: prepared statements are disabled in transaction mode, so the heavy dispatch queries are re-planned every time.', { outcomeType: 'partial', lessons: ['Transaction pooling and prepared statements do not mix (before PgBouncer 1.21)', 'Our pool in src/api/db/pool.ts already reuses connections'], emotionalValence: -0.1, emotionalArousal: 0.4 }, { evidenceRefs: [cite.code('src/api/db/pool.ts:18', 'pg.Pool max: 20'), cite.file('bench/results/pgbouncer-2026-09-23.json')] }),
    belief('bl.pgbouncer-slower', 'The Node API is slower behind PgBouncer in transaction mode, because prepared statements are disabled and the dispatch queries are re-planned.', { subject: 'PgBouncer', predicate: 'effect on API latency', context: 'transaction pooling mode', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.pgbouncer-bench'] }),
    counter('bl.pgbouncer-faster', { episode: 'ep.pgbouncer-bench' }),
  ),
  ...at(
    '2026-09-24 10:00',
    ADA,
    raw('r.pgbouncer-tom', 'Fair, but the benchmark was 50 connections. At peak we have 14 API pods × 20 = 280 connections and RDS tops out at ~400. We will need pooling at some point.', { conv: dev('2026-09-24'), turn: '1758708000.0600', role: 'user', from: 'Tom' }),
    promote('nt.pgbouncer-scale', 'r.pgbouncer-tom', 'note', 'Tom: at peak, 14 API pods × 20 connections = 280, and RDS tops out near 400 — pooling will be needed eventually, whatever the latency.', { noteType: 'observation', speaker: 'Tom' }),
  ),

  // Smaller database facts.
  ...at(
    '2026-05-27 14:00',
    ADA,
    raw('r.marcus-uuid', 'We use uuid v7 for new tables so inserts stay roughly ordered. Old tables keep bigint ids, do not migrate them.', { conv: 'github:harbor-logistics/harbor/pull/1255', turn: 'c1', role: 'reviewer', from: 'Marcus' }),
    promote('nt.uuid-v7', 'r.marcus-uuid', 'note', 'Marcus: new tables use uuid v7 primary keys (roughly ordered inserts); old tables keep bigint ids and are not migrated.', { noteType: 'decision', speaker: 'Marcus' }),
    note('nt.shipments-size', 'The shipments table holds about 38M rows and grows ~400k a week; legs about 95M.', { noteType: 'fact' }, { evidenceRefs: [cite.event('grafana:db-size-2026-05-27')] }),
  ),
  ...at('2026-08-20 10:00', ADA, edit('nt.shipments-size', { content: 'The shipments table holds about 42M rows and grows ~450k a week; legs about 104M.' })),
  ...at(
    '2026-10-28 16:00',
    ADA,
    episode('ep.vacuum', 'Look into table bloat on legs → autovacuum could not keep up with the nightly ETA updates; lowered autovacuum_vacuum_scale_factor for legs to 0.02, bloat dropped from 31% to 8% in a week.', { outcomeType: 'success', lessons: ['Per-table autovacuum settings for hot tables'], emotionalValence: 0.5, emotionalArousal: 0.3 }, { evidenceRefs: [cite.file('db/migrations/20261028_legs_autovacuum.sql')] }),
    belief('bl.legs-vacuum', 'The legs table needs its own autovacuum settings because the nightly ETA job rewrites most of its rows.', { subject: 'legs table', predicate: 'needs tuned autovacuum', context: 'production', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.vacuum'], evidenceRefs: [cite.file('db/migrations/20261028_legs_autovacuum.sql')] }),
  ),
];
