/**
 * A Kernle `memories.db` of N memories for the Kernle bench, written in Kernle's own schema
 * (kernle-schema.sql): raw entries promoted into episodes, notes and beliefs derived from them,
 * beliefs with confidence histories (some reinforced, some superseded), values, goals, drives and
 * relationships, in two stacks; and one 13-node lineage chain (a value down to its raw capture
 * through ten beliefs, each superseding the last) whose ids the bench times. Words come from a
 * small common vocabulary and a long tail of rare ones; the searched term sits in 1 memory in 400,
 * as a term someone looks up does.
 */
import { readFileSync } from 'node:fs';
import { writeKernleDatabase } from '../../src-main/store/kernle-writer';
import { createRng, type Rng } from '../generate/prng';

const SCHEMA = new URL('./kernle-schema.sql', import.meta.url);
const STACKS = ['bench-agent', 'second-agent'];
const START = Date.UTC(2026, 0, 1);
const DRIVE_TYPES = ['existence', 'growth', 'curiosity', 'connection', 'reproduction'];
const WORDS = (
  'deploy rollback migration friday weekend incident billing search auth ledger postgres review tests timezone onboarding ' +
  'tooltip latency cache index queue worker release hotfix pager alert dashboard metric budget contract schema backup ' +
  'restore replica failover token secret rotation audit policy freeze canary feature flag experiment cohort retention'
).split(' ');

