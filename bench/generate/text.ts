/**
 * Templates: what each kind of memory says, and its type fields. Words come from the memory's
 * topic and the shared vocabulary (see vocabulary.ts for why polarity words appear only here).
 */
import type { EvidenceRefKind } from '../../shared/model';
import type { Rng } from './prng';
import type { Topic, TopicCatalog } from './topics';
import { ADJECTIVES, OUTCOMES, PEOPLE, TEAMS, VERBS } from './vocabulary';

export interface Text {
  content: string;
  fields: Record<string, unknown>;
}

export interface Words {
  rng: Rng;
  catalog: TopicCatalog;
  topic: Topic;
}

const ERRORS = ['TimeoutError', 'ECONNRESET', 'DeadlockDetected', 'OutOfMemory', 'ConstraintViolation', 'ENOSPC', 'HTTP 503'];

/** A noun from the topic's own words most of the time, from the whole vocabulary otherwise. */
export function topicNoun(w: Words): string {
  return w.rng.chance(0.7) ? w.rng.pick(w.topic.nouns) : w.catalog.pickNoun(w.rng);
}

const ticket = (w: Words) => `${w.topic.project.toUpperCase()}-${w.rng.between(100, 9999)}`;
const fn = (w: Words) => w.rng.pick(w.topic.functions);
const adj = (w: Words) => w.rng.pick(ADJECTIVES);
const person = (w: Words) => w.rng.pick(PEOPLE);

export type RawRole = 'user' | 'assistant' | 'tool' | 'secret';

export function rawText(w: Words, role: RawRole, conversationId: string, turn: number, at: string): Text {
  const t = w.topic.name;
  const n1 = topicNoun(w);
  const n2 = topicNoun(w);
  const content = {
    user: () =>
      w.rng.pick([
        `${person(w)}: the ${n1} in ${t} is ${adj(w)} again after the ${n2} change, can you check ${fn(w)}?`,
        `${person(w)}: ${ticket(w)} says ${t} drops the ${n1} when the ${n2} is ${adj(w)}`,
        `${person(w)} asked whether ${t} still needs the ${n1} workaround from ${ticket(w)}`,
      ]),
    assistant: () =>
      w.rng.pick([
        `Traced the ${n1} problem in ${t} to ${fn(w)}: ${w.topic.path} skips the ${n2} on ${adj(w)} calls.`,
        `Plan for ${ticket(w)}: ${VERBS[w.rng.int(VERBS.length)]} the ${n1}, then re-run the ${t} ${n2} suite.`,
        `The ${t} ${n1} graph shows a ${adj(w)} ${n2} spike around ${w.rng.between(1, 23)}:00 UTC.`,
      ]),
    tool: () =>
      w.rng.pick([
        `CI run ${w.rng.between(10000, 99999)}: ${t} ${n1} test failed in ${w.topic.path} (${fn(w)} threw ${w.rng.pick(ERRORS)} after ${w.rng.between(20, 9000)} ms)`,
        `Deploy ${t} ${w.rng.between(1, 40)}.${w.rng.between(0, 20)}.${w.rng.between(0, 9)} finished; ${n1} error rate ${w.rng.between(0, 40) / 10}%`,
        `Profiler: ${fn(w)} spends ${w.rng.between(10, 90)}% of ${t} time in ${n1} ${n2}`,
      ]),
    secret: () => `${person(w)} pasted the ${t} staging ${n1} token ${w.rng.uint32().toString(16)}${w.rng.uint32().toString(16)} into the chat by mistake`,
  }[role]();
  return {
    content,
    fields: { source: { conversationId, turnId: `t${turn}`, role: role === 'secret' ? 'user' : role, at } },
  };
}

const OUTCOME_TYPES = ['success', 'success', 'success', 'failure', 'partial', 'unknown'] as const;

export function episodeText(w: Words): Text {
  const t = w.topic.name;
  const objective = w.rng.pick([
    `Investigate ${adj(w)} ${topicNoun(w)} in ${t} (${ticket(w)})`,
    `Ship the ${topicNoun(w)} change to ${t}`,
    `Debug ${fn(w)} returning a ${adj(w)} ${topicNoun(w)}`,
    `Review the ${t} ${topicNoun(w)} pull request from ${person(w)}`,
    `Migrate ${t} off the ${adj(w)} ${topicNoun(w)} path`,
    `Pair with ${person(w)} on the ${t} ${topicNoun(w)} incident`,
  ]);
  const outcome = w.rng.pick(OUTCOMES);
  const outcomeType = w.rng.pick(OUTCOME_TYPES);
  const lessons = [`${fn(w)} needs a ${topicNoun(w)} check before it ${w.rng.pick(VERBS)}s`];
  if (w.rng.chance(0.4)) lessons.push(`ask ${w.topic.owner} before touching the ${t} ${topicNoun(w)}`);
  return {
    content: `${objective} → ${outcome}`,
    fields: {
      outcome,
      outcomeType,
      lessons,
      emotionalValence: Math.round((outcomeType === 'failure' ? -w.rng.next() : w.rng.next() * 2 - 0.5) * 50) / 100,
      emotionalArousal: Math.round(w.rng.next() * 100) / 100,
    },
  };
}

