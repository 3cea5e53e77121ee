/**
 * Writing one memory of a given type the way an agent's mind grows one: raw captures from
 * conversations, episodes promoted or triaged from them, beliefs synthesized from episodes,
 * values and goals promoted from beliefs. Each writes through the domain operations and books the
 * follow-ups (reviews, verifications, reinforcements, …) that will happen to it later.
 */
import type { EvidenceRefKind, MemoryType } from '../../shared/model';
import { createMemory, type CreateMemoryInput } from '../../src-main/mind/create';
import { promoteMemory } from '../../src-main/mind/promote';
import { supersedeBelief } from '../../src-main/mind/supersede';
import { findMemoryById } from '../../src-main/store/memories-repo';
import type { MemoryRecord } from '../../src-main/store/memory-record';
import { type GenContext, later, recent, wordsFor } from './context';
import {
  driveText,
  episodeText,
  evidenceRef,
  goalText,
  neutralBeliefText,
  noteText,
  opposite,
  polarBeliefText,
  polarStatement,
  type RawRole,
  rawText,
  relationshipText,
  revisedBeliefText,
  type Text,
  valueText,
  type Words,
} from './text';
import type { Action } from './world';
import { PEOPLE } from './vocabulary';

const AGENTS = ['agent:coder', 'agent:reviewer', 'agent:planner'] as const;

type Placement = Pick<CreateMemoryInput, 'scope' | 'project'>;

function placement(ctx: GenContext, w: Words): Placement {
  return ctx.rng.chance(0.6) ? { scope: 'project', project: w.topic.project } : {};
}

function refs(w: Words, kinds: readonly EvidenceRefKind[]) {
  return kinds.map((kind) => evidenceRef(w, kind));
}

function usable(ctx: GenContext, ids: readonly string[]): string[] {
  return ids.filter((id) => !ctx.world.inactive.has(id));
}

function action(kind: Action['kind'], id: string, type: MemoryType, topic: number): Action {
  return { kind, id, type, topic };
}

/** Reviews of something consolidation inferred: most approved within days, some rejected. */
function bookReview(ctx: GenContext, id: string, type: MemoryType, topic: number, approveShare = 0.65, rejectShare = 0.1): void {
  const r = ctx.rng.next();
  if (r < approveShare) later(ctx, 4, action('approve', id, type, topic));
  else if (r < approveShare + rejectShare) later(ctx, 4, action('reject', id, type, topic));
}

function bookSometimes(ctx: GenContext, p: number, days: number, kind: Action['kind'], id: string, type: MemoryType, topic: number) {
  if (ctx.rng.chance(p)) later(ctx, days, action(kind, id, type, topic));
}

export function createRaw(ctx: GenContext, topic: number): string {
  const w = wordsFor(ctx, topic);
  const memory = ctx.world.topicMemory(topic);
  if (memory.conversation.id === '' || ctx.rng.chance(0.2)) {
    memory.conversation = { id: `conv_${ctx.rng.uint32().toString(36)}`, turn: 0 };
  }
  memory.conversation.turn += 1;
  const r = ctx.rng.next();
  const role: RawRole = r < 0.004 ? 'secret' : r < 0.4 ? 'user' : r < 0.76 ? 'assistant' : 'tool';
  const text = rawText(w, role, memory.conversation.id, memory.conversation.turn, ctx.nowIso());
  const imported = role === 'user' && ctx.rng.chance(0.3);
  const speaker = ctx.rng.pick(PEOPLE);
  const source =
    role === 'tool' ? 'observed in CI logs' : role === 'user' || role === 'secret' ? `told by ${speaker}${imported ? ' on slack' : ''}` : undefined;
  const confidence =
    role === 'tool' ? 0.9 : ctx.rng.chance(0.08) ? 0.2 + ctx.rng.next() * 0.25 : 0.55 + ctx.rng.next() * 0.4;
  const created = createMemory(
    ctx.mind,
    {
      type: 'raw',
      ...text,
      source,
      confidence,
      evidenceRefs: role === 'tool' && ctx.rng.chance(0.5) ? refs(w, ['event']) : undefined,
      ...placement(ctx, w),
    },
    { actor: imported ? 'import:slack' : 'agent:coder' },
  );
  ctx.count('raw');
  if (role === 'secret') later(ctx, 1, action('forget', created.id, 'raw', topic));
  else {
    ctx.world.remember(topic, 'raws', created.id);
    bookSometimes(ctx, 0.02, 100, 'archive', created.id, 'raw', topic);
    bookSometimes(ctx, 0.02, 20, 'access', created.id, 'raw', topic);
  }
  return created.id;
}