/** The long tail: pseudo-words, each in a few dozen memories. */
const RARE_WORDS = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}x`);
const SEARCH_TERM = 'postmortem';
const SEARCH_EVERY = 400;

export interface KernleBenchFile {
  path: string;
  memories: number;
  /** Kernle ids of the chain, from the value down to its raw capture. */
  chain: string[];
  /** A belief with a confidence history of several entries. */
  historyBelief: string;
  /** A word that occurs in many memories. */
  searchWord: string;
}

type Row = Record<string, unknown>;

export function generateKernleDatabase(path: string, memories: number, seed: number): KernleBenchFile {
  const rng = createRng(seed);
  const at = (i: number) => new Date(START + i * 60_000).toISOString().replace('Z', '+00:00');
  let clock = 0;
  const tick = () => at(clock++);
  const sentence = (n: number) => Array.from({ length: n }, () => (rng.chance(0.5) ? rng.pick(WORDS) : rng.pick(RARE_WORDS))).join(' ');
  let written = 0;
  /** Every SEARCH_EVERY-th memory's words carry the searched term. */
  const words = (n: number) => (++written % SEARCH_EVERY === 0 ? `${sentence(n - 1)} ${SEARCH_TERM}` : sentence(n));
  const tables: Record<string, Row[]> = {
    raw_entries: [], episodes: [], notes: [], beliefs: [], agent_values: [], goals: [], drives: [], relationships: [],
  };
  const base = (stack: string, created: string): Row => ({ id: randomUUIDFrom(rng), stack_id: stack, created_at: created, local_updated_at: created });

  // The chain: raw ← episode ← 10 beliefs, each superseding the last ← value (13 nodes).
  const stack = STACKS[0] as string;
  const chainRaw = { ...base(stack, tick()), blob: `chain capture ${sentence(8)}`, processed: 1 } as Row;
  delete chainRaw.created_at;
  chainRaw.captured_at = chainRaw.local_updated_at;
  const chainEpisode: Row = { ...base(stack, tick()), objective: `chain episode ${sentence(6)}`, outcome: sentence(6), derived_from: JSON.stringify([`raw:${chainRaw.id}`]) };
  chainRaw.processed_into = JSON.stringify([`episode:${chainEpisode.id}`]);
  tables.raw_entries?.push(chainRaw);
  tables.episodes?.push(chainEpisode);
  const chainBeliefs: Row[] = [];
  for (let i = 0; i < 10; i++) {
    const previous = chainBeliefs[i - 1];
    const belief: Row = {
      ...base(stack, tick()),
      statement: `chain belief ${i} ${sentence(8)}`,
      confidence: 0.6 + i * 0.03,
      derived_from: JSON.stringify([previous ? `belief:${previous.id}` : `episode:${chainEpisode.id}`]),
      source_episodes: JSON.stringify([`episode:${chainEpisode.id}`]),
      confidence_history: confidenceHistory(rng, 6, at(clock)),
      times_reinforced: 6,
      is_active: i === 9 ? 1 : 0,
      supersedes: previous ? previous.id : null,
    };
    if (previous) previous.superseded_by = belief.id;
    chainBeliefs.push(belief);
  }
  tables.beliefs?.push(...chainBeliefs);
  const chainValue: Row = { ...base(stack, tick()), name: 'chain', statement: `chain value ${sentence(6)}`, derived_from: JSON.stringify([`belief:${chainBeliefs[9]?.id}`]) };
  tables.agent_values?.push(chainValue);

  // The rest, in proportions like a lived-in stack: many captures and episodes, fewer beliefs.
  const remaining = memories - 13;
  const share = { raw: 0.3, episode: 0.25, note: 0.15, belief: 0.22, value: 0.01, goal: 0.03 };
  const drives = STACKS.length * DRIVE_TYPES.length;
  const counts = {
    raw: Math.round(remaining * share.raw),
    episode: Math.round(remaining * share.episode),
    note: Math.round(remaining * share.note),
    belief: Math.round(remaining * share.belief),
    value: Math.round(remaining * share.value),
    goal: Math.round(remaining * share.goal),
    drive: drives,
    relationship: 0,
  };
  counts.relationship = remaining - Object.values(counts).reduce((a, b) => a + b, 0);
  const stackOf = (i: number) => STACKS[i % 7 === 0 ? 1 : 0] as string;
  const raws: Row[] = [];
  for (let i = 0; i < counts.raw; i++) {
    const created = tick();
    raws.push({ id: randomUUIDFrom(rng), stack_id: stackOf(i), blob: words(12), captured_at: created, local_updated_at: created, processed: 0 });
  }
  const episodes: Row[] = [];
  for (let i = 0; i < counts.episode; i++) {
    const raw = raws[i];
    const row: Row = {
      ...base(stackOf(i), tick()),
      objective: words(6),
      outcome: sentence(8),
      outcome_type: rng.pick(['success', 'failure', 'partial']),
      lessons: JSON.stringify([sentence(5)]),
      tags: JSON.stringify([rng.pick(WORDS)]),
      emotional_valence: Math.round((rng.int(200) / 100 - 1) * 100) / 100,
      derived_from: JSON.stringify(raw ? [`raw:${raw.id}`, 'context:bench'] : ['context:bench']),
    };
    if (raw) {
      raw.processed = 1;
      raw.processed_into = JSON.stringify([`episode:${row.id}`]);
    }
    episodes.push(row);
  }
  tables.raw_entries?.push(...raws);
  tables.episodes?.push(...episodes);
  for (let i = 0; i < counts.note; i++) {
    tables.notes?.push({ ...base(stackOf(i), tick()), content: words(14), note_type: rng.pick(['note', 'decision', 'insight', 'quote']), strength: i % 97 === 0 ? 0 : 1 });
  }
  for (let i = 0; i < counts.belief; i++) {
    const sources = [rng.pick(episodes), rng.pick(episodes)];
    const changes = 1 + rng.int(4);
    tables.beliefs?.push({
      ...base(STACKS[0] as string, tick()),
      statement: words(10),
      belief_type: rng.pick(['fact', 'pattern', 'preference', 'observation']),
      confidence: Math.round((0.2 + rng.int(76) / 100) * 100) / 100,
      derived_from: JSON.stringify(sources.map((e) => `episode:${e?.id}`)),
      source_episodes: JSON.stringify(sources.map((e) => String(e?.id))),
      confidence_history: confidenceHistory(rng, changes, at(clock)),
      times_reinforced: changes - 1,
      verification_count: rng.int(3),
    });
  }
  const beliefs = tables.beliefs ?? [];
  for (let i = 0; i < counts.value; i++) {
    tables.agent_values?.push({ ...base(stackOf(i), tick()), name: rng.pick(WORDS), statement: sentence(8), priority: rng.int(101), derived_from: JSON.stringify([`belief:${rng.pick(beliefs).id}`]) });
  }
  for (let i = 0; i < counts.goal; i++) {
    tables.goals?.push({ ...base(stackOf(i), tick()), title: sentence(6), description: sentence(10), priority: rng.pick(['low', 'medium', 'high']), status: rng.pick(['active', 'completed', 'paused']) });
  }
  STACKS.forEach((driveStack) => {
    for (const driveType of DRIVE_TYPES) {
      tables.drives?.push({ ...base(driveStack, tick()), drive_type: driveType, intensity: rng.int(101) / 100, focus_areas: JSON.stringify([rng.pick(WORDS)]), updated_at: at(clock) });
    }
  });
  for (let i = 0; i < counts.relationship; i++) {
    tables.relationships?.push({ ...base(stackOf(i), tick()), entity_name: `entity ${i}`, entity_type: rng.pick(['person', 'agent', 'organization']), relationship_type: 'colleague', notes: sentence(6), sentiment: rng.int(200) / 100 - 1 });
  }
  writeKernleDatabase(path, readFileSync(SCHEMA, 'utf8'), tables);
  return {
    path,
    memories,
    chain: [chainValue.id as string, ...[...chainBeliefs].reverse().map((b) => b.id as string), chainEpisode.id as string, chainRaw.id as string],
    historyBelief: chainBeliefs[9]?.id as string,
    searchWord: SEARCH_TERM,
  };
}

/** Kernle's confidence_history: `changes` entries a minute apart, each with a reason. */
function confidenceHistory(rng: Rng, changes: number, from: string): string {
  let confidence = 0.5;
  const start = Date.parse(from);
  return JSON.stringify(
    Array.from({ length: changes }, (_, i) => {
      const next = Math.min(0.99, Math.round((confidence + rng.int(10) / 100) * 1000) / 1000);
      const entry = { timestamp: new Date(start + i * 60_000).toISOString().replace('Z', '+00:00'), old: confidence, new: next, reason: `confirmed by review ${i}` };
      confidence = next;
      return entry;
    }),
  );
}

/** A UUID from the seeded generator, so the same seed writes the same file. */
function randomUUIDFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
