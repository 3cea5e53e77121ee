/**
 * The everyday work between the big stories: reading the codebase, small fixes, reviews, support
 * questions. Most of a working mind is made of this.
 */
import {
  ADA,
  approve,
  archive,
  access,
  at,
  because,
  dev,
  belief,
  cite,
  drive,
  edit,
  episode,
  goal,
  imported,
  link,
  note,
  promote,
  raw,
  reinforce,
  restore,
  USER,
  verify,
  type DemoStep,
} from '../script';

const GITHUB = imported('github');
const SLACK = imported('slack');
const pr = (n: number) => `https://github.com/harbor-logistics/harbor/pull/${n}`;
const review = (n: number, turn: string, who: string) => ({ conv: `github:harbor-logistics/harbor/pull/${n}`, turn, role: 'reviewer', from: who });

export const DAILY_WORK: DemoStep[] = [
  // Reading the codebase in the first weeks.
  ...at(
    '2026-05-04 15:00',
    ADA,
    note('nt.code-routes', 'All API routes are registered in src/api/routes/index.ts; each file exports a Fastify plugin with its own JSON schemas.', { noteType: 'observation' }, { evidenceRefs: [cite.code('src/api/routes/index.ts:1')] }),
    note('nt.code-auth', 'Auth is a Fastify preHandler that reads the session cookie and attaches request.user; dispatchers and admins differ only by a role column.', { noteType: 'observation' }, { evidenceRefs: [cite.code('src/api/auth/session.ts:22')] }),
    note('nt.code-web-state', 'The web client keeps server state in TanStack Query and UI state in small zustand stores per page.', { noteType: 'observation' }, { evidenceRefs: [cite.file('web/src/state/README.md')] }),
  ),
  ...at(
    '2026-05-06 10:00',
    ADA,
    belief('bl.api-schemas', 'Every API route in harbor validates its request body with a JSON schema declared next to the handler.', { subject: 'API routes', predicate: 'validate with', context: 'src/api/routes', timeframe: 'current', beliefType: 'fact' }, { evidenceRefs: [cite.code('src/api/routes/shipments.ts:42', 'body schema for POST /shipments')] }),
    belief('bl.eta-job', 'Shipment ETAs are recomputed by a nightly job, not on each GPS ping.', { subject: 'shipment ETAs', predicate: 'recomputed by', context: 'src/jobs/eta.ts', timeframe: 'current', beliefType: 'fact' }, { evidenceRefs: [cite.code('src/jobs/eta.ts:9')] }),
  ),
  ...at('2026-05-07 09:00', USER, approve('bl.api-schemas'), verify('bl.api-schemas', 'Marcus: yes, enforced in review')),
  ...at('2026-05-07 09:02', USER, approve('bl.eta-job')),
  ...at('2026-08-14 09:00', ADA, reinforce('bl.eta-job', { evidence: 'the legs bloat investigation traced back to the nightly ETA job' })),

  // Small fixes and reviews.
  ...at(
    '2026-05-13 11:30',
    GITHUB,
    raw('r.rv-1241', 'Nice and small. One thing: use the existing formatWeight helper instead of toFixed, it handles lb for the US accounts.', review(1241, 'c1', 'Claire')),
  ),
  ...at(
    '2026-05-13 12:00',
    ADA,
    promote('nt.format-weight', 'r.rv-1241', 'note', 'Use formatWeight (web/src/format/weight.ts) for any displayed weight: US accounts see pounds.', { noteType: 'fact', speaker: 'Claire' }, [cite.code('web/src/format/weight.ts:5')]),
  ),
  ...at(
    '2026-05-19 16:00',
    ADA,
    episode('ep.fix-csv', 'Fix the shipments CSV export dropping rows with commas in the consignee name (HAR-431) → switched to the csv-stringify library; added a test with quotes and commas.', { outcomeType: 'success', lessons: ['Never hand-roll CSV'], emotionalValence: 0.4, emotionalArousal: 0.2 }, { evidenceRefs: [cite.url(pr(1249)), cite.code('src/api/exports/shipments-csv.ts:30')] }),
  ),
  ...at(
    '2026-05-26 14:00',
    GITHUB,
    raw('r.rv-1253', 'This works but it puts business logic in the route handler. Can it live in src/domain/legs so the job and the route share it?', review(1253, 'c1', 'Marcus')),
  ),
  ...at(
    '2026-05-26 15:00',
    ADA,
    promote('nt.domain-layer', 'r.rv-1253', 'note', 'Marcus: business rules live in src/domain/*, shared by routes and jobs; route handlers only parse, call and reply.', { noteType: 'decision', speaker: 'Marcus' }),
    belief('bl.domain-layer', 'Business rules in harbor belong in src/domain, where routes and jobs both use them.', { subject: 'business rules', predicate: 'live in', context: 'harbor API code', timeframe: 'current', beliefType: 'principle' }, { derivedFrom: ['nt.domain-layer'] }),
  ),
  ...at('2026-07-07 10:00', ADA, reinforce('bl.domain-layer', { evidence: 'the optimizer constraints reuse src/domain/yards' })),
  ...at(
    '2026-06-09 13:00',
    SLACK,
    raw('r.support-timezone', 'Support question: why does a shipment show "ETA 23:30" for a driver in Poland when the yard says 00:30?', { conv: 'slack:#support/2026-06-09', turn: '1749474000.0020', role: 'user', from: 'Jun' }),
  ),
  ...at(
    '2026-06-09 15:00',
    ADA,
    promote('ep.support-timezone', 'r.support-timezone', 'episode', 'Answer the ETA timezone support question → the driver app shows ETAs in the phone\'s timezone, the board in the yard\'s; both correct, but nobody could tell which was which.', { outcomeType: 'success', lessons: ['Label every time with its timezone on screens used across borders'], emotionalValence: 0.2, emotionalArousal: 0.2 }),
    note('nt.tz-labels', 'Idea: show the timezone abbreviation next to every ETA on the dispatch board and in the driver app.', { noteType: 'idea' }, { derivedFrom: ['ep.support-timezone'] }),
  ),
  ...at('2026-07-15 10:00', ADA, because('Priya: not now, the board is being redesigned', archive('nt.tz-labels'))),
  ...at('2026-08-27 10:30', ADA, because('The closed-yard bug showed that unlabelled times confuse people', restore('nt.tz-labels'))),
  ...at(
    '2026-06-22 11:00',
    ADA,
    episode('ep.n-plus-one', 'Profile the slow /api/yards/:id/legs endpoint → an N+1 query loading drivers per leg; a single join cut it from 900 ms to 60 ms.', { outcomeType: 'success', lessons: ['Turn on query logging before optimising'], emotionalValence: 0.6, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url(pr(1295)), cite.code('src/api/routes/yards.ts:88')] }),
  ),
  ...at(
    '2026-07-01 15:00',
    ADA,
    episode('ep.review-marcus', 'Review Marcus\'s PR #1303 (driver shift limits) → found an off-by-one in the 9-hour limit at midnight; Marcus thanked me and added a property test.', { outcomeType: 'success', lessons: ['Check boundaries at midnight and month end'], emotionalValence: 0.5, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url(pr(1303))] }),
  ),
  ...at('2026-07-01 15:05', ADA, reinforce('rl.marcus', { episode: 'ep.review-marcus' })),
  ...at(
    '2026-07-10 10:00',
    ADA,
    episode('ep.stale-docs', 'Follow the local setup docs from scratch on a clean container → three steps were out of date (Node 18, a removed seed script, wrong Redis port); fixed the README.', { outcomeType: 'success', lessons: ['Run the onboarding docs, do not just read them'], emotionalValence: 0.3, emotionalArousal: 0.2 }, { evidenceRefs: [cite.url(pr(1316)), cite.file('README.md')] }),
  ),
  ...at(
    '2026-08-03 14:00',
    ADA,
    raw('r.marcus-pair', 'Want to pair on the legs backfill tomorrow? I will drive, you check the batches.', { conv: 'slack:dm-marcus/2026-08-03', turn: '1754229600.0005', role: 'user', from: 'Marcus' }),
  ),
  ...at(
    '2026-08-04 17:00',
    ADA,
    promote('ep.backfill-pair', 'r.marcus-pair', 'episode', 'Pair with Marcus on the legs.yard_id backfill → 104M rows in batches of 10k with a 50 ms sleep; replica lag stayed under 2 s; done in 3 h 10 min.', { outcomeType: 'success', lessons: ['Batch size plus sleep keeps replica lag flat', 'Pairing on risky data work is faster than reviewing it after'], emotionalValence: 0.7, emotionalArousal: 0.4 }, [cite.file('scripts/backfill-legs-yard-id.ts')]),
    belief('bl.backfill-batches', 'Backfills on the legs table run in batches of about 10k rows with a short sleep, to keep replica lag under a few seconds.', { subject: 'legs backfills', predicate: 'run as', context: 'production', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.backfill-pair'], evidenceRefs: [cite.file('scripts/backfill-legs-yard-id.ts')] }),
  ),
  ...at('2026-08-05 09:00', USER, approve('bl.backfill-batches'), verify('bl.backfill-batches', 'Marcus: this is now the template for backfills')),
  ...at(
    '2026-08-24 10:00',
    ADA,
    episode('ep.sentry-triage', 'Triage the week\'s Sentry issues → 14 issues, 9 from one browser extension injecting scripts into the board; filtered them out and left 5 real ones with tickets.', { outcomeType: 'success', lessons: ['Filter known noise at the source so real errors stay visible'], emotionalValence: 0.3, emotionalArousal: 0.2 }, { evidenceRefs: [cite.url('https://sentry.io/organizations/harbor/issues/?query=is:unresolved'), cite.code('web/src/sentry.ts:14', 'denyUrls for extensions')] }),
  ),
  ...at(
    '2026-09-08 11:00',
    GITHUB,
    raw('r.rv-1405', 'Please name it assignDriverToLeg, not handleAssign. Names should say what happens, not where it is called from.', review(1405, 'c3', 'Claire')),
  ),
  ...at(
    '2026-09-08 11:30',
    ADA,
    promote('nt.naming', 'r.rv-1405', 'note', 'Claire on naming: a function name says what happens (assignDriverToLeg), not where it is called from (handleAssign).', { noteType: 'quote', speaker: 'Claire' }),
  ),
  ...at(
    '2026-09-21 15:00',
    ADA,
    episode('ep.feature-flags', 'Inventory the feature flags in LaunchDarkly → 23 flags, 9 at 100% for over a month; opened cleanup tickets for each.', { outcomeType: 'partial', lessons: ['A flag at 100% is debt'], emotionalValence: 0.1, emotionalArousal: 0.1 }, { evidenceRefs: [cite.url('https://app.launchdarkly.com/harbor/production/features')] }),
    goal('gl.flag-cleanup', 'Remove feature flags that have been at 100% for over a month', { description: 'One cleanup PR per flag; board_v3 and route_optimizer_v2 after the freeze.', goalStatus: 'active', priority: 'low' }, { derivedFrom: ['ep.feature-flags'] }),
  ),
  ...at(
    '2026-10-05 10:00',
    ADA,
    episode('ep.onboard-intern', 'Help Jun\'s intern, Sam, set up harbor locally → the fixed README worked end to end in 25 minutes.', { outcomeType: 'success', lessons: ['Docs fixed in July paid off'], emotionalValence: 0.6, emotionalArousal: 0.2 }),
    reinforce('nt.code-routes', { evidence: 'walked Sam through the routes index' }),
  ),
  ...at(
    '2026-10-19 14:00',
    GITHUB,
    raw('r.rv-1440', 'Can we not add another date library? We already have date-fns-tz. Two libraries is how we got the month-end bug.', review(1440, 'c1', 'Marcus')),
  ),
  ...at(
    '2026-10-19 15:00',
    ADA,
    promote('nt.one-date-lib', 'r.rv-1440', 'note', 'Marcus: harbor uses date-fns-tz only; a second date library is how the month-end bug happened.', { noteType: 'decision', speaker: 'Marcus' }),
  ),
  ...at(
    '2026-10-26 16:00',
    ADA,
    episode('ep.a11y-audit', 'Run an accessibility audit of the dispatch board with axe → 11 violations, mostly missing labels on icon buttons; fixed 9, two need Priya\'s design input.', { outcomeType: 'partial', lessons: ['Icon-only buttons need aria-labels from the start'], emotionalValence: 0.3, emotionalArousal: 0.2 }, { evidenceRefs: [cite.url(pr(1447)), cite.code('web/src/dispatch/LegActions.tsx:33')] }),
    drive('dr.a11y', 'Make harbor usable for everyone who dispatches: keyboard, screen reader, gloves, sunlight.', { driveType: 'growth', intensity: 0.5 }, { derivedFrom: ['ep.a11y-audit'] }),
  ),

  // Things Ada noticed once and never followed up on.
  ...at(
    '2026-05-21 16:00',
    ADA,
    note('nt.redis-version', 'Redis in production is 6.2; the BullMQ docs recommend 7 for some features.', { noteType: 'observation' }),
    belief('bl.legacy-app', 'About 15% of drivers still use mobile app versions older than 3.2.', { subject: 'driver app versions', predicate: 'share below 3.2', context: 'production', timeframe: 'current', beliefType: 'fact' }, { source: 'read in the app store console', evidenceRefs: [cite.text('App Store Connect versions report, 21 May: 3.0 9%, 3.1 6%')] }),
  ),
  ...at(
    '2026-06-16 10:00',
    ADA,
    note('nt.monorepo', 'The web client and API share types through a packages/shared workspace; breaking a type there breaks both builds.', { noteType: 'observation' }, { evidenceRefs: [cite.file('packages/shared/package.json')] }),
    note('nt.claire-quote', '"Make the change easy, then make the easy change." Claire quoting Kent Beck in a review.', { noteType: 'quote', speaker: 'Claire' }, { source: 'said by Claire in review' }),
  ),
  ...at('2026-07-23 13:30', ADA, link('bl.legacy-app', 'ep.rollback')),
  ...at(
    '2026-08-31 11:00',
    ADA,
    note('nt.weekly-rhythm', 'The team\'s week: Monday quarantine review and Dependabot batch, Tuesday/Wednesday migration window, Thursday release, Friday no deploys.', { noteType: 'insight' }, { derivedFrom: ['nt.quarantine', 'nt.migration-window'] }),
  ),
  ...at('2026-10-12 10:30', ADA, access('nt.weekly-rhythm')),
  ...at(
    '2026-09-29 10:00',
    ADA,
    note('nt.old-idea', 'Idea from May: cache the dispatch board in localStorage for instant first paint.', { noteType: 'idea' }),
  ),
  ...at('2026-10-20 10:00', ADA, because('Superseded by the offline-tolerance work in the tablet goal', archive('nt.old-idea'))),
  ...at(
    '2026-10-05 12:00',
    ADA,
    edit('nt.redis-version', { content: 'Redis in production is 6.2; the BullMQ docs recommend 7 for some features. Tom plans the upgrade for January.' }),
  ),
  // A few more ordinary weeks.
  ...at(
    '2026-06-12 16:00',
    ADA,
    raw('r.claire-1on1', 'Your PRs are good. The descriptions could lead with the risk: what could break and how you checked it. The what-I-changed list can go last.', { conv: 'meet:1on1-claire-ada/2026-06-12', turn: 't4', role: 'user', from: 'Claire' }),
    promote('nt.pr-risk-first', 'r.claire-1on1', 'note', 'Claire\'s feedback: lead PR descriptions with the risk (what could break, how I checked it); the change list goes last.', { noteType: 'quote', speaker: 'Claire' }),
  ),
  ...at('2026-07-09 10:35', ADA, reinforce('nt.pr-risk-first', { evidence: 'PR #1319 described risk first; Claire approved without questions' })),
  ...at(
    '2026-06-17 11:00',
    ADA,
    belief('bl.session-ttl', 'Dispatcher sessions expire after 12 hours of inactivity, so a night shift is never logged out mid-shift.', { subject: 'dispatcher sessions', predicate: 'expire after', context: 'web client', timeframe: 'current', beliefType: 'fact' }, { evidenceRefs: [cite.code('src/api/auth/session.ts:8', 'IDLE_TIMEOUT = 12h')] }),
    belief('bl.northwind-share', 'Northwind Freight books about 40% of all shipments on harbor.', { subject: 'Northwind Freight', predicate: 'share of shipments', context: 'harbor customers', timeframe: 'current', beliefType: 'fact' }, { source: 'told by Jun' }),
  ),
  ...at(
    '2026-09-02 14:00',
    ADA,
    raw('r.tom-dashboards', 'Since you are secondary now: the three dashboards I look at first are API golden signals, RDS connections, and queue depth. Links pinned in #oncall.', { conv: 'slack:#oncall/2026-09-02', turn: '1756821600.0003', role: 'user', from: 'Tom' }),
    promote('nt.oncall-dashboards', 'r.tom-dashboards', 'note', 'Tom\'s first three on-call dashboards: API golden signals, RDS connections, queue depth (pinned in #oncall).', { noteType: 'fact', speaker: 'Tom' }, [cite.url('https://grafana.harbor.internal/d/api-golden')]),
    episode('ep.oncall-shadow', 'Shadow Tom for an on-call handover → learned the handover note format and which alerts are known-noisy (disk on the bastion host).', { outcomeType: 'success', lessons: ['Ask which alerts to ignore, not only which to watch'], emotionalValence: 0.5, emotionalArousal: 0.3 }),
  ),
  ...at(
    '2026-09-28 15:00',
    ADA,
    episode('ep.surcharge-fix', 'Follow up on INC-0057 with a proper fix → the fuel surcharge was applied once per leg instead of once per load; added a golden-file test over 40 real invoices.', { outcomeType: 'success', lessons: ['Money code gets golden-file tests'], emotionalValence: 0.6, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url(pr(1423)), cite.code('src/domain/billing/surcharge.ts:51')] }),
    belief('bl.surcharge-golden', 'Fuel surcharge calculation is covered by a golden-file test over 40 real invoices since INC-0057.', { subject: 'fuel surcharge', predicate: 'tested by', context: 'src/domain/billing', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.surcharge-fix'], evidenceRefs: [cite.file('src/domain/billing/__golden__/invoices.json')] }),
  ),
  ...at('2026-09-29 09:00', USER, approve('bl.surcharge-golden'), verify('bl.surcharge-golden', 'Jun checked the invoice sample with finance')),
  ...at(
    '2026-11-06 09:30',
    ADA,
    episode('ep.fastify-hold', 'Review Dependabot\'s fastify 5 PR (#1458) → three plugins are not compatible yet; closed it with a note to retry in January after the freeze.', { outcomeType: 'success', lessons: ['Major bumps wait for quiet weeks'], emotionalValence: 0.1, emotionalArousal: 0.2 }, { evidenceRefs: [cite.url(pr(1458))] }),
    note('nt.deploy-checklist', 'Before a risky Thursday: check the error budget, confirm who is on call, make sure the rollback path is the release workflow, not a manual revert.', { noteType: 'insight' }, { derivedFrom: ['ep.rollback', 'ep.friday-hotfix'] }),
  ),
  ...at(
    '2026-11-11 14:00',
    ADA,
    raw('r.jun-q1', 'Heads-up for planning: Q1 priorities are Spanish driver app, two more Northwind yards, and the flag cleanup. Nothing else unless it is on fire.', { conv: dev('2026-11-11'), turn: '1762869600.1610', role: 'user', from: 'Jun' }),
    promote('nt.q1-priorities', 'r.jun-q1', 'note', 'Jun\'s Q1 2027 priorities: Spanish driver app, two more Northwind yards (Leipzig, Dortmund), feature-flag cleanup.', { noteType: 'fact', speaker: 'Jun' }),
    edit('gl.i18n', { fields: { goalStatus: 'active', priority: 'high' } }),
    because('No cleanup PRs during the peak-season freeze; resumes in January', edit('gl.flag-cleanup', { fields: { goalStatus: 'paused' } })),
  ),
];