const NOTE_TYPES = ['decision', 'insight', 'observation', 'quote', 'question', 'idea', 'fact'] as const;

export function noteText(w: Words): Text {
  const t = w.topic.name;
  const noteType = w.rng.pick(NOTE_TYPES);
  const speaker = person(w);
  const n1 = topicNoun(w);
  const n2 = topicNoun(w);
  const content = {
    decision: `Decision: ${t} moves its ${n1} to the ${n2}; ${speaker} signed off (${ticket(w)}).`,
    insight: `The ${t} ${n1} only breaks when the ${n2} is ${adj(w)}.`,
    observation: `${fn(w)} in ${t} logs a ${adj(w)} ${n1} on every ${n2} retry.`,
    quote: `"Nobody touches the ${t} ${n1} on a Friday" (${speaker})`,
    question: `Why does ${fn(w)} ${w.rng.pick(VERBS)} the ${n1} twice in ${t}?`,
    idea: `Could ${t} reuse the ${n2} from ${w.topic.domain} for its ${n1}?`,
    fact: `${t} keeps ${w.rng.between(2, 90)} days of ${n1} data in the ${n2}.`,
  }[noteType];
  return { content, fields: { noteType, speaker } };
}

const BELIEF_TYPES = ['fact', 'pattern', 'principle', 'preference', 'meta'] as const;

function beliefFields(w: Words, predicate: string, beliefType: (typeof BELIEF_TYPES)[number]): Record<string, unknown> {
  return {
    subject: w.topic.name,
    predicate,
    context: `${w.topic.team} team`,
    timeframe: w.rng.pick(['current', 'current', 'always', 'past'] as const),
    beliefType,
  };
}

export function neutralBeliefText(w: Words): Text {
  const t = w.topic.name;
  const n1 = topicNoun(w);
  const n2 = topicNoun(w);
  const [content, predicate] = w.rng.pick([
    [`${t} ${n1} failures usually come from a ${adj(w)} ${n2}`, 'fails because of'],
    [`The ${n1} in ${t} is ${adj(w)} under load`, 'behaves'],
    [`${fn(w)} is the hot path of ${t} for ${n1}`, 'is the hot path'],
    [`${w.topic.owner} knows the ${t} ${n1} code best`, 'is known best by'],
    [`${t} depends on the ${n2} to keep its ${n1} ${adj(w)}`, 'depends on'],
  ] as const);
  return { content, fields: beliefFields(w, predicate, w.rng.pick(BELIEF_TYPES)) };
}

/**
 * A belief that takes one side of an opposing pair (shared/rules/contradiction). The same slots
 * with the other side give its rule contradiction.
 */
export interface PolarStatement {
  pattern: number;
  side: 0 | 1;
  slots: readonly string[];
}

/**
 * Two statements are "about the same thing" when they share two content terms. The patterns'
 * fixed words are all stopwords or polarity words, so only the slots (a function name, the topic's
 * nouns, a person) count: the pairs the generator means qualify, plus the odd real coincidence.
 */
const POLAR_PATTERNS: readonly {
  sides: readonly [string, string];
  kind: 'negation' | 'comparative' | 'preference';
  render: (side: string, s: readonly string[]) => string;
}[] = [
  { sides: ['always', 'never'], kind: 'negation', render: (p, s) => `${s[0]} ${p} gets the ${s[1]} from the ${s[2]}` },
  { sides: ['should', 'should not'], kind: 'negation', render: (p, s) => `${s[0]} ${p} do the ${s[1]} before the ${s[2]}` },
  { sides: ['faster', 'slower'], kind: 'comparative', render: (p, s) => `${s[0]} is ${p} with the ${s[1]} than with the ${s[2]}` },
  { sides: ['more', 'less'], kind: 'comparative', render: (p, s) => `${s[0]} makes ${p} ${s[1]} when it has the ${s[2]}` },
  { sides: ['prefers', 'avoids'], kind: 'preference', render: (p, s) => `${s[3]} ${p} ${s[0]} for the ${s[1]} and the ${s[2]}` },
  { sides: ['likes', 'dislikes'], kind: 'preference', render: (p, s) => `${s[3]} ${p} what ${s[0]} does to the ${s[1]} ${s[2]}` },
];

export function polarStatement(w: Words): PolarStatement {
  return {
    pattern: w.rng.int(POLAR_PATTERNS.length),
    side: w.rng.chance(0.5) ? 0 : 1,
    slots: [fn(w), topicNoun(w), topicNoun(w), person(w)],
  };
}

export function opposite(statement: PolarStatement): PolarStatement {
  return { ...statement, side: statement.side === 0 ? 1 : 0 };
}

