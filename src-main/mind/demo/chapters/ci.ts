/**
 * CI and flaky tests, May to November: the pipeline time that kept changing (a supersession
 * chain), the flaky "assign driver" test and the wrong first theory about it, the retry argument.
 */
import {
  ADA,
  approve,
  at,
  dev,
  because,
  belief,
  cite,
  code,
  counter,
  episode,
  file,
  goal,
  imported,
  link,
  promote,
  protect,
  raw,
  reinforce,
  supersede,
  USER,
  verify,
  edit,
  type DemoStep,
} from '../script';

const GITHUB = imported('github');
const gha = (run: number) => `gha:run/${run}`;
const pr = (n: number) => `https://github.com/harbor-logistics/harbor/pull/${n}`;

export const CI: DemoStep[] = [
  // The pipeline as Ada found it.
  ...at(
    '2026-05-04 09:40',
    ADA,
    raw('r.ci-first-run', 'CI #9140211 on PR #1233: lint 0:38, unit 2:41, build 0:52. Total 4:11. All green.', { conv: 'gha:harbor/ci', role: 'tool', source: 'observed in CI logs' }, { evidenceRefs: [cite.event(gha(9140211))] }),
    promote('bl.ci-time', 'r.ci-first-run', 'belief', 'The full CI pipeline (lint, unit tests, build) runs in about 4 minutes per PR.', { subject: 'CI pipeline', predicate: 'duration', context: 'per PR on GitHub Actions', timeframe: 'current', beliefType: 'fact' }),
    goal('gl.ci-fast', 'Keep CI under 10 minutes per PR', { description: 'Fast feedback keeps PRs small; Claire asked me to watch the pipeline time.', goalStatus: 'active', priority: 'medium' }),
  ),
  ...at('2026-05-18 10:00', ADA, reinforce('bl.ci-time', { evidence: 'a week of runs between 3:50 and 4:30' })),
  ...at('2026-05-18 10:01', ADA, file('bl.ci-time', '.github/workflows/ci.yml', 'three jobs: lint, unit, build')),

  // July: the e2e suite lands and the pipeline triples.
  ...at(
    '2026-07-06 11:20',
    GITHUB,
    raw('r.e2e-pr', 'PR #1311 "Run Playwright e2e on every PR" merged by Claire. Adds 46 specs under e2e/, runs against a seeded Postgres in a service container.', { conv: 'github:harbor-logistics/harbor/pull/1311', role: 'event', source: 'observed on GitHub' }, { evidenceRefs: [cite.url(pr(1311))] }),
  ),
  ...at(
    '2026-07-14 09:15',
    ADA,
    raw('r.ci-slow-log', 'CI #9388820: lint 0:41, unit 2:55, build 0:58, e2e 6:47. Total 11:21.', { conv: 'gha:harbor/ci', role: 'tool', source: 'observed in CI logs' }, { evidenceRefs: [cite.event(gha(9388820))] }),
    promote('ep.ci-slow', 'r.ci-slow-log', 'episode', 'Find out why PR feedback got slow → the Playwright e2e job added in PR #1311 takes almost 7 minutes; the pipeline is now about 11 minutes.', { outcomeType: 'success', lessons: ['Measure the pipeline after every workflow change', 'e2e is now the critical path'], emotionalValence: -0.2, emotionalArousal: 0.3 }),
    because('Pipeline time measured again after the e2e suite was added (PR #1311)', supersede('bl.ci-time-11', 'bl.ci-time', 'The full CI pipeline runs in about 11 minutes per PR since the Playwright e2e suite was added in July.')),
  ),
  ...at('2026-07-14 09:20', ADA, link('bl.ci-time-11', 'ep.ci-slow'), edit('gl.ci-fast', { fields: { priority: 'high' } })),

  // The flaky test, and the first (wrong) theory.
  ...at(
    '2026-07-16 13:02',
    ADA,
    raw('r.flaky-1', 'e2e/shipments.assign-driver.spec.ts:88 FAILED (retry 0): expected driver "D-114" in list, got []. Passed on re-run.', { conv: 'gha:harbor/ci', role: 'tool', source: 'observed in CI logs' }, { evidenceRefs: [cite.event(gha(9401137))] }),
    raw('r.flaky-2', 'Same spec failed again on main: assign-driver timed out waiting for the driver list. Third time this week.', { conv: dev('2026-07-17'), turn: '1721221000.0301', role: 'user', from: 'Tom' }),
    promote('ep.flaky-first', 'r.flaky-1', 'episode', 'Investigate the flaky assign-driver e2e test → could not reproduce locally in 50 runs; failures only on CI, always with an empty driver list.', { outcomeType: 'partial', lessons: ['Local runs are not CI runs: different CPU, different timing'], emotionalValence: -0.4, emotionalArousal: 0.5 }),
  ),
  ...at(
    '2026-07-17 10:30',
    ADA,
    belief('bl.flaky-seed', 'The assign-driver e2e test is flaky because the seed data sometimes loads after the test starts.', { subject: 'assign-driver e2e test', predicate: 'flaky because of', context: 'CI', timeframe: 'current', beliefType: 'pattern' }, { confidence: 0.6, evidence: ['ep.flaky-first'], source: 'my inference from the CI logs' }),
    promote('ep.flaky-tom', 'r.flaky-2', 'episode', 'Tom reported the third assign-driver failure on main this week → opened HAR-588 to track it and started logging timings around the seed step.', { outcomeType: 'partial', lessons: ['Log timings before theorising'], emotionalValence: -0.3, emotionalArousal: 0.4 }),
  ),
  ...at(
    '2026-07-22 16:40',
    ADA,
    episode('ep.flaky-seed-wrong', 'Test the seed-data theory by awaiting the seed explicitly → the test still failed twice in 30 CI runs; the seed was always done 2 s before the test started.', { outcomeType: 'failure', lessons: ['The seed theory is wrong', 'Disprove the cheap theory first'], emotionalValence: -0.5, emotionalArousal: 0.4 }, { evidenceRefs: [cite.url(pr(1330), 'experiment PR, closed'), cite.event(gha(9440021))] }),
    counter('bl.flaky-seed', { episode: 'ep.flaky-seed-wrong' }),
  ),
  ...at(
    '2026-07-24 11:00',
    ADA,
    episode('ep.flaky-ws', 'Trace the assign-driver failures → the driver list is filled by a websocket message; on slow CI runners the click happens before the socket subscription is ready, so the update is lost.', { outcomeType: 'success', lessons: ['Wait for the subscription, not for a timeout', 'Race conditions hide in "flaky" tests'], emotionalValence: 0.7, emotionalArousal: 0.7 }, { evidenceRefs: [cite.code('web/src/dispatch/useDriverFeed.ts:31', 'subscribe happens in an effect after first render'), cite.event(gha(9452310))] }),
    counter('bl.flaky-seed', { episode: 'ep.flaky-ws' }),
    belief('bl.flaky-race', 'The assign-driver e2e failures come from a race: the click can happen before the driver-feed websocket subscription is ready.', { subject: 'assign-driver e2e test', predicate: 'fails because of', context: 'slow CI runners', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.flaky-ws'], evidenceRefs: [cite.code('web/src/dispatch/useDriverFeed.ts:31')] }),
  ),
  ...at(
    '2026-07-25 10:15',
    ADA,
    raw('r.race-is-real', "Wait, that race isn't just the test. A dispatcher on a slow tablet would hit the same thing: assign a driver right after load and the board never updates.", { conv: 'github:harbor-logistics/harbor/pull/1334', turn: 'c4', role: 'reviewer', from: 'Marcus' }),
    promote('nt.race-is-real', 'r.race-is-real', 'note', 'Marcus: the websocket race is a product bug, not only a test bug; a dispatcher on a slow tablet would hit it.', { noteType: 'insight', speaker: 'Marcus' }),
    episode('ep.flaky-fix', 'Fix the driver-feed race (PR #1334) → subscription now starts before first render and the board refetches once it is ready; assign-driver passed 200 CI runs in a row.', { outcomeType: 'success', lessons: ['Fix the product, then the test', 'A flaky test can be a real bug'], emotionalValence: 0.8, emotionalArousal: 0.6 }, { evidenceRefs: [cite.url(pr(1334)), cite.code('web/src/dispatch/useDriverFeed.ts:24')] }),
  ),
  ...at('2026-07-28 09:00', USER, approve('bl.flaky-race'), verify('bl.flaky-race', 'Claire reviewed PR #1334 and the 200 green runs')),
  ...at('2026-07-28 09:05', ADA, link('bl.flaky-race', 'ep.flaky-fix')),

  // The retry argument (Tom wants automatic retries, Marcus does not).
  ...at(
    '2026-07-29 14:00',
    ADA,
    raw('r.tom-retries', 'Can we just turn on retries: 1 in playwright.config? I am tired of re-running main at 2am because of a flake.', { conv: dev('2026-07-29'), turn: '1722261600.0400', role: 'user', from: 'Tom' }),
    raw('r.marcus-no-retries', 'Retries would have hidden the websocket race for months. I want flakes to be loud.', { conv: dev('2026-07-29'), turn: '1722261720.0402', role: 'user', from: 'Marcus' }),
    promote('bl.retry-yes', 'r.tom-retries', 'belief', 'Flaky e2e tests should be retried automatically once in CI, so a flake does not block main at night.', { subject: 'flaky e2e tests', predicate: 'retry policy', context: 'CI on main', timeframe: 'current', beliefType: 'preference' }),
    promote('bl.retry-no', 'r.marcus-no-retries', 'belief', 'Flaky e2e tests should not be retried automatically: a retry can hide a real race condition like the driver-feed bug.', { subject: 'flaky e2e tests', predicate: 'retry policy', context: 'CI on main', timeframe: 'current', beliefType: 'principle' }),
  ),
  ...at('2026-07-29 14:30', ADA, link('bl.retry-no', 'ep.flaky-fix')),
  ...at(
    '2026-07-30 10:00',
    ADA,
    raw('r.quarantine', 'Decision: no blanket retries. A spec that flakes twice in a week goes to e2e/quarantine.txt with a ticket; quarantined specs still run but do not block merges. Reviewed every Monday.', { conv: dev('2026-07-30'), turn: '1722333600.0411', role: 'user', from: 'Claire' }),
    promote('nt.quarantine', 'r.quarantine', 'note', 'Decision (Claire): no blanket retries. A spec that flakes twice in a week is quarantined with a ticket; quarantined specs still run but do not block merges; the list is reviewed every Monday.', { noteType: 'decision', speaker: 'Claire' }),
    goal('gl.quarantine-zero', 'Get the flaky-test quarantine list to zero', { description: 'Every quarantined spec gets a root cause, not a retry.', goalStatus: 'active', priority: 'high' }, { derivedFrom: ['nt.quarantine'] }),
  ),
  ...at('2026-07-30 10:05', ADA, file('nt.quarantine', 'e2e/quarantine.txt')),

  // August: sharding, and the pipeline drops again.
  ...at(
    '2026-08-12 15:30',
    ADA,
    episode('ep.shard-proposal', 'Propose sharding the e2e suite over 4 runners → Claire agreed; Marcus worried about Postgres service containers per shard, so each shard gets its own database.', { outcomeType: 'success', lessons: ['Bring the cost estimate with the proposal'], emotionalValence: 0.5, emotionalArousal: 0.4 }, { evidenceRefs: [cite.url(pr(1371))] }),
  ),
  ...at(
    '2026-09-02 09:10',
    ADA,
    raw('r.ci-shard-log', 'CI #9701455: lint 0:40, unit 2:51, build 0:55, e2e (4 shards) 2:10 max. Total 6:58.', { conv: 'gha:harbor/ci', role: 'tool', source: 'observed in CI logs' }, { evidenceRefs: [cite.event(gha(9701455))] }),
    promote('ep.ci-sharded', 'r.ci-shard-log', 'episode', 'Measure CI after sharding e2e across 4 runners (PR #1371) → pipeline down from ~11 to ~7 minutes; unit tests are now the critical path.', { outcomeType: 'success', lessons: ['The next win is splitting unit tests by package'], emotionalValence: 0.7, emotionalArousal: 0.4 }),
    because('Measured after the e2e suite was sharded (PR #1371)', supersede('bl.ci-time-7', 'bl.ci-time-11', 'The full CI pipeline runs in about 7 minutes per PR since the e2e suite was sharded across 4 runners in September.')),
    belief('bl.shard-faster', 'Sharding the e2e suite across 4 runners makes CI faster for every PR.', { subject: 'e2e sharding', predicate: 'effect on CI time', context: 'GitHub Actions', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.ci-sharded'] }),
    edit('gl.ci-fast', { fields: { goalStatus: 'completed' } }),
  ),
  ...at('2026-09-02 09:15', ADA, link('bl.ci-time-7', 'ep.ci-sharded'), code('bl.ci-time-7', '.github/workflows/ci.yml:57', 'matrix: shard [1/4 … 4/4]')),
  ...at('2026-09-03 09:00', USER, approve('bl.ci-time-7'), verify('bl.ci-time-7', 'Claire checked the Actions timing dashboard')),
  ...at('2026-10-14 09:00', ADA, reinforce('bl.ci-time-7', { evidence: 'October median 6:51 over 212 runs' })),

  // Quarantine Mondays.
  ...at(
    '2026-08-17 10:00',
    ADA,
    episode('ep.quarantine-1', 'Monday quarantine review → 3 specs quarantined (invoice export, yard map zoom, driver search); found the yard map one depends on a map tile CDN.', { outcomeType: 'partial', lessons: ['External services in e2e need a stub'], emotionalValence: 0.1, emotionalArousal: 0.2 }, { evidenceRefs: [cite.file('e2e/quarantine.txt')] }),
  ),
  ...at(
    '2026-09-14 10:00',
    ADA,
    episode('ep.quarantine-2', 'Monday quarantine review → invoice export fixed (timezone at month end), yard map stubbed; driver search still flaky.', { outcomeType: 'partial', lessons: ['Month-end dates are a classic source of flakes'], emotionalValence: 0.3, emotionalArousal: 0.2 }, { evidenceRefs: [cite.url(pr(1398)), cite.url(pr(1401))] }),
    reinforce('nt.quarantine', { evidence: 'quarantine list went from 3 to 1' }),
  ),
  ...at(
    '2026-10-12 10:00',
    ADA,
    episode('ep.quarantine-3', 'Monday quarantine review → driver search fixed (debounce in the search box raced with typing in the test); quarantine list is empty for the first time.', { outcomeType: 'success', lessons: ['Debounced inputs need the test to wait for the request, not the keystroke'], emotionalValence: 0.8, emotionalArousal: 0.5 }, { evidenceRefs: [cite.url(pr(1433)), cite.code('web/src/drivers/DriverSearch.tsx:57')] }),
    edit('gl.quarantine-zero', { fields: { goalStatus: 'completed' } }),
  ),
  ...at(
    '2026-10-12 10:05',
    ADA,
    belief('bl.flakes-are-bugs', 'Most flaky e2e tests in harbor have turned out to be real timing bugs in the product, not bad tests.', { subject: 'flaky e2e tests', predicate: 'root cause', context: 'harbor, Jul–Oct 2026', timeframe: 'current', beliefType: 'pattern' }, { evidence: ['ep.flaky-fix', 'ep.quarantine-2', 'ep.quarantine-3'] }),
  ),
  ...at('2026-10-13 09:00', USER, approve('bl.flakes-are-bugs')),
  ...at('2026-10-13 09:01', USER, protect('bl.flakes-are-bugs')),
  ...at(
    '2026-10-13 11:00',
    ADA,
    promote('vl.tests-explain', 'bl.flakes-are-bugs', 'value', 'Treat a failing test as information about the product before treating it as noise.', { name: 'tests as information', priority: 65 }),
    promote('dr.flake-hunt', 'bl.flakes-are-bugs', 'drive', 'Find the timing bug behind every flaky test.', { driveType: 'curiosity', intensity: 0.7 }),
  ),

  // Small, everyday CI memories.
  ...at(
    '2026-06-08 10:20',
    ADA,
    raw('r.cache-miss', 'CI #9260033: npm ci took 1:48, cache miss on key node-modules-${{ hashFiles(package-lock.json) }} after the lockfile changed.', { conv: 'gha:harbor/ci', role: 'tool', source: 'observed in CI logs' }),
    promote('nt.cache-key', 'r.cache-miss', 'note', 'The node_modules cache key is the lockfile hash, so any dependency bump costs one slow (~2 min) install on the next run.', { noteType: 'observation' }),
  ),
  ...at('2026-06-08 10:25', ADA, code('nt.cache-key', '.github/workflows/ci.yml:23')),
  ...at(
    '2026-06-15 09:00',
    ADA,
    raw('r.dependabot-monday', 'Dependabot opened 7 PRs this morning (eslint, vite, @types/node, pg, fastify, zod, playwright).', { conv: 'github:harbor-logistics/harbor/pulls', role: 'event', source: 'observed on GitHub' }),
    promote('ep.dependabot-batch', 'r.dependabot-monday', 'episode', 'Review the Monday Dependabot batch → merged 5 patch bumps after green CI; held back pg and playwright for a human look.', { outcomeType: 'success', lessons: ['Batch the patch bumps; never auto-merge the database driver'], emotionalValence: 0.2, emotionalArousal: 0.1 }),
    belief('bl.dependabot-pg', 'Database driver upgrades (pg) should always get a human review, even for minor versions.', { subject: 'pg driver upgrades', predicate: 'need human review', context: 'Dependabot PRs', timeframe: 'current', beliefType: 'principle' }, { evidence: ['ep.dependabot-batch'], source: 'told by Marcus' }),
  ),
  ...at('2026-09-03 16:10', ADA, reinforce('bl.dependabot-pg', { evidence: 'Dependabot PR #1402 (pg 8.12) changed how numeric columns parse' })),
];
