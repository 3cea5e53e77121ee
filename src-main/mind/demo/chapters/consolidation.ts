/**
 * What the nightly consolidation runs inferred from the episodes, and what the team did with it:
 * approved and grounded, rejected with reasons (never to be learned again), or still waiting.
 */
import {
  ADA,
  approve,
  at,
  because,
  belief,
  cite,
  code,
  note,
  episode,
  reinforce,
  reject,
  run,
  scan,
  scope,
  USER,
  verify,
  type DemoMemory,
  type DemoStep,
} from '../script';

/**
 * Everything a run infers is consolidation-sourced and lands pending review; as in a real run, the
 * episodes a belief is drafted from are both its lineage (derived from) and its evidence.
 */
const inferred = (evidence: string[] = [], extra: Partial<DemoMemory> = {}) => ({ sourceType: 'consolidation' as const, derivedFrom: evidence, evidence, ...extra });

const JULY = run('run_20260712');
const AUGUST = run('run_20260809');
const SEPTEMBER = run('run_20260913');
const SEPTEMBER_LATE = run('run_20260927');
const OCTOBER = run('run_20261018');
const NOVEMBER = run('run_20261101');
const NOVEMBER_LATE = run('run_20261114');

export const CONSOLIDATION: DemoStep[] = [
  ...at(
    '2026-07-12 02:00',
    JULY,
    belief('bl.c-thursday-bad', 'Thursday releases cause outages in harbor.', { subject: 'Thursday releases', predicate: 'cause', context: 'incidents', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.outage', 'ep.first-release'])),
    belief('bl.c-rejects-new', 'The harbor team rejects new technology proposals.', { subject: 'harbor team', predicate: 'attitude to new technology', context: 'proposals', timeframe: 'current', beliefType: 'pattern' }, inferred([])),
    belief('bl.c-offer-task', 'During an incident, offering one bounded task to the incident lead helps more than offering general help.', { subject: 'incident help', predicate: 'works best as', context: 'incidents', timeframe: 'always', beliefType: 'principle' }, inferred(['ep.outage-revert', 'ep.postmortem'])),
  ),
  ...at('2026-07-13 09:30', USER, reject('bl.c-thursday-bad', 'Correlation from too few incidents: INC-0042 was a migration and the day was incidental. Thursdays are also when nearly everything ships.')),
  ...at('2026-07-13 09:32', USER, reject('bl.c-rejects-new', 'Overgeneralised from the GraphQL decision; the team adopted squawk, OR-Tools and Postgres 16 the same summer.')),
  ...at('2026-07-13 09:35', USER, approve('bl.c-offer-task')),

  ...at(
    '2026-08-09 02:00',
    AUGUST,
    belief('bl.c-wait-subscription', 'Tests of websocket-driven UI must wait for the subscription to be ready, not for a fixed timeout.', { subject: 'websocket UI tests', predicate: 'must wait for', context: 'Playwright e2e', timeframe: 'always', beliefType: 'principle' }, inferred(['ep.flaky-ws', 'ep.flaky-fix'], { evidenceRefs: [cite.code('e2e/support/waitForFeed.ts:12')] })),
    belief('bl.c-tom-nights', 'Tom dislikes being on call at night.', { subject: 'Tom', predicate: 'feelings about on-call', context: 'nights', timeframe: 'current', beliefType: 'preference' }, inferred([])),
    belief('bl.c-ci-only', 'Timing bugs in harbor show up on CI runners but rarely on developer machines.', { subject: 'timing bugs', predicate: 'show up on', context: 'CI runners vs laptops', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.flaky-first', 'ep.flaky-ws'])),
    reinforce('bl.lock-timeout', { evidence: 'three migration episodes in one cluster agree' }),
  ),
  ...at('2026-08-10 10:00', USER, approve('bl.c-wait-subscription'), verify('bl.c-wait-subscription', 'Claire read e2e/support/waitForFeed.ts')),
  ...at('2026-08-10 10:02', USER, reject('bl.c-tom-nights', "A guess about Tom's feelings from one message at 2am; not something to keep about a colleague.")),

  ...at(
    '2026-09-13 02:00',
    SEPTEMBER,
    belief('bl.c-rehearse-twice', 'Rehearsing an infrastructure change twice on staging makes the production change uneventful.', { subject: 'infrastructure changes', predicate: 'rehearsal', context: 'staging before production', timeframe: 'always', beliefType: 'pattern' }, inferred(['ep.pg-rehearsal-1', 'ep.pg-rehearsal-2', 'ep.pg-cutover'])),
    belief('bl.c-ci-lessons', 'Lessons encoded as CI checks outlast lessons written in wiki pages.', { subject: 'lessons', predicate: 'last when', context: 'engineering process', timeframe: 'always', beliefType: 'principle' }, inferred(['ep.squawk', 'ep.squawk-catch', 'ep.release-37'])),
    belief('bl.c-e2e-useless', 'The e2e suite costs CI time without finding real bugs.', { subject: 'e2e suite', predicate: 'value', context: 'CI', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.ci-slow'])),
    belief('bl.c-shard-slower', 'Sharding the e2e suite makes CI slower on busy days, because the four shards queue for runners.', { subject: 'e2e sharding', predicate: 'effect on CI time', context: 'busy days on GitHub Actions', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.ci-sharded'])),
  ),
  ...at('2026-09-14 09:00', USER, approve('bl.c-ci-lessons')),
  ...at('2026-09-14 09:02', USER, reject('bl.c-e2e-useless', 'Contradicted by the record: the e2e suite found the driver-feed race (PR #1334) and the debounce race.')),
  // Ada runs the contradiction scan by hand after the sharding inference came in; the nightly scan finds the rest.
  ...at('2026-09-15 08:30', ADA, scan()),
  // Both sharding beliefs hold, each on its kind of day: the contradiction is settled by scoping them.
  ...at(
    '2026-09-16 10:00',
    USER,
    because(
      'Both measured: sharding wins when runners are free and loses when the shards wait for them.',
      scope('bl.shard-faster', 'bl.c-shard-slower', { 'bl.shard-faster': 'quiet days on GitHub Actions, runners free', 'bl.c-shard-slower': 'busy days, when the four shards queue for runners' }),
    ),
  ),


  ...at(
    '2026-09-27 02:00',
    SEPTEMBER_LATE,
    belief('bl.c-tz-class', 'Timezones are a recurring class of bugs in harbor: month-end invoices, yard opening hours.', { subject: 'timezone handling', predicate: 'recurring bug class', context: 'harbor', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.quarantine-2', 'ep.closed-yard'])),
    belief('bl.c-priya-data', 'Priya changes a design when shown user-test data, and not before.', { subject: 'Priya', predicate: 'changes designs when', context: 'design reviews', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.usertest-desktop', 'ep.usertest-yard'])),
    belief('bl.c-customer-finds', 'Northwind\'s reports find bugs that the e2e suite misses: old clients and real timezones.', { subject: 'customer reports', predicate: 'find', context: 'Northwind', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.closed-yard', 'ep.rollback'])),
    reinforce('bl.staged-rollout', { evidence: 'v2026.30 and v2026.35 both stopped at 10%' }),
  ),

  ...at(
    '2026-10-18 02:00',
    OCTOBER,
    belief('bl.c-retention', 'Background job queues need an explicit retention policy for completed jobs.', { subject: 'job queues', predicate: 'need', context: 'Redis / BullMQ', timeframe: 'always', beliefType: 'principle' }, inferred(['ep.night-page'], { evidenceRefs: [cite.code('src/jobs/queue.ts:17')] })),
    belief('bl.c-small-steps', 'Splitting risky schema work into reversible steps (add nullable, backfill, constrain) avoids lock time.', { subject: 'schema changes', predicate: 'safe sequence', context: 'large Postgres tables', timeframe: 'always', beliefType: 'principle' }, inferred(['ep.squawk-catch', 'ep.outage'])),
    belief('bl.c-marcus-review', 'Marcus catches lock risks in review that the linter misses.', { subject: 'Marcus', predicate: 'catches in review', context: 'migrations', timeframe: 'current', beliefType: 'pattern' }, inferred([])),
    belief('bl.c-jun-focus', 'Jun pauses secondary work to protect the main roadmap item.', { subject: 'Jun', predicate: 'prioritises by', context: 'roadmap', timeframe: 'current', beliefType: 'pattern' }, inferred([])),
    note('nt.c-debounce', 'Suggested note: debounced inputs in e2e tests should wait for the network request rather than the keystroke.', { noteType: 'insight' }, inferred([], { derivedFrom: ['ep.quarantine-3'] })),
  ),
  ...at('2026-10-19 09:00', USER, approve('bl.c-retention'), verify('bl.c-retention', 'Tom checked the queue settings in src/jobs/queue.ts')),

  ...at(
    '2026-11-01 02:00',
    NOVEMBER,
    belief('bl.c-planner-stats', 'Query plan regressions after a Postgres upgrade are fixed by fresh statistics, not by rewriting queries.', { subject: 'plan regressions', predicate: 'fixed by', context: 'after Postgres upgrades', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.pg16-planner'])),
    belief('bl.c-friday-standby', 'A Friday-afternoon deploy is acceptable when the on-call person is on standby and the bug costs customers money.', { subject: 'Friday deploys', predicate: 'acceptable when', context: 'hotfixes', timeframe: 'current', beliefType: 'principle' }, inferred(['ep.friday-hotfix'])),
    belief('bl.c-runbooks', 'Runbooks written within a week of an incident get used; ones written later are not.', { subject: 'runbooks', predicate: 'get used when', context: 'incidents', timeframe: 'current', beliefType: 'pattern' }, inferred([])),
    belief('bl.c-colour', 'Status colour must stay visible in every dispatch board layout.', { subject: 'dispatch board', predicate: 'must keep', context: 'any layout', timeframe: 'always', beliefType: 'principle' }, inferred(['ep.usertest-desktop', 'ep.board-v3-ship'])),
    belief('bl.c-clustering', 'Solving routes per yard cluster trades about 4% route quality for an order of magnitude in speed.', { subject: 'route optimizer', predicate: 'clustering trade-off', context: 'OR-Tools solver', timeframe: 'current', beliefType: 'fact' }, inferred(['ep.optimizer-prototype', 'ep.optimizer-clusters'], { evidenceRefs: [cite.code('src/optimizer/cluster.ts:40')] })),
  ),

  ...at(
    '2026-11-14 02:00',
    NOVEMBER_LATE,
    belief('bl.c-connection-ceiling', 'Under peak load the API hits the database connection ceiling before it runs out of CPU.', { subject: 'harbor API', predicate: 'first bottleneck', context: 'peak load', timeframe: 'current', beliefType: 'fact' }, inferred(['ep.loadtest'])),
    belief('bl.c-dispatch-speed', 'Reassignment speed is the measure dispatchers care about most.', { subject: 'dispatchers', predicate: 'care about', context: 'dispatch board', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.shadow-dispatch', 'ep.usertest-desktop', 'ep.board-v3-ship'])),
    belief('bl.c-notes-support', 'Reading the week\'s support tickets before drafting release notes makes the notes land.', { subject: 'release notes', predicate: 'improved by', context: 'customer changelog', timeframe: 'current', beliefType: 'pattern' }, inferred(['ep.notes-6'])),
    reinforce('bl.c-ci-lessons', { evidence: 'the PR-title lint kept the changelog green for 9 weeks' }),
  ),
  ...at('2026-11-14 09:10', ADA, code('bl.c-connection-ceiling', 'src/api/db/pool.ts:18', 'max: 20 per pod')),

  // Ada's own quiet reflections that never got reviewed.
  ...at(
    '2026-10-30 18:00',
    ADA,
    episode('ep.reflect-oct', 'Monthly reflection: reread October\'s episodes → most of my mistakes this month were assumptions about timing I did not measure.', { outcomeType: 'unknown', lessons: ['Measure before theorising'], emotionalValence: 0, emotionalArousal: 0.1 }),
  ),
];
