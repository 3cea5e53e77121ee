/**
 * The product side: the dispatch-board design disagreement (dense table or cards?), yard tablets,
 * and shipping route optimizer v2 for Northwind.
 */
import {
  ADA,
  approve,
  archive,
  at,
  because,
  belief,
  cite,
  dev,
  edit,
  episode,
  from,
  goal,
  link,
  note,
  promote,
  raw,
  reinforce,
  url,
  USER,
  verify,
  type DemoStep,
} from '../script';

const FIGMA = 'https://figma.com/file/hRb0r/dispatch-board-v3';

export const PRODUCT: DemoStep[] = [
  // The dense table proposal.
  ...at(
    '2026-08-04 11:00',
    ADA,
    raw('r.priya-dense', 'New dispatch board concept: a dense table, 28 legs visible instead of 9 cards, sortable by ETA and yard. Dispatchers told me they scroll all day.', { conv: 'figma:dispatch-board-v3/comments', turn: 'c1', role: 'user', from: 'Priya' }, { evidenceRefs: [cite.url(FIGMA)] }),
    raw('r.marcus-cards', 'Cards are easier to scan for status at a glance. Tables look like spreadsheets and the colour coding gets lost. I would keep cards.', { conv: 'figma:dispatch-board-v3/comments', turn: 'c2', role: 'reviewer', from: 'Marcus' }),
  ),
  ...at(
    '2026-08-04 14:00',
    ADA,
    promote('nt.dense-proposal', 'r.priya-dense', 'note', 'Priya\'s dispatch board v3: a dense table showing 28 legs instead of 9 cards, sortable by ETA and yard, because dispatchers scroll all day.', { noteType: 'idea', speaker: 'Priya' }),
    promote('nt.marcus-cards', 'r.marcus-cards', 'note', 'Marcus would keep cards: status colour is easier to scan at a glance than in a spreadsheet-like table.', { noteType: 'quote', speaker: 'Marcus' }),
    goal('gl.dispatch-v3', 'Settle and ship the dispatch board v3 layout', { description: 'Table or cards: decide with evidence from Northwind dispatchers, not opinions.', goalStatus: 'active', priority: 'medium' }, { derivedFrom: ['nt.dense-proposal'] }),
  ),
  ...at(
    '2026-08-19 16:00',
    ADA,
    episode('ep.usertest-desktop', 'Run the table prototype with 5 Northwind desk dispatchers (with Priya) → 4 of 5 assigned drivers faster with the table (median 41 s vs 63 s with cards); all asked to keep status colours.', { outcomeType: 'success', lessons: ['Density wins at a desk with a big monitor', 'Keep colour as a column, not as a card background'], emotionalValence: 0.6, emotionalArousal: 0.5 }, { evidenceRefs: [cite.url('https://dovetail.com/harbor/usertest-2026-08-19'), cite.url(FIGMA)] }),
    belief('bl.dense-prefer', 'Dispatchers prefer the dense table view of the dispatch board: they assign drivers faster with it.', { subject: 'dispatchers', predicate: 'layout preference', context: 'dispatch board on desktop', timeframe: 'current', beliefType: 'preference' }, { evidence: ['ep.usertest-desktop'] }),
  ),
  ...at(
    '2026-08-20 10:00',
    ADA,
    raw('r.priya-told-you', 'Told you so 😄 but fair point on the colours, I will bring them back as a status column.', { conv: 'figma:dispatch-board-v3/comments', turn: 'c9', role: 'user', from: 'Priya' }),
    edit('nt.marcus-cards', { content: 'Marcus would keep cards: status colour is easier to scan at a glance than in a spreadsheet-like table. (Addressed in v3 with a status colour column.)' }),
  ),
  ...at(
    '2026-09-16 13:00',
    ADA,
    episode('ep.usertest-yard', 'Watch yard staff use the table on the Samsung tablets at the Hamburg yard → rows too small to tap with gloves; 3 of 4 switched back to cards within minutes.', { outcomeType: 'partial', lessons: ['Test where the work happens: gloves, sunlight, standing', 'One layout does not fit desk and yard'], emotionalValence: -0.2, emotionalArousal: 0.5 }, { evidenceRefs: [cite.event('calendar:hamburg-yard-visit-2026-09-16')] }),
    belief('bl.dense-avoid', 'Dispatchers avoid the dense table view on yard tablets; with gloves on they switch back to cards.', { subject: 'dispatchers', predicate: 'layout preference', context: 'yard tablets', timeframe: 'current', beliefType: 'preference' }, { evidence: ['ep.usertest-yard'] }),
  ),
  ...at(
    '2026-09-17 10:00',
    ADA,
    raw('r.claire-both', 'OK: table by default on desktop, cards on screens narrower than 1024 px. Priya owns the breakpoint. Ship behind the board_v3 flag to Northwind first.', { conv: dev('2026-09-17'), turn: '1758103200.1300', role: 'user', from: 'Claire' }),
    promote('nt.board-decision', 'r.claire-both', 'note', 'Decision (Claire): dispatch board v3 shows the dense table on desktop and cards below 1024 px; Priya owns the breakpoint; ships behind the board_v3 flag, Northwind first.', { noteType: 'decision', speaker: 'Claire' }),
  ),
  ...at(
    '2026-10-08 15:00',
    ADA,
    episode('ep.board-v3-ship', 'Roll out dispatch board v3 to Northwind behind board_v3 → no regressions in a week; Lena reported reassignment is "noticeably quicker"; two bugs with sticky headers on Safari.', { outcomeType: 'success', lessons: ['Flag first, then one customer, then everyone'], emotionalValence: 0.7, emotionalArousal: 0.4 }, { evidenceRefs: [cite.code('web/src/dispatch/DispatchBoard.tsx:120', 'breakpoint switch'), cite.url('https://github.com/harbor-logistics/harbor/pull/1428')] }),
    reinforce('bl.dense-prefer', { episode: 'ep.board-v3-ship' }),
    edit('gl.dispatch-v3', { fields: { goalStatus: 'completed' } }),
  ),
  ...at('2026-10-09 11:00', ADA, reinforce('rl.lena', { evidence: 'precise feedback on the v3 rollout' })),
  ...at(
    '2026-10-10 09:00',
    ADA,
    goal('gl.tablet-yard', 'Make the dispatch board pleasant on yard tablets', { description: 'Bigger tap targets, offline tolerance for patchy yard Wi-Fi, high-contrast mode for sunlight.', goalStatus: 'active', priority: 'medium' }, { derivedFrom: ['ep.usertest-yard'] }),
  ),
  ...at(
    '2026-10-21 14:00',
    ADA,
    raw('r.priya-contrast', 'High-contrast mode draft is in Figma. Can you check which status colours fail WCAG AA on the tablet palette?', { conv: 'slack:dm-priya/2026-10-21', turn: '1761055200.0010', role: 'user', from: 'Priya' }),
    promote('ep.contrast-check', 'r.priya-contrast', 'episode', 'Check the tablet status palette against WCAG AA for Priya → amber and light green failed (2.1:1 and 1.9:1); suggested darker variants that pass at 4.6:1.', { outcomeType: 'success', lessons: ['Check contrast with the real palette tokens, not screenshots'], emotionalValence: 0.5, emotionalArousal: 0.2 }, [cite.file('web/src/theme/tokens.ts')]),
  ),
  ...at('2026-10-22 09:00', ADA, edit('rl.priya', { fields: { sentiment: 0.8, trust: 0.8 } })),

  // Route optimizer v2.
  ...at(
    '2026-06-01 10:00',
    ADA,
    note('nt.optimizer-scope', 'Route optimizer v2 scope: multi-stop suggestions per driver, respecting yard opening hours and driver shift limits; suggestions only — dispatchers accept or ignore them.', { noteType: 'fact' }, { ...from('Jun'), evidenceRefs: [cite.url('https://linear.app/harbor/project/route-optimizer-v2')] }),
  ),
  ...at(
    '2026-07-02 16:00',
    ADA,
    episode('ep.optimizer-prototype', 'Prototype the optimizer with OR-Tools in a worker process → good routes for 60 legs in 1.4 s; 400 legs timed out at 30 s.', { outcomeType: 'partial', lessons: ['Cluster by yard first, then solve each cluster'], emotionalValence: 0.2, emotionalArousal: 0.5 }, { evidenceRefs: [cite.code('src/optimizer/solve.ts:12')] }),
  ),
  ...at(
    '2026-07-20 15:00',
    ADA,
    episode('ep.optimizer-clusters', 'Cluster legs by origin yard before solving → 400 legs in 3.2 s; route quality within 4% of the unclustered solve on the 60-leg sample.', { outcomeType: 'success', lessons: ['Clustering trades a little quality for a lot of speed'], emotionalValence: 0.7, emotionalArousal: 0.5 }, { evidenceRefs: [cite.code('src/optimizer/cluster.ts:40'), cite.file('bench/results/optimizer-2026-07-20.json')] }),
  ),
  ...at(
    '2026-08-26 11:00',
    ADA,
    raw('r.lena-closed-yard', 'The optimizer sent a driver to the Bremen yard on Sunday. Bremen is closed Sundays. Second time this week.', { conv: 'zendesk:ticket/88213', role: 'user', from: 'Lena' }, { evidenceRefs: [cite.event('zendesk:88213')] }),
    promote('ep.closed-yard', 'r.lena-closed-yard', 'episode', 'Debug the optimizer routing drivers to closed yards (Zendesk 88213) → opening hours were read in UTC but stored in local time; Bremen on Sunday looked open until 02:00.', { outcomeType: 'success', lessons: ['Store opening hours with their timezone', 'Customer reports are the best test cases'], emotionalValence: -0.1, emotionalArousal: 0.6 }, [cite.code('src/optimizer/constraints.ts:77', 'openingHours converted with the yard timezone')]),
  ),
  ...at(
    '2026-08-27 10:00',
    ADA,
    belief('bl.tz-hours', 'Yard opening hours are stored in the yard\'s local time, so every consumer must convert them with the yard\'s timezone.', { subject: 'yard opening hours', predicate: 'stored in', context: 'yards table', timeframe: 'current', beliefType: 'fact' }, { evidence: ['ep.closed-yard'], evidenceRefs: [cite.code('src/optimizer/constraints.ts:77'), cite.file('db/schema/yards.sql')] }),
  ),
  ...at('2026-08-28 09:00', USER, approve('bl.tz-hours'), verify('bl.tz-hours', 'Marcus confirmed the column semantics')),
  ...at(
    '2026-10-22 17:00',
    ADA,
    episode('ep.optimizer-ship', 'Ship route optimizer v2 to all Northwind dispatchers → 31% of suggestions accepted in the first week; average empty kilometres per driver down 9%.', { outcomeType: 'success', lessons: ['Suggestions that explain themselves get accepted'], emotionalValence: 0.9, emotionalArousal: 0.7 }, { evidenceRefs: [cite.url('https://metabase.harbor.internal/dashboard/41'), cite.event('launchdarkly:route_optimizer_v2/100pct')] }),
    edit('gl.route-optimizer', { fields: { goalStatus: 'completed' } }),
    belief('bl.explain-suggestions', 'Dispatchers accept a route suggestion when it shows why: the yard hours and shift limits it respected.', { subject: 'route suggestions', predicate: 'accepted when', context: 'Northwind dispatchers', timeframe: 'current', beliefType: 'pattern' }, { evidence: ['ep.optimizer-ship'] }),
  ),
  ...at('2026-10-23 10:00', ADA, link('bl.explain-suggestions', 'ep.usertest-desktop')),
  ...at('2026-11-05 09:00', ADA, because('Route optimizer v2 shipped; nothing left to track', archive('gl.route-optimizer'))),
  ...at('2026-11-05 09:01', ADA, because('Completed in October', archive('gl.dispatch-v3'))),
  ...at(
    '2026-09-30 10:00',
    ADA,
    belief('bl.lena-reports', 'Lena\'s bug reports always include the leg id and a screenshot, so they are reproducible on the first try.', { subject: 'Lena', predicate: 'reports bugs', context: 'Northwind support tickets', timeframe: 'current', beliefType: 'pattern' }, { evidence: ['ep.closed-yard'] }),
  ),
  ...at('2026-10-30 10:00', ADA, url('nt.optimizer-scope', 'https://notion.so/harbor/route-optimizer-v2-retro', 'retro notes')),
];
