/**
 * Two structures the benchmarks need and chance alone would not reliably make: a memory with a
 * thousand-odd ancestors (a value promoted from a core belief that consolidation synthesized from
 * hundreds of episodes, each derived from raw captures), and one revision chain ten links deep.
 * Both are built through the ordinary operations and named in `meta` so a benchmark can find them.
 */
import { verifyMemory } from '../../src-main/mind/confidence-ops';
import { createMemory } from '../../src-main/mind/create';
import { promoteMemory } from '../../src-main/mind/promote';
import { approveMemory } from '../../src-main/mind/review';
import { supersedeBelief } from '../../src-main/mind/supersede';
import { writeMeta } from '../../src-main/store/meta-repo';
import { type GenContext, wordsFor } from './context';
import { episodeText, rawText, revisedBeliefText } from './text';

export const HUB_META_KEY = 'bench_ancestor_hub';
export const DEEP_CHAIN_META_KEY = 'bench_deep_chain';
/** How the mind was generated (counts, seed, duration), so a benchmark can report it for a cached file. */
export const GENERATION_META_KEY = 'bench_generation';

/** Memories the hub adds itself: the core belief and the value promoted from it. */
export const HUB_MEMORIES = 2;

export interface AncestorHub {
  /** Offers an episode derived from raw captures while the hub still needs ancestors. */
  offer(episodeId: string, rawIds: readonly string[]): void;
  /** Enough ancestors gathered. */
  ready(): boolean;
  /** Any ancestors gathered at all. */
  possible(): boolean;
  build(ctx: GenContext): string;
}

export function createAncestorHub(targetAncestors: number): AncestorHub {
  const episodes: string[] = [];
  const ancestors = new Set<string>();
  // The core belief is itself an ancestor of the value.
  const needed = Math.max(1, targetAncestors - 1);
  return {
    offer: (episodeId, rawIds) => {
      if (ancestors.size >= needed) return;
      episodes.push(episodeId);
      ancestors.add(episodeId);
      for (const raw of rawIds) ancestors.add(raw);
    },
    ready: () => ancestors.size >= needed,
    possible: () => episodes.length > 0,
    build: (ctx) => {
      const actor = ctx.schedulerActor();
      const core = createMemory(
        ctx.mind,
        {
          type: 'belief',
          content: 'Small reviewed changes are what keep production calm across every service',
          fields: { subject: 'delivery', predicate: 'keeps production calm', timeframe: 'always', beliefType: 'principle' },
          source: 'consolidation',
          evidence: episodes,
          evidenceRefs: [{ kind: 'file', ref: 'docs/adr/0007-small-batches.md' }],
        },
        { actor, reason: `synthesized from ${episodes.length} episodes` },
      );
      ctx.count('belief');
      ctx.tick();
      approveMemory(ctx.mind, core.id, { actor: 'user' });
      ctx.tick();
      verifyMemory(ctx.mind, core.id, { evidence: 'matches two quarters of incident reviews' }, { actor: 'user' });
      ctx.tick();
      const value = promoteMemory(
        ctx.mind,
        core.id,
        { to: 'value', text: 'Ship small, reversible changes', fields: { name: 'small batches', priority: 95 } },
        { actor: 'user' },
      ).created;
      ctx.count('value');
      writeMeta(ctx.mind.store.db, HUB_META_KEY, value.id);
      return value.id;
    },
  };
}

/** Memories in the deep chain: raw, episode, belief, the revisions, and the value on top. */
export const deepChainMemories = (revisions: number) => revisions + 4;

/**
 * raw → episode → belief → `revisions` supersessions → value. From the value, the first belief
 * of the chain is `revisions + 1` links away (the raw and episode are nearer: every revision
 * inherits the episode as evidence).
 */
export function buildDeepChain(ctx: GenContext, topic: number, revisions: number): string {
  const w = wordsFor(ctx, topic);
  const raw = createMemory(ctx.mind, { type: 'raw', ...rawText(w, 'assistant', 'conv_deepchain', 1, ctx.nowIso()) }, { actor: 'agent:coder' });
  ctx.count('raw');
  ctx.tick();
  const episode = promoteMemory(ctx.mind, raw.id, { to: 'episode', ...asPromotion(episodeText(w)) }, { actor: 'agent:coder' }).created;
  ctx.count('episode');
  ctx.tick();
  let belief = promoteMemory(
    ctx.mind,
    episode.id,
    { to: 'belief', text: `${w.topic.name} releases go out on the main branch`, fields: { subject: w.topic.name } },
    { actor: 'agent:coder' },
  ).created;
  ctx.count('belief');
  for (let i = 0; i < revisions; i++) {
    ctx.tick();
    belief = supersedeBelief(ctx.mind, belief.id, { content: revisedBeliefText(w, belief.content).content }, { actor: 'user', reason: 'the release process changed' }).created;
    ctx.count('belief');
  }
  ctx.tick();
  const value = promoteMemory(
    ctx.mind,
    belief.id,
    { to: 'value', text: `Keep the ${w.topic.name} release path boring`, fields: { name: 'boring releases', priority: 70 } },
    { actor: 'user' },
  ).created;
  ctx.count('value');
  writeMeta(ctx.mind.store.db, DEEP_CHAIN_META_KEY, value.id);
  return value.id;
}

const asPromotion = (text: { content: string; fields: Record<string, unknown> }) => ({ text: text.content, fields: text.fields });
