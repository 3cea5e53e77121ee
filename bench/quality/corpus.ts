/**
 * A planted-truth corpus for the quality benchmark: topics (a lesson and the episodes that teach
 * it, plus later episodes of the same lesson that arrive after the first consolidation),
 * singletons (episodes of no topic) and labelled topic pairs, in two splits. `calibration` is
 * what thresholds were tuned on; `heldout` is reported and never tuned on.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const text = z.string().trim().min(1);

/** One episode as an agent writes it: what it set out to do, what came of it, and maybe a lesson. */
export const PlantedEpisodeSchema = z
  .object({
    objective: text,
    outcome: text,
    lesson: text.optional(),
  })
  .strict();
export type PlantedEpisode = z.infer<typeof PlantedEpisodeSchema>;

export const TopicSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** What the episodes have in common: the belief a good consolidation would draft. */
    lesson: text,
    /** The noun a reader would name the topic by (its most distinctive noun); at most a third of a paraphrase topic's episodes use it. */
    keyNoun: text,
    episodes: z.array(PlantedEpisodeSchema).min(4).max(7),
    /** Arrive after the first run: they should reinforce the topic's belief, not make another. */
    later: z.array(PlantedEpisodeSchema).min(1).max(3),
  })
  .strict();
export type Topic = z.infer<typeof TopicSchema>;

export const PAIR_KINDS = ['shared-vocabulary', 'contradiction'] as const;

export const TopicPairSchema = z
  .object({
    kind: z.enum(PAIR_KINDS),
    topics: z.tuple([z.string(), z.string()]),
    note: text,
  })
  .strict();
export type TopicPair = z.infer<typeof TopicPairSchema>;

export const SplitSchema = z
  .object({
    topics: z.array(TopicSchema).min(1),
    singletons: z.array(PlantedEpisodeSchema),
    pairs: z.array(TopicPairSchema),
  })
  .strict();
export type Split = z.infer<typeof SplitSchema>;

export const SPLITS = ['calibration', 'heldout'] as const;
export type SplitName = (typeof SPLITS)[number];

export const CorpusSchema = z
  .object({
    name: z.string().regex(/^[a-z-]+$/),
    about: text,
    /**
     * `lexical`: a topic's episodes share key words; `paraphrase`: they say it in other words;
     * `strict-paraphrase`: they share almost no distinctive word at all (corpus-checks.ts).
     */
    style: z.enum(['lexical', 'paraphrase', 'strict-paraphrase']),
    splits: z.object({ calibration: SplitSchema, heldout: SplitSchema }).strict(),
  })
  .strict();
export type Corpus = z.infer<typeof CorpusSchema>;

export const CORPUS_NAMES = ['lexical', 'paraphrase', 'paraphrase-strict'] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];

const qualityDir = dirname(fileURLToPath(import.meta.url));

export function loadCorpus(name: CorpusName): Corpus {
  const path = join(qualityDir, `${name}.json`);
  return CorpusSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** The text an episode is stored and read as (consolidation's source text, see source-text.ts). */
export function episodeFields(episode: PlantedEpisode): { content: string; fields: { outcome: string; lessons: string[] } } {
  return {
    content: `${episode.objective} → ${episode.outcome}`,
    fields: { outcome: episode.outcome, lessons: episode.lesson === undefined ? [] : [episode.lesson] },
  };
}

export function plainText(episode: PlantedEpisode): string {
  return [episode.objective, episode.outcome, episode.lesson ?? ''].join(' ').trim();
}