export function createEpisode(ctx: GenContext, topic: number): string {
  const w = wordsFor(ctx, topic);
  const raws = usable(ctx, ctx.world.topicMemory(topic).raws);
  const text = episodeText(w);
  const r = ctx.rng.next();
  let id: string;
  let pending = false;
  if (r < 0.4 && raws.length > 0) {
    const raw = recent(ctx, raws, 1)[0] as string;
    id = promoteMemory(ctx.mind, raw, { to: 'episode', text: text.content, fields: text.fields }, { actor: 'agent:coder' }).created.id;
    ctx.world.retire(topic, raw);
    ctx.onDerivedEpisode(id, [raw]);
  } else if (r < 0.8 && raws.length > 0) {
    // Consolidation's triage of several captures of one conversation into one episode.
    const sources = recent(ctx, raws, ctx.rng.between(2, 8));
    id = createMemory(
      ctx.mind,
      { type: 'episode', ...text, source: 'consolidation triage', derivedFrom: sources, ...placement(ctx, w) },
      { actor: ctx.schedulerActor() },
    ).id;
    pending = true;
    ctx.onDerivedEpisode(id, sources);
  } else {
    const kinds: EvidenceRefKind[] = ctx.rng.chance(0.5) ? ['event'] : ctx.rng.chance(0.3) ? ['code'] : [];
    id = createMemory(
      ctx.mind,
      { type: 'episode', ...text, evidenceRefs: refs(w, kinds), confidence: 0.6 + ctx.rng.next() * 0.35, ...placement(ctx, w) },
      { actor: ctx.rng.pick(AGENTS) },
    ).id;
  }
  ctx.count('episode');
  ctx.world.remember(topic, 'episodes', id);
  if (pending) bookReview(ctx, id, 'episode', topic);
  bookSometimes(ctx, 0.1, 20, 'reinforce', id, 'episode', topic);
  bookSometimes(ctx, 0.05, 10, 'verify', id, 'episode', topic);
  bookSometimes(ctx, 0.05, 15, 'add_ref', id, 'episode', topic);
  bookSometimes(ctx, 0.08, 30, 'access', id, 'episode', topic);
  return id;
}

export function createNote(ctx: GenContext, topic: number): string {
  const w = wordsFor(ctx, topic);
  const raws = usable(ctx, ctx.world.topicMemory(topic).raws);
  const text = noteText(w);
  let id: string;
  if (ctx.rng.chance(0.7) && raws.length > 0) {
    const raw = recent(ctx, raws, 1)[0] as string;
    id = promoteMemory(ctx.mind, raw, { to: 'note', text: text.content, fields: text.fields }, { actor: 'agent:coder' }).created.id;
    ctx.world.retire(topic, raw);
  } else {
    const low = ctx.rng.chance(0.1);
    id = createMemory(
      ctx.mind,
      { type: 'note', ...text, confidence: low ? 0.3 + ctx.rng.next() * 0.3 : 0.7 + ctx.rng.next() * 0.3, ...placement(ctx, w) },
      { actor: ctx.rng.chance(0.5) ? 'user' : 'agent:coder' },
    ).id;
  }
  ctx.count('note');
  ctx.world.remember(topic, 'notes', id);
  bookSometimes(ctx, 0.06, 20, 'verify', id, 'note', topic);
  bookSometimes(ctx, 0.05, 30, 'reinforce', id, 'note', topic);
  bookSometimes(ctx, 0.04, 120, 'archive', id, 'note', topic);
  bookSometimes(ctx, 0.05, 10, 'add_ref', id, 'note', topic);
  return id;
}

/** A new belief's text: some take a side of an opposing pair (and can be contradicted later). */
function freshBeliefText(ctx: GenContext, w: Words): { text: Text; polar: ReturnType<typeof polarStatement> | null } {
  if (ctx.rng.chance(0.12)) {
    const statement = polarStatement(w);
    return { text: polarBeliefText(w, statement), polar: statement };
  }
  return { text: neutralBeliefText(w), polar: null };
}