export function polarBeliefText(w: Words, statement: PolarStatement): Text {
  const pattern = POLAR_PATTERNS[statement.pattern] as (typeof POLAR_PATTERNS)[number];
  const content = pattern.render(pattern.sides[statement.side], statement.slots);
  const beliefType = pattern.kind === 'preference' ? 'preference' : w.rng.pick(['fact', 'pattern', 'principle'] as const);
  return { content, fields: beliefFields(w, pattern.sides[statement.side], beliefType) };
}

/** A revision of a belief, as a supersession restates it. */
export function revisedBeliefText(w: Words, old: string): Text {
  const revision = w.rng.pick([
    `since ${ticket(w)}`,
    `except during ${topicNoun(w)} migrations`,
    `for the ${w.rng.pick(TEAMS)} tenants only`,
    `after the ${topicNoun(w)} rewrite`,
    `unless the ${topicNoun(w)} is ${adj(w)}`,
  ]);
  const base = old.replace(/ \((?:revised|rev\. \d+)[^)]*\)$/, '');
  return { content: `${base} (revised: ${revision})`, fields: {} };
}

export function valueText(w: Words): Text {
  const n1 = topicNoun(w);
  const [content, name] = w.rng.pick([
    [`Keep ${w.topic.domain} changes reversible: every ${n1} change ships with a rollback`, 'reversibility'],
    [`Make ${n1} failures visible before they reach users`, 'visibility'],
    [`Protect user data in ${w.topic.domain} even when it slows delivery`, 'privacy'],
    [`Leave the ${n1} code easier to change than we found it`, 'maintainability'],
    [`Tell ${w.topic.owner} early when the ${n1} plan slips`, 'candor'],
  ] as const);
  return { content, fields: { name, priority: w.rng.between(40, 100) } };
}

export function goalText(w: Words): Text {
  const t = w.topic.name;
  const n1 = topicNoun(w);
  const content = w.rng.pick([
    `Cut ${t} p95 ${n1} latency below ${w.rng.between(20, 400)} ms`,
    `Retire the legacy ${n1} path in ${t} by Q${w.rng.between(1, 4)}`,
    `Get ${t} ${n1} flakes under ${w.rng.between(1, 10)} per week`,
    `Document the ${t} ${n1} runbook for on-call`,
  ]);
  return {
    content,
    fields: {
      description: `${w.topic.team} team goal for ${w.topic.project}; owner ${w.topic.owner}`,
      goalStatus: w.rng.pick(['active', 'active', 'active', 'completed', 'paused', 'abandoned'] as const),
      priority: w.rng.pick(['low', 'medium', 'medium', 'high'] as const),
    },
  };
}

export function driveText(w: Words): Text {
  const t = w.topic.name;
  const [content, driveType] = w.rng.pick([
    [`Understand how ${t} handles ${topicNoun(w)} under load`, 'curiosity'],
    [`Get fluent in the ${w.topic.domain} ${topicNoun(w)} code`, 'growth'],
    [`Earn ${w.topic.owner}'s trust on ${t} reviews`, 'connection'],
    [`Keep the ${t} ${topicNoun(w)} from paging anyone at night`, 'existence'],
  ] as const);
  return { content, fields: { driveType, intensity: Math.round(w.rng.next() * 100) / 100 } };
}

export function relationshipText(w: Words): Text {
  const who = person(w);
  const relationshipType = w.rng.pick(['reviewer', 'teammate', 'manager', 'stakeholder', 'mentor']);
  const system = w.rng.chance(0.25);
  return {
    content: system
      ? `${w.topic.name} (a ${w.topic.team} system the agent deploys to)`
      : `${who} (${relationshipType} on ${w.topic.name}, ${w.topic.team} team)`,
    fields: {
      entityType: system ? 'system' : 'person',
      relationshipType: system ? 'dependency' : relationshipType,
      sentiment: Math.round((w.rng.next() * 1.6 - 0.6) * 100) / 100,
      trust: Math.round((0.3 + w.rng.next() * 0.7) * 100) / 100,
    },
  };
}

export interface EvidenceRef {
  kind: EvidenceRefKind;
  ref: string;
}

export function evidenceRef(w: Words, kind: EvidenceRefKind): EvidenceRef {
  const ref = {
    code: () => `${w.topic.path}:${w.rng.between(1, 900)}`,
    file: () => w.rng.pick([`docs/adr/${w.rng.between(1, 300)}-${w.topic.domain}.md`, `runbooks/${w.topic.name}.md`]),
    event: () => w.rng.pick([`ci-run/${w.rng.between(10000, 99999)}`, `incident/INC-${w.rng.between(100, 4000)}`, `deploy/${w.topic.name}-${w.rng.between(1, 999)}`]),
    url: () => `https://git.example.com/${w.topic.project}/pull/${w.rng.between(1, 20000)}`,
    text: () => `${w.topic.owner} confirmed it in standup`,
  }[kind]();
  return { kind, ref };
}
