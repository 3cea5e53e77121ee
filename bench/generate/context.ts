/** Everything a generation step needs: the mind, the seeded randomness, the topics and the clock. */
import type { MemoryType } from '../../shared/model';
import type { Mind } from '../../src-main/mind/mind';
import type { Rng } from './prng';
import type { Words } from './text';
import type { TopicCatalog } from './topics';
import type { Action, World } from './world';

export interface GenContext {
  mind: Mind;
  rng: Rng;
  catalog: TopicCatalog;
  world: World;
  /** Position on the timeline: the index of the memory being written. */
  step: number;
  totalSteps: number;
  stepsPerDay: number;
  /** Moves the clock forward a little within a step (operations keep their order in time). */
  tick(): void;
  nowIso(): string;
  /** The actor of the consolidation run currently "running" (`scheduler:run_…`). */
  schedulerActor(): string;
  /** A memory was written (for the type counts). */
  count(type: MemoryType): void;
  /** Called with every episode derived from raw captures (the ancestor hub draws on them). */
  onDerivedEpisode(episodeId: string, rawIds: readonly string[]): void;
}

export function wordsFor(ctx: GenContext, topic: number): Words {
  return { rng: ctx.rng, catalog: ctx.catalog, topic: ctx.catalog.topics[topic] as Words['topic'] };
}

/** Schedules `action` about `days` later (randomized ±50%); actions past the end never happen. */
export function later(ctx: GenContext, days: number, action: Action): void {
  const steps = Math.max(1, Math.round(days * (0.5 + ctx.rng.next()) * ctx.stepsPerDay));
  const at = ctx.step + steps;
  if (at < ctx.totalSteps) ctx.world.schedule(at, action);
}

/** Up to `count` distinct items of `items`, most recent first. */
export function recent<T>(ctx: GenContext, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    const index = pool.length - 1 - Math.min(pool.length - 1, Math.floor(ctx.rng.next() * ctx.rng.next() * pool.length));
    chosen.push(pool.splice(index, 1)[0] as T);
  }
  return chosen;
}