export function createBelief(ctx: GenContext, topic: number): string {
  const w = wordsFor(ctx, topic);
  const memory = ctx.world.topicMemory(topic);
  const episodes = usable(ctx, memory.episodes);
  const beliefs = usable(ctx, memory.beliefs);
  const r = ctx.rng.next();
  let id: string;
  let pending = false;
  let polar: ReturnType<typeof polarStatement> | null = null;
  let hasCode = false;

  if (r < 0.15 && beliefs.length > 0) {
    // A revision: the new belief supersedes the old (chains grow when revised again).
    const old = recent(ctx, beliefs, 1)[0] as string;
    const oldPolar = memory.polar.find((p) => p.id === old);
    const text = revisedBeliefText(w, (findMemoryById(ctx.mind.store.db, old) as MemoryRecord).content);
    id = supersedeBelief(ctx.mind, old, { content: text.content }, {
      actor: ctx.rng.chance(0.6) ? 'user' : 'agent:reviewer',
      reason: 'revised after new evidence',
    }).created.id;
    ctx.world.inactive.add(old);
    ctx.world.retire(topic, old);
    if (oldPolar) polar = oldPolar.statement;
  } else if (r < 0.19 && memory.polar.length > 0) {
    // A belief that contradicts an earlier one by rule, grounded in a newer episode.
    const earlier = ctx.rng.pick(memory.polar);
    polar = opposite(earlier.statement);
    const text = polarBeliefText(w, polar);
    id = createMemory(
      ctx.mind,
      { type: 'belief', ...text, source: `told by ${ctx.rng.pick(PEOPLE)}`, evidence: recent(ctx, episodes, ctx.rng.between(0, 2)), ...placement(ctx, w) },
      { actor: 'agent:coder' },
    ).id;
  } else if (r < 0.36 && episodes.length > 0) {
    const fresh = freshBeliefText(ctx, w);
    polar = fresh.polar;
    const episode = recent(ctx, episodes, 1)[0] as string;
    id = promoteMemory(ctx.mind, episode, { to: 'belief', text: fresh.text.content, fields: fresh.text.fields }, { actor: 'agent:coder' }).created.id;
    for (const days of [10, 40, 90]) bookSometimes(ctx, 0.6, days, 'link_evidence', id, 'belief', topic);
  } else if (r < 0.76 && episodes.length > 0) {
    // Consolidation synthesizes a belief from a cluster of episodes: it waits for review.
    const fresh = freshBeliefText(ctx, w);
    polar = fresh.polar;
    const notes = usable(ctx, memory.notes);
    hasCode = ctx.rng.chance(0.35);
    id = createMemory(
      ctx.mind,
      {
        type: 'belief',
        ...fresh.text,
        source: 'consolidation',
        evidence: recent(ctx, episodes, ctx.rng.between(6, 30)),
        derivedFrom: notes.length > 0 && ctx.rng.chance(0.3) ? recent(ctx, notes, 1) : undefined,
        evidenceRefs: hasCode ? refs(w, ['code']) : undefined,
        ...placement(ctx, w),
      },
      { actor: ctx.schedulerActor() },
    ).id;
    pending = true;
    // Later cycles match new episodes to it and add them as support.
    for (const days of [15, 60]) bookSometimes(ctx, 0.5, days, 'link_evidence', id, 'belief', topic);
  } else if (r < 0.9) {
    const fresh = freshBeliefText(ctx, w);
    polar = fresh.polar;
    hasCode = ctx.rng.chance(0.4);
    id = createMemory(
      ctx.mind,
      {
        type: 'belief',
        ...fresh.text,
        source: ctx.rng.chance(0.5) ? `told by ${ctx.rng.pick(PEOPLE)}` : undefined,
        evidence: recent(ctx, episodes, ctx.rng.between(0, 8)),
        evidenceRefs: hasCode ? refs(w, [ctx.rng.chance(0.7) ? 'code' : 'file']) : undefined,
        ...placement(ctx, w),
      },
      { actor: ctx.rng.chance(0.5) ? 'user' : 'agent:coder' },
    ).id;
    bookSometimes(ctx, 0.4, 7, 'approve', id, 'belief', topic);
  } else {
    // The agent's own inference: unsure, often with no recorded basis (an orphan until reviewed).
    const fresh = freshBeliefText(ctx, w);
    polar = fresh.polar;
    id = createMemory(
      ctx.mind,
      {
        type: 'belief',
        ...fresh.text,
        source: 'inferred by reasoning',
        confidence: 0.25 + ctx.rng.next() * 0.45,
        evidence: ctx.rng.chance(0.5) ? recent(ctx, episodes, 1) : undefined,
        ...placement(ctx, w),
      },
      { actor: 'agent:planner' },
    ).id;
    pending = true;
  }
  ctx.count('belief');
  ctx.world.remember(topic, 'beliefs', id);
  if (polar) ctx.world.rememberPolar(topic, id, polar);
  if (pending) bookReview(ctx, id, 'belief', topic);
  bookSometimes(ctx, hasCode ? 0.5 : 0.15, 30, 'verify', id, 'belief', topic);
  bookSometimes(ctx, 0.2, 30, 'reinforce', id, 'belief', topic);
  bookSometimes(ctx, 0.08, 40, 'counter', id, 'belief', topic);
  bookSometimes(ctx, 0.06, 20, 'add_ref', id, 'belief', topic);
  bookSometimes(ctx, 0.02, 150, 'archive', id, 'belief', topic);
  bookSometimes(ctx, 0.05, 30, 'access', id, 'belief', topic);
  return id;
}

