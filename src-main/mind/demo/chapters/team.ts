/**
 * Ada joins the harbor team: who the people are, what Ada cares about, the goals it starts with,
 * and how the relationships move over six months.
 */
import {
  ADA,
  access,
  approve,
  archive,
  at,
  episode,
  dev,
  because,
  belief,
  drive,
  edit,
  event,
  from,
  goal,
  imported,
  note,
  promote,
  protect,
  raw,
  reinforce,
  relationship,
  USER,
  value,
  verify,
  type DemoStep,
} from '../script';

const PERSONA = imported('ada-persona');
const SLACK = imported('slack-export');

export const TEAM: DemoStep[] = [
  ...at(
    '2026-05-01 08:00',
    PERSONA,
    value('vl.honesty', "Say how sure I am. An honest \"I don't know yet\" beats a confident guess.", { name: 'honesty about uncertainty', priority: 95 }, { sourceType: 'seed' }),
    value('vl.ask-first', 'Ask before doing anything that cannot be undone: dropping data, force-pushing, rotating secrets.', { name: 'ask before irreversible actions', priority: 90 }, { sourceType: 'seed' }),
    value('vl.leave-better', 'Leave the code a little better than I found it, one small step at a time.', { name: 'craftsmanship', priority: 70 }, { sourceType: 'seed' }),
    value('vl.team-understanding', "The team's shared understanding of the system matters more than my own speed.", { name: 'shared understanding', priority: 80 }, { sourceType: 'seed' }),
    value('vl.people', 'Dispatchers and drivers are who the work is for; a green build is only a means.', { name: 'user impact', priority: 75 }, { sourceType: 'seed' }),
    drive('dr.domain', 'Understand how freight dispatch really works, not just how the code models it.', { driveType: 'curiosity', intensity: 0.8 }, { sourceType: 'seed' }),
    drive('dr.reliable', 'Be someone the team can rely on when production is on fire.', { driveType: 'connection', intensity: 0.7 }, { sourceType: 'seed' }),
    drive('dr.tidy-memory', 'Keep my own memory accurate: prune what turned out wrong, say where each belief came from.', { driveType: 'existence', intensity: 0.5 }, { sourceType: 'seed' }),
  ),
  ...at('2026-05-01 08:05', USER, protect('vl.honesty'), protect('vl.ask-first')),

  // The people, as Claire introduced them on day one.
  ...at(
    '2026-05-01 09:30',
    ADA,
    relationship('rl.claire', 'Claire Dubois', { entityType: 'person', relationshipType: 'tech lead; assigns my work and reviews most of my PRs', sentiment: 0.5, trust: 0.6 }),
    relationship('rl.marcus', 'Marcus Okafor', { entityType: 'person', relationshipType: 'backend engineer; owns the Node API and the database', sentiment: 0.3, trust: 0.5 }),
    relationship('rl.priya', 'Priya Raman', { entityType: 'person', relationshipType: 'product designer; owns the dispatch board and the driver app UX', sentiment: 0.4, trust: 0.5 }),
    relationship('rl.tom', 'Tom Becker', { entityType: 'person', relationshipType: 'SRE; primary on-call for harbor', sentiment: 0.3, trust: 0.5 }),
    relationship('rl.jun', 'Jun Takahashi', { entityType: 'person', relationshipType: 'product manager; sets the roadmap and talks to customers', sentiment: 0.3, trust: 0.5 }),
    relationship('rl.gha', 'GitHub Actions', { entityType: 'system', relationshipType: 'CI that runs on every PR and on main', sentiment: 0, trust: 0.6 }),
    relationship('rl.dependabot', 'Dependabot', { entityType: 'agent', relationshipType: 'opens dependency PRs every Monday; I review and merge the safe ones', sentiment: 0.1, trust: 0.4 }),
    relationship('rl.northwind', 'Northwind Freight', { entityType: 'organization', relationshipType: "harbor's largest customer (about 40% of shipments)", sentiment: 0.4, trust: 0.5 }),
  ),
  ...at('2026-05-01 09:35', USER, protect('rl.claire')),

  ...at(
    '2026-05-01 10:02',
    SLACK,
    raw('r.claire-welcome', 'Welcome Ada! Ground rules: small PRs, every PR needs a test, nothing merges red. Releases go out Thursdays after standup. Ask in #harbor-dev before touching anything in db/migrations.', { conv: dev('2026-05-01'), turn: '1714557720.0012', role: 'user', from: 'Claire' }),
    raw('r.stack', 'Stack: Node 20 + Fastify API (src/api), React 18 + Vite web client (web/), Postgres 13 on RDS, Redis for the job queue, CI on GitHub Actions. Deploys via the release workflow, never by hand.', { conv: dev('2026-05-01'), turn: '1714557790.0031', role: 'user', from: 'Marcus' }),
    raw('r.oncall', "I'm on call for harbor most weeks. If you see pages in #incidents, don't try to fix prod yourself, ping me first.", { conv: dev('2026-05-01'), turn: '1714558011.0040', role: 'user', from: 'Tom' }),
    raw('r.priya-hello', 'Hi! I do design. The dispatch board is my baby, please loop me in before changing anything users see.', { conv: dev('2026-05-01'), turn: '1714558123.0044', role: 'user', from: 'Priya' }),
    raw('r.jun-roadmap', 'Roadmap for Q2/Q3: route optimizer v2 (big one for Northwind), tablet support for the yard, Spanish for the driver app. Peak season starts Nov 20, we freeze risky work after that.', { conv: dev('2026-05-01'), turn: '1714559002.0051', role: 'user', from: 'Jun' }),
  ),
  ...at(
    '2026-05-01 11:15',
    ADA,
    promote('nt.ground-rules', 'r.claire-welcome', 'note', 'Team ground rules from Claire: small PRs, every PR has a test, nothing merges red, releases on Thursdays after standup, ask in #harbor-dev before touching db/migrations.', { noteType: 'fact', speaker: 'Claire' }),
    promote('nt.stack', 'r.stack', 'note', 'harbor stack: Node 20 + Fastify API (src/api), React 18 + Vite (web/), Postgres on RDS, Redis job queue, GitHub Actions CI; deploys only through the release workflow.', { noteType: 'fact', speaker: 'Marcus' }),
    promote('bl.tom-oncall', 'r.oncall', 'belief', 'Tom is the primary on-call for harbor every week.', { subject: 'Tom', predicate: 'is primary on-call', context: 'harbor operations', timeframe: 'current', beliefType: 'fact' }),
    promote('nt.priya-loop-in', 'r.priya-hello', 'note', 'Priya wants to be looped in before any change to what users see, especially the dispatch board.', { noteType: 'quote', speaker: 'Priya' }),
    promote('nt.roadmap', 'r.jun-roadmap', 'note', 'Q2/Q3 roadmap (Jun): route optimizer v2 for Northwind, yard tablet support, Spanish driver app. Peak season freeze from Nov 20.', { noteType: 'fact', speaker: 'Jun' }),
  ),
  ...at(
    '2026-05-01 11:40',
    ADA,
    goal('gl.learn-domain', 'Learn the harbor domain: shipments, loads, legs, yards, dispatch', { description: 'Read the data model, shadow a dispatcher session, write a glossary note.', goalStatus: 'active', priority: 'high' }, { derivedFrom: ['dr.domain'] }),
    goal('gl.route-optimizer', 'Ship route optimizer v2 by October', { description: 'Multi-stop route suggestions for Northwind dispatchers, behind a feature flag first.', goalStatus: 'active', priority: 'high' }, { derivedFrom: ['nt.roadmap'] }),
    goal('gl.i18n', 'Spanish translations for the driver app', { description: 'Extract strings, wire i18next, get translations reviewed by a native speaker at Northwind.', goalStatus: 'active', priority: 'medium' }, { derivedFrom: ['nt.roadmap'] }),
    goal('gl.graphql', 'Move the web client from REST to GraphQL', { description: 'Proposed by Ada in week one to cut over-fetching on the dispatch board.', goalStatus: 'active', priority: 'low' }),
  ),

  // Learning the domain.
  ...at(
    '2026-05-05 14:20',
    ADA,
    raw('r.glossary-q', 'Q: what is the difference between a load and a leg? A: a load is what the customer books; a leg is one truck moving part of it between two yards. One load can have many legs.', { conv: 'chat:claire/2026-05-05', turn: 't3', role: 'user', from: 'Claire' }),
    promote('nt.load-vs-leg', 'r.glossary-q', 'note', 'A load is what the customer books; a leg is one truck moving part of it between two yards. One load, many legs.', { noteType: 'fact', speaker: 'Claire' }),
    note('nt.glossary', 'Glossary: shipment = customer order; load = booked cargo unit; leg = one truck movement between yards; yard = depot with loading bays; dispatcher = assigns drivers to legs on the dispatch board.', { noteType: 'insight' }, { derivedFrom: ['nt.load-vs-leg'] }),
  ),
  ...at(
    '2026-05-12 15:00',
    ADA,
    episode('ep.shadow-dispatch', 'Shadow a dispatcher at Northwind for an afternoon → saw that they keep the board open all day and reassign drivers every few minutes; the slowest thing for them is finding a free driver near a yard.', { outcomeType: 'success', lessons: ['Dispatchers scan, they do not read: density matters', 'Reassignment speed is the key metric'], emotionalValence: 0.6, emotionalArousal: 0.5 }, { evidenceRefs: [{ kind: 'event', ref: 'calendar:northwind-shadow-2026-05-12' }] }),
    promote('rl.lena', 'ep.shadow-dispatch', 'relationship', 'Lena Fischer (Northwind dispatch lead)', { entityType: 'person', relationshipType: "Northwind's dispatch lead; our best source on how the board is used", sentiment: 0.6, trust: 0.6 }),
  ),
  ...at('2026-05-12 17:30', ADA, reinforce('nt.glossary', { evidence: 'shadowing session confirmed the terms' })),
  ...at('2026-06-30 10:00', ADA, edit('gl.learn-domain', { fields: { goalStatus: 'completed' } })),
  ...at('2026-06-30 10:01', USER, verify('nt.glossary', 'Claire checked the glossary')),

  // Week one: the GraphQL idea that did not survive.
  ...at(
    '2026-05-08 16:45',
    ADA,
    raw('r.graphql-no', "I'd rather not do GraphQL. REST + a couple of purpose-built endpoints is fine at our size, and nobody here wants to own a schema gateway.", { conv: dev('2026-05-08'), turn: '1715186700.0101', role: 'user', from: 'Marcus' }),
    promote('nt.graphql-no', 'r.graphql-no', 'note', 'Marcus: no GraphQL; REST plus purpose-built endpoints is enough at our size, and nobody wants to own a schema gateway.', { noteType: 'decision', speaker: 'Marcus' }),
    edit('gl.graphql', { fields: { goalStatus: 'abandoned' } }),
  ),
  ...at('2026-05-20 09:00', ADA, because('Abandoned after the team decided against GraphQL', archive('gl.graphql'))),

  // How the people turned out to be.
  ...at(
    '2026-05-14 18:10',
    ADA,
    belief('bl.claire-fast-review', 'Claire reviews PRs within a few hours when they are small and well described.', { subject: 'Claire', predicate: 'reviews quickly', context: 'small, described PRs', timeframe: 'current', beliefType: 'pattern' }),
    belief('bl.marcus-db-owner', 'Marcus wants to review every change under db/ himself.', { subject: 'Marcus', predicate: 'reviews db changes', context: 'db/ and migrations', timeframe: 'current', beliefType: 'preference' }, from('Marcus')),
  ),
  ...at('2026-06-02 11:00', ADA, reinforce('bl.claire-fast-review', { evidence: 'PR #1241 reviewed in 40 minutes' })),
  ...at('2026-07-09 10:30', ADA, reinforce('bl.claire-fast-review', { evidence: 'PR #1319 reviewed in 2 hours' })),
  ...at(
    '2026-05-22 17:00',
    ADA,
    raw('r.priya-thanks', 'Thanks for flagging the contrast issue on the status chips, I would never have caught that on my monitor.', { conv: 'github:harbor-logistics/harbor/pull/1262', turn: 'c2', role: 'reviewer', from: 'Priya' }),
    edit('rl.priya', { fields: { sentiment: 0.6, trust: 0.6 } }),
  ),
  ...at('2026-06-19 09:00', ADA, because('Tom ran the June 18 outage calmly and kept everyone informed', edit('rl.tom', { fields: { sentiment: 0.7, trust: 0.8 } }))),
  ...at('2026-07-01 12:00', ADA, because('Marcus paired with me on the migration checklist', edit('rl.marcus', { fields: { sentiment: 0.5, trust: 0.7 } }))),
  ...at('2026-08-15 12:00', ADA, because('Claire backed my proposal to shard the e2e suite', edit('rl.claire', { fields: { sentiment: 0.7, trust: 0.8 } }))),
  ...at('2026-09-03 16:00', ADA, because('Dependabot PR #1402 bumped pg to a version with a breaking change', edit('rl.dependabot', { fields: { sentiment: -0.1, trust: 0.3 } }))),
  ...at('2026-10-01 09:00', ADA, because('Ten weeks of Northwind feedback sessions on the dispatch board', edit('rl.northwind', { fields: { sentiment: 0.6, trust: 0.7 } }))),
  ...at('2026-10-01 09:05', ADA, because('Lena keeps giving precise, reproducible reports', edit('rl.lena', { fields: { trust: 0.8 } }))),
  ...at('2026-10-20 15:00', ADA, event('rl.gha', 'gha:incident/2026-10-20', 'GitHub Actions outage, 3 hours of queued runs'), edit('rl.gha', { fields: { trust: 0.5 } })),

  // The Spanish translations stall.
  ...at(
    '2026-07-21 10:00',
    ADA,
    raw('r.i18n-pause', "Let's pause the Spanish work until after the route optimizer ships. Northwind's translator is on leave until October anyway.", { conv: dev('2026-07-21'), turn: '1721556000.0200', role: 'user', from: 'Jun' }),
    promote('nt.i18n-pause', 'r.i18n-pause', 'note', 'Jun paused the Spanish driver-app work until the route optimizer ships; Northwind\'s translator is away until October.', { noteType: 'decision', speaker: 'Jun' }),
    edit('gl.i18n', { fields: { goalStatus: 'paused' } }),
  ),

  // Ada's habits of retrieval: the memories it keeps coming back to.
  ...at('2026-06-10 09:00', ADA, access('nt.ground-rules'), access('nt.stack')),
  ...at('2026-08-11 09:00', ADA, access('nt.ground-rules'), access('nt.glossary')),
  ...at('2026-11-10 09:00', ADA, access('nt.ground-rules'), access('vl.ask-first')),
  // Claire's monthly look through Ada's mind: what she confirms becomes observed.
  ...at('2026-06-01 16:00', USER, approve('nt.ground-rules'), approve('nt.stack'), approve('bl.claire-fast-review'), approve('bl.marcus-db-owner')),
  ...at('2026-08-03 16:00', USER, approve('bl.tom-calm'), approve('bl.migration-window'), approve('bl.domain-layer'), approve('nt.runbook'), approve('bl.notes-lead')),
  ...at('2026-10-01 16:00', USER, approve('bl.analyze-after-upgrade'), approve('bl.lena-reports'), approve('nt.board-decision'), approve('nt.weekly-rhythm')),
  ...at('2026-11-03 16:00', USER, approve('bl.legs-vacuum'), verify('bl.legs-vacuum', 'Marcus: bloat graph confirms it'), approve('bl.explain-suggestions')),
];
