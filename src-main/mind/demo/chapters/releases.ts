/**
 * The weekly release rhythm: Thursday releases, the Friday hotfix argument, PR size, release
 * notes, a rollback, and getting ready for the peak-season freeze.
 */
import {
  ADA,
  approve,
  at,
  belief,
  cite,
  counter,
  dev,
  edit,
  episode,
  goal,
  imported,
  incidents,
  link,
  promote,
  raw,
  reinforce,
  USER,
  verify,
  code,
  type DemoStep,
} from '../script';

const GITHUB = imported('github');
const release = (tag: string) => `https://github.com/harbor-logistics/harbor/releases/tag/${tag}`;

export const RELEASES: DemoStep[] = [
  ...at(
    '2026-05-07 10:30',
    ADA,
    episode('ep.first-release', 'Watch my first Thursday release (v2026.19) → Claire ran the release workflow after standup; tag, changelog, staged rollout 10% → 100% over 40 minutes; no issues.', { outcomeType: 'success', lessons: ['The release workflow does the work; the human watches dashboards'], emotionalValence: 0.4, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url(release('v2026.19')), cite.file('.github/workflows/release.yml')] }),
    belief('bl.thursday', 'harbor releases go out every Thursday after standup, through the release workflow.', { subject: 'harbor releases', predicate: 'cadence', context: 'production', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.first-release'] }),
  ),
  ...at('2026-05-21 11:00', ADA, reinforce('bl.thursday', { evidence: 'v2026.21 shipped Thursday 10:40' })),
  ...at('2026-06-04 11:00', ADA, reinforce('bl.thursday', { evidence: 'v2026.23 shipped Thursday 10:35' })),
  ...at('2026-09-03 09:00', USER, approve('bl.thursday'), verify('bl.thursday', 'Claire: still true'), code('bl.thursday', '.github/workflows/release.yml:5', "schedule: cron '30 9 * * 4'")),

  // PR size.
  ...at(
    '2026-05-11 16:00',
    ADA,
    raw('r.pr-too-big', 'This PR is 1,100 lines across API, web and migrations. Please split it: API first, then web. I stop reading carefully after ~300 lines.', { conv: 'github:harbor-logistics/harbor/pull/1238', turn: 'c1', role: 'reviewer', from: 'Claire' }),
    promote('ep.pr-split', 'r.pr-too-big', 'episode', 'Get my first large PR (#1238, 1,100 lines) reviewed → Claire asked me to split it; the three smaller PRs merged within a day.', { outcomeType: 'partial', lessons: ['Split by layer: API, then web', 'Smaller PRs merged faster than the big one would have'], emotionalValence: -0.1, emotionalArousal: 0.3 }),
    belief('bl.small-prs', 'Claire prefers small PRs, under about 300 changed lines, split by layer.', { subject: 'Claire', predicate: 'PR size preference', context: 'code review', timeframe: 'current', beliefType: 'preference' }, { evidence: ['ep.pr-split'] }),
  ),
  ...at('2026-06-02 11:05', ADA, reinforce('bl.small-prs', { evidence: 'PR #1241 (180 lines) reviewed in 40 minutes' })),
  ...at(
    '2026-08-27 15:00',
    ADA,
    raw('r.claire-one-pr', "For schema changes don't split the migration from the code that uses it. I want to review them together, in one PR, even if it is big.", { conv: 'github:harbor-logistics/harbor/pull/1389', turn: 'c2', role: 'reviewer', from: 'Claire' }),
    promote('bl.small-prs-schema', 'r.claire-one-pr', 'belief', 'Claire avoids small PRs for schema changes: she wants the migration and the code that uses it reviewed together in one PR.', { subject: 'Claire', predicate: 'PR size preference', context: 'schema changes', timeframe: 'current', beliefType: 'preference' }),
  ),

  // Fridays.
  ...at(
    '2026-05-15 17:00',
    ADA,
    raw('r.no-fridays', 'Reminder: nothing goes to production on Friday afternoons. Not even "tiny" fixes. Whoever is on call deserves a weekend.', { conv: dev('2026-05-15'), turn: '1747328400.0200', role: 'user', from: 'Claire' }),
    promote('bl.no-fridays', 'r.no-fridays', 'belief', 'Releases never go out on Friday afternoons, not even tiny fixes.', { subject: 'releases', predicate: 'not on', context: 'Friday afternoons', timeframe: 'current', beliefType: 'principle' }),
  ),
  ...at(
    '2026-09-25 15:10',
    ADA,
    raw('r.hotfix-friday', 'Northwind invoices are double-counting fuel surcharges since yesterday. This goes out now, Friday or not.', { conv: incidents('2026-09-25'), turn: '1758813000.0002', role: 'user', from: 'Jun' }, { evidenceRefs: [cite.event('incident:INC-0057')] }),
    promote('ep.friday-hotfix', 'r.hotfix-friday', 'episode', 'Ship a Friday-afternoon hotfix for double-counted fuel surcharges (INC-0057) → Jun and Claire agreed the billing error was worse than the risk; fix and a test out by 16:20, Tom on standby.', { outcomeType: 'success', lessons: ['Rules have an escape hatch: money-affecting bugs', 'Have the on-call person on standby before a Friday deploy'], emotionalValence: 0.2, emotionalArousal: 0.8 }, [cite.url('https://github.com/harbor-logistics/harbor/pull/1420')]),
    belief('bl.hotfix-always', 'Hotfix releases for billing errors always go out as soon as they are ready, Friday afternoons included.', { subject: 'hotfix releases', predicate: 'timing', context: 'billing-affecting bugs', timeframe: 'current', beliefType: 'principle' }, { evidence: ['ep.friday-hotfix'] }),
    counter('bl.no-fridays', { episode: 'ep.friday-hotfix' }),
  ),

  // A rollback and what it taught.
  ...at(
    '2026-07-23 11:20',
    GITHUB,
    raw('r.rollback', 'Release v2026.30 rolled back at 10% by the release workflow: error budget alert on POST /api/legs/:id/assign (Sentry HARBOR-API-4C7).', { conv: 'github:harbor-logistics/harbor/actions/release', role: 'event', source: 'observed in the release workflow' }, { evidenceRefs: [cite.event('sentry:HARBOR-API-4C7'), cite.url(release('v2026.30'))] }),
  ),
  ...at(
    '2026-07-23 13:00',
    ADA,
    promote('ep.rollback', 'r.rollback', 'episode', 'Understand the v2026.30 automatic rollback → a null yard on legs created by the old mobile app crashed the new assign endpoint; the staged rollout caught it at 10%.', { outcomeType: 'partial', lessons: ['Old clients send old shapes for months', 'The staged rollout is worth its 40 minutes'], emotionalValence: -0.3, emotionalArousal: 0.6 }, [cite.code('src/api/routes/legs.ts:142', 'yard may be null for legs from app < 3.2')]),
    belief('bl.staged-rollout', 'The staged 10% rollout catches most bad releases before they reach all dispatchers.', { subject: 'staged rollout', predicate: 'catches bad releases', context: 'release workflow', timeframe: 'current', beliefType: 'pattern' }, { evidence: ['ep.rollback'] }),
  ),
  ...at('2026-07-24 09:00', USER, approve('bl.staged-rollout')),

  // Release notes: Jun's ask, and an edit to a note.
  ...at(
    '2026-06-11 12:00',
    ADA,
    raw('r.jun-notes', 'Could Ada draft customer-facing release notes each Thursday? Plain language, no ticket numbers, what changed for dispatchers.', { conv: dev('2026-06-11'), turn: '1749643200.0300', role: 'user', from: 'Jun' }),
    promote('nt.release-notes', 'r.jun-notes', 'note', 'Jun asked me to draft customer-facing release notes every Thursday: plain language, no ticket numbers, what changed for dispatchers.', { noteType: 'fact', speaker: 'Jun' }),
  ),
  ...at(
    '2026-06-18 10:00',
    ADA,
    episode('ep.notes-1', 'Draft the first customer release notes (v2026.25) → Jun rewrote half of them; my drafts described code, not what dispatchers would notice.', { outcomeType: 'partial', lessons: ['Start each line with what the dispatcher sees'], emotionalValence: -0.2, emotionalArousal: 0.3 }),
  ),
  ...at(
    '2026-07-30 10:00',
    ADA,
    episode('ep.notes-6', 'Draft release notes for v2026.31 → Jun published them unchanged for the third week in a row.', { outcomeType: 'success', lessons: ['Reading the support tickets first makes the notes land'], emotionalValence: 0.6, emotionalArousal: 0.2 }, { evidenceRefs: [cite.url('https://harbor.app/changelog/2026-07-30')] }),
    edit('nt.release-notes', { content: 'Jun asked me to draft customer-facing release notes every Thursday: plain language, no ticket numbers, what changed for dispatchers. Jun publishes them on harbor.app/changelog.' }),
  ),
  ...at(
    '2026-07-31 09:00',
    ADA,
    belief('bl.notes-lead', 'Release notes land better when each line starts with what the dispatcher will notice, not with what changed in the code.', { subject: 'release notes', predicate: 'work when', context: 'customer changelog', timeframe: 'current', beliefType: 'pattern' }, { evidence: ['ep.notes-1', 'ep.notes-6'] }),
  ),

  // A handful of ordinary Thursdays.
  ...at(
    '2026-08-06 11:00',
    ADA,
    episode('ep.release-32', 'Thursday release v2026.32 → smooth; first release with the squawk check and the sharded e2e suite on main.', { outcomeType: 'success', lessons: [], emotionalValence: 0.3, emotionalArousal: 0.1 }, { evidenceRefs: [cite.url(release('v2026.32'))] }),
  ),
  ...at(
    '2026-09-10 11:00',
    ADA,
    episode('ep.release-37', 'Thursday release v2026.37 → delayed 2 hours: the changelog step failed on a malformed PR title; fixed the title lint.', { outcomeType: 'partial', lessons: ['Lint PR titles when the changelog depends on them'], emotionalValence: -0.1, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url(release('v2026.37')), cite.code('.github/workflows/pr-title.yml:9')] }),
  ),
  ...at(
    '2026-10-15 11:00',
    ADA,
    episode('ep.release-42', 'Thursday release v2026.42 with the route optimizer flag at 50% → no rollbacks; Northwind dispatchers asked for the explanations panel to be open by default.', { outcomeType: 'success', lessons: [], emotionalValence: 0.5, emotionalArousal: 0.3 }, { evidenceRefs: [cite.url(release('v2026.42'))] }),
    reinforce('bl.staged-rollout', { episode: 'ep.release-42' }),
  ),
  ...at('2026-10-15 11:05', ADA, reinforce('bl.thursday', { episode: 'ep.release-42' })),

  // Peak season.
  ...at(
    '2026-11-02 10:00',
    ADA,
    raw('r.freeze', 'Peak season freeze Nov 20 – Dec 31: releases continue Thursdays but only bug fixes and flagged work; no migrations on shipments or legs; on-call doubles up.', { conv: dev('2026-11-02'), turn: '1762077600.1400', role: 'user', from: 'Claire' }),
    promote('nt.freeze', 'r.freeze', 'note', 'Peak season freeze, Nov 20 – Dec 31 (Claire): Thursday releases continue with bug fixes and flagged work only; no migrations on shipments or legs; on-call doubles up.', { noteType: 'decision', speaker: 'Claire' }),
    goal('gl.peak', 'Get through peak season (Nov 20 – Dec 31) without a Sev-1', { description: 'Load test the assign endpoint at 3× October traffic, pre-scale API pods, rehearse the lock pile-up runbook.', goalStatus: 'active', priority: 'high' }, { derivedFrom: ['nt.freeze'] }),
  ),
  ...at(
    '2026-11-12 17:00',
    ADA,
    episode('ep.loadtest', 'Load test POST /api/legs/:id/assign at 3× October peak on staging → p95 held at 210 ms up to 2.5×, then the connection pool saturated at 280 connections.', { outcomeType: 'partial', lessons: ['The connection ceiling arrives before CPU does', 'Tom was right that pooling will be needed'], emotionalValence: 0.1, emotionalArousal: 0.5 }, { evidenceRefs: [cite.file('loadtest/k6/assign.js'), cite.url('https://grafana.harbor.internal/d/loadtest-2026-11-12')] }),
    link('gl.peak', 'ep.loadtest'),
  ),
  ...at('2026-11-12 17:10', ADA, reinforce('nt.pgbouncer-scale', { episode: 'ep.loadtest' })),
];