/** Promotes from a usable source when the topic has one; otherwise writes the memory directly. */
function promoteOrCreate(
  ctx: GenContext,
  topic: number,
  type: MemoryType,
  sources: readonly string[],
  text: Text,
  direct: Pick<CreateMemoryInput, 'source'>,
): string {
  const w = wordsFor(ctx, topic);
  const usableSources = usable(ctx, sources);
  if (usableSources.length > 0) {
    const source = recent(ctx, usableSources, 1)[0] as string;
    return promoteMemory(ctx.mind, source, { to: type, text: text.content, fields: text.fields }, { actor: ctx.rng.chance(0.5) ? 'user' : 'agent:planner' }).created.id;
  }
  return createMemory(ctx.mind, { type, ...text, ...direct, ...placement(ctx, w) }, { actor: 'user' }).id;
}

export function createValue(ctx: GenContext, topic: number): string {
  const memory = ctx.world.topicMemory(topic);
  const id = promoteOrCreate(ctx, topic, 'value', memory.beliefs, valueText(wordsFor(ctx, topic)), { source: 'seed values' });
  ctx.count('value');
  bookSometimes(ctx, 0.3, 5, 'protect', id, 'value', topic);
  bookSometimes(ctx, 0.2, 30, 'verify', id, 'value', topic);
  return id;
}

export function createGoal(ctx: GenContext, topic: number): string {
  const memory = ctx.world.topicMemory(topic);
  const sources = ctx.rng.chance(0.6) ? memory.episodes : memory.beliefs;
  const id = promoteOrCreate(ctx, topic, 'goal', sources, goalText(wordsFor(ctx, topic)), {});
  ctx.count('goal');
  bookSometimes(ctx, 0.1, 20, 'reinforce', id, 'goal', topic);
  bookSometimes(ctx, 0.05, 90, 'archive', id, 'goal', topic);
  return id;
}

export function createDrive(ctx: GenContext, topic: number): string {
  const memory = ctx.world.topicMemory(topic);
  const sources = ctx.rng.chance(0.5) ? memory.episodes : memory.beliefs;
  const id = promoteOrCreate(ctx, topic, 'drive', sources, driveText(wordsFor(ctx, topic)), {});
  ctx.count('drive');
  bookSometimes(ctx, 0.15, 30, 'reinforce', id, 'drive', topic);
  return id;
}

export function createRelationship(ctx: GenContext, topic: number): string {
  const memory = ctx.world.topicMemory(topic);
  const id = promoteOrCreate(ctx, topic, 'relationship', memory.episodes, relationshipText(wordsFor(ctx, topic)), {});
  ctx.count('relationship');
  bookSometimes(ctx, 0.2, 30, 'reinforce', id, 'relationship', topic);
  bookSometimes(ctx, 0.1, 30, 'verify', id, 'relationship', topic);
  return id;
}

export const CREATE_STEP: Readonly<Record<MemoryType, (ctx: GenContext, topic: number) => string>> = {
  raw: createRaw,
  episode: createEpisode,
  note: createNote,
  belief: createBelief,
  value: createValue,
  goal: createGoal,
  drive: createDrive,
  relationship: createRelationship,
};
