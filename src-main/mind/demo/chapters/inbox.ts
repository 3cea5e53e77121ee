/**
 * The last two weeks, not yet processed: chat turns, CI output and PR comments waiting in the
 * inbox. Plus the captures that were cleared out: noise archived, a pasted secret forgotten.
 */
import {
  ADA,
  archive,
  at,
  because,
  belief,
  cite,
  counter,
  dev,
  forget,
  imported,
  incidents,
  note,
  raw,
  USER,
  type DemoStep,
} from '../script';

const GITHUB = imported('github');
const SLACK = imported('slack');
const ci = { conv: 'gha:harbor/ci', role: 'tool', source: 'observed in CI logs' } as const;
const prThread = (n: number, turn: string, who: string) => ({ conv: `github:harbor-logistics/harbor/pull/${n}`, turn, role: 'reviewer', from: who });

export const INBOX: DemoStep[] = [
  // Cleared out along the way.
  ...at(
    '2026-05-29 12:00',
    SLACK,
    raw('r.lunch', 'Anyone up for the Vietnamese place at 12:30?', { conv: 'slack:#random/2026-05-29', role: 'user', from: 'Marcus' }),
    raw('r.bot-noise', 'Reminder: submit your expenses by Friday.', { conv: 'slack:#general/2026-05-29', role: 'bot', source: 'observed in #general' }),
  ),
  ...at('2026-05-29 18:00', ADA, because('Not about the work', archive('r.lunch')), because('Automated reminder, nothing to learn', archive('r.bot-noise'))),
  ...at(
    '2026-08-21 09:12',
    SLACK,
    raw('r.secret', 'here is the staging db url so you can run it: postgres://harbor_app:Xk9-REDACTED-in-demo@staging-db.harbor.internal:5432/harbor', { conv: 'slack:dm-tom/2026-08-21', turn: '1755767520.0001', role: 'user', from: 'Tom' }),
  ),
  ...at('2026-08-21 09:20', USER, because('Contained a database password; the password was rotated and the capture must not be kept', forget('r.secret'))),
  ...at(
    '2026-09-18 10:00',
    GITHUB,
    raw('r.dup-ci', 'CI #9788801: total 6:55. All green.', ci),
  ),
  ...at('2026-09-18 10:05', ADA, because('A routine green run; the timing is already recorded', archive('r.dup-ci'))),

  // Low-confidence hunches Ada wrote down and has not settled.
  ...at(
    '2026-10-27 16:00',
    ADA,
    belief('bl.hunch-redis', 'The Monday-morning latency spike on the API might come from the weekly Redis snapshot.', { subject: 'Monday latency spike', predicate: 'possible cause', context: 'harbor API, Mondays 06:00 UTC', timeframe: 'current', beliefType: 'pattern' }, { confidence: 0.35, source: 'my inference from two Grafana screenshots' }),
    note('nt.hunch-safari', 'Possibly the sticky-header bug on Safari is the same one as the yard tablet scroll jump; not checked.', { noteType: 'question' }, { confidence: 0.3 }),
  ),
  ...at(
    '2026-11-09 10:00',
    ADA,
    counter('bl.hunch-redis', { evidence: 'the spike happened on Monday 9 Nov although the snapshot was moved to Sunday' }),
  ),

  // The inbox: the last two weeks, unprocessed.
  ...at(
    '2026-11-02 09:15',
    SLACK,
    raw('r.in-01', 'Northwind wants to add two more yards (Leipzig, Dortmund) before Christmas. Can the optimizer handle 12 yards?', { conv: dev('2026-11-02'), turn: '1762074900.1401', role: 'user', from: 'Jun' }),
    raw('r.in-02', 'Reminder that the Hamburg yard switches to winter hours (07:00–19:00) from Nov 16.', { conv: dev('2026-11-02'), turn: '1762075200.1402', role: 'user', from: 'Lena' }),
  ),
  ...at(
    '2026-11-03 11:40',
    GITHUB,
    raw('r.in-03', 'nit: this query runs per leg in a loop. Can we batch it? At peak this endpoint is called ~40 times a second.', prThread(1451, 'c1', 'Marcus')),
    raw('r.in-04', 'Looks good, but please add a test for the empty-yard case. We had exactly this bug in August.', prThread(1451, 'c2', 'Claire')),
  ),
  ...at(
    '2026-11-04 14:22',
    GITHUB,
    raw('r.in-05', 'CI #9962210: e2e shard 3/4 failed: invoices.month-end.spec.ts:41 expected 30 rows, got 29. Passed on re-run.', ci, { evidenceRefs: [cite.event('gha:run/9962210')] }),
  ),
  ...at(
    '2026-11-05 10:05',
    SLACK,
    raw('r.in-06', 'Can we get a dark mode for the dispatch board? Night shift at Bremen keeps asking.', { conv: 'slack:#harbor-feedback/2026-11-05', turn: '1762337100.0030', role: 'user', from: 'Lena' }),
    raw('r.in-07', 'I can take dark mode after the tablet contrast work, they share the token refactor.', { conv: 'slack:#harbor-feedback/2026-11-05', turn: '1762337400.0031', role: 'user', from: 'Priya' }),
  ),
  ...at(
    '2026-11-05 16:30',
    ADA,
    raw('r.in-08', 'Note to self: the assign endpoint load test saturated at 280 connections; compare with PgBouncer in session mode before the freeze.', { conv: 'chat:self/2026-11-05', role: 'assistant' }),
  ),
  ...at(
    '2026-11-06 09:00',
    GITHUB,
    raw('r.in-09', 'Dependabot: bump fastify from 4.28.1 to 5.1.0 (major). Release notes mention breaking changes to reply.send with streams.', { conv: 'github:harbor-logistics/harbor/pull/1458', role: 'event', source: 'observed on GitHub' }),
    raw('r.in-10', 'CI #9971003: unit tests 3:02 (new high). Slowest: src/api/reports/__tests__/yard-report.test.ts 41 s.', ci, { evidenceRefs: [cite.event('gha:run/9971003')] }),
  ),
  ...at(
    '2026-11-06 15:45',
    SLACK,
    raw('r.in-11', 'Heads up: I am out Nov 23 – Dec 4. Marcus covers DB reviews, Claire covers on-call swaps.', { conv: dev('2026-11-06'), turn: '1762443900.1501', role: 'user', from: 'Tom' }),
  ),
  ...at(
    '2026-11-09 08:30',
    SLACK,
    raw('r.in-12', 'Monday spike again at 06:02 UTC, p99 2.4 s for four minutes. Snapshot moved to Sunday last week so it is not that.', { conv: incidents('2026-11-09'), turn: '1762677120.0001', role: 'user', from: 'Tom' }),
    raw('r.in-13', 'Could it be the weekly report cron? It runs at 06:00 on Mondays and does a full scan of legs.', { conv: incidents('2026-11-09'), turn: '1762677300.0002', role: 'user', from: 'Marcus' }),
  ),
  ...at(
    '2026-11-10 13:10',
    GITHUB,
    raw('r.in-14', 'Please keep the migration and the model change together here, I want to see them side by side.', prThread(1463, 'c1', 'Claire')),
    raw('r.in-15', 'This adds 640 lines to DispatchBoard.tsx. Could the breakpoint logic move into its own hook?', prThread(1464, 'c1', 'Priya')),
  ),
  ...at(
    '2026-11-10 17:00',
    ADA,
    raw('r.in-16', 'Release v2026.46 shipped 10:38. Optimizer explanations panel now open by default. No rollbacks.', { conv: dev('2026-11-12'), role: 'assistant' }, { evidenceRefs: [cite.url('https://github.com/harbor-logistics/harbor/releases/tag/v2026.46')] }),
  ),
  ...at(
    '2026-11-11 09:20',
    SLACK,
    raw('r.in-17', 'Spanish translator at Northwind is back. Can we restart the driver-app strings in December, after the freeze starts? Low risk, behind a flag.', { conv: dev('2026-11-11'), turn: '1762852800.1601', role: 'user', from: 'Jun' }),
    raw('r.in-18', 'Sure, but translations are UI changes — Priya should review the German/Spanish text lengths on the small screens.', { conv: dev('2026-11-11'), turn: '1762853100.1602', role: 'user', from: 'Claire' }),
  ),
  ...at(
    '2026-11-12 10:00',
    GITHUB,
    raw('r.in-19', 'CI #9990412: squawk: warning adding-field-with-default on shipments.priority (safe since PG 11, but check the volatile default).', ci, { evidenceRefs: [cite.event('gha:run/9990412')] }),
  ),
  ...at(
    '2026-11-12 14:30',
    SLACK,
    raw('r.in-20', 'Customer call: Northwind asks whether suggestions can avoid the A7 on Fridays (roadworks until January).', { conv: 'slack:#customers/2026-11-12', turn: '1762957800.0040', role: 'user', from: 'Jun' }),
  ),
  ...at(
    '2026-11-13 09:05',
    SLACK,
    raw('r.in-21', 'Staging is down, the RDS snapshot restore from last night failed halfway. Please do not deploy to staging until noon.', { conv: dev('2026-11-13'), turn: '1763024700.1701', role: 'user', from: 'Tom' }),
    raw('r.in-22', 'Retro idea: we should write down what "done" means for flagged work. The board_v3 flag is still in the code six weeks after 100%.', { conv: dev('2026-11-13'), turn: '1763025000.1702', role: 'user', from: 'Marcus' }),
  ),
  ...at(
    '2026-11-13 16:50',
    GITHUB,
    raw('r.in-23', 'CI #9998020: e2e shard 2/4 failed: assign-driver.spec.ts:88 timeout waiting for driver list. Passed on re-run.', ci, { evidenceRefs: [cite.event('gha:run/9998020')] }),
  ),
  ...at(
    '2026-11-14 11:00',
    ADA,
    raw('r.in-24', 'Is assign-driver flaking again? Same line as in July; maybe the feed hook regressed in PR #1464.', { conv: 'chat:self/2026-11-14', role: 'assistant' }),
  ),
  ...at(
    '2026-11-15 10:30',
    SLACK,
    raw('r.in-25', 'Freeze checklist for Thursday: pre-scale API to 20 pods, confirm the lock runbook link in PagerDuty, turn off Dependabot until January.', { conv: dev('2026-11-15'), turn: '1763202600.1801', role: 'user', from: 'Claire' }),
    raw('r.in-26', 'Thanks for the load test write-up, that is exactly what I needed for the capacity ask.', { conv: 'slack:dm-tom/2026-11-15', turn: '1763203000.0009', role: 'user', from: 'Tom' }),
  ),
  ...at(
    '2026-11-15 12:00',
    ADA,
    note('nt.freeze-prep', 'Open before the freeze: PgBouncer session-mode test, Monday spike (report cron?), assign-driver flake on shard 2.', { noteType: 'observation' }),
  ),
];
