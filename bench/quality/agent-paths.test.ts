/**
 * The agent consolidates the planted corpora, both ways, with a scripted agent that answers from
 * the planted lessons (scripted-agent.ts) through the SDK's Client:
 * - pull (reflect → propose_beliefs): every topic lands once, pending, with its episodes as lineage
 *   and evidence; no singleton is cited; a rejected lesson proposed again is dropped; a reworded
 *   lesson reinforces its belief;
 * - push (sampling): the scheduled pipeline asks the client's "model" and drafts the topics its
 *   clusters hold, each from that topic alone.
 */
import { describe, expect, it } from 'vitest';
import { createSamplingProvider } from '../../src-main/agent/sampling-provider';
import { createMemory } from '../../src-main/mind/create';
import { getLineage } from '../../src-main/mind/lineage';
import { getMemoryView } from '../../src-main/mind/memory-view';
import { type Mind, openMind } from '../../src-main/mind/mind';
import { rejectMemory } from '../../src-main/mind/review';
import { listRunHistory } from '../../src-main/mind/run-history';
import { type Corpus, CORPUS_NAMES, episodeFields, loadCorpus, type PlantedEpisode, SPLITS } from './corpus';
import { RECOVERY_MIN_PURITY } from './metrics';
import { measureSplit } from './quality-bench';
import { QUALITY_TARGETS } from './quality-report';
import { connectReflectingAgent, connectSamplingAgent, plantedLessons } from './scripted-agent';

const write = (mind: Mind, episode: PlantedEpisode) => createMemory(mind, { type: 'episode', ...episodeFields(episode) }, { actor: 'agent:bench' }).id;

const lessonOf = (corpus: Corpus, topic: string) => corpus.splits.heldout.topics.find((t) => t.id === topic)?.lesson;

function evidenceOf(mind: Mind, beliefId: string, kind: 'evidence' | 'derived_from'): string[] {
  const lineage = getLineage(mind, beliefId, { direction: 'up', depth: 1 });
  return lineage.edges.filter((e) => e.from === beliefId && e.kind === kind).map((e) => e.to).sort();
}

describe('reflection by a scripted agent (reflect → propose_beliefs) on the planted corpora', () => {
  for (const name of CORPUS_NAMES) {
    it(`${name}: every planted topic lands pending with its lineage; a rejected lesson is not learned again; a reworded one reinforces`, async () => {
      const split = loadCorpus(name).splits[SPLITS[1]];
      let now = Date.UTC(2025, 2, 3);
      const mind = openMind(':memory:', { clock: () => (now += 60_000) });
      const agent = await connectReflectingAgent(mind, plantedLessons(split));
      try {
        const ids = new Map(split.topics.map((t) => [t.lesson, t.episodes.map((e) => write(mind, e))]));
        const singletons = split.singletons.map((e) => write(mind, e));
        const first = await agent.consolidate();
        expect(first.flatMap((o) => o.dropped)).toEqual([]);

        const beliefOf = new Map<string, string>();
        for (const topic of split.topics) {
          const landed = first.flatMap((o) => o.accepted).filter((a) => a.statement === topic.lesson);
          const created = landed.filter((a) => a.outcome === 'created');
          expect(created, topic.id).toHaveLength(1);
          const id = created[0]?.beliefId as string;
          // A topic split over two batches: the second batch's proposal reinforces the first's belief.
          expect(landed.every((a) => a.beliefId === id), topic.id).toBe(true);
          beliefOf.set(topic.lesson, id);
          expect(getMemoryView(mind, id)).toMatchObject({ content: topic.lesson, reviewStatus: 'pending', status: 'active' });
          expect(evidenceOf(mind, id, 'evidence')).toEqual([...(ids.get(topic.lesson) ?? [])].sort());
        }
        const cited = new Set(first.flatMap((o) => o.accepted.flatMap((a) => a.episodes)));
        expect(singletons.filter((s) => cited.has(s))).toEqual([]);
        expect(listRunHistory(mind).items.every((r) => r.trigger === 'agent' && r.provider === 'agent')).toBe(true);

        const [refusedTopic, ...keptTopics] = split.topics;
        const refused = beliefOf.get(refusedTopic?.lesson as string) as string;
        rejectMemory(mind, refused, { actor: 'user', reason: 'not a lesson I trust' });
        const later = new Map(split.topics.map((t) => [t.lesson, t.later.map((e) => write(mind, e))]));
        const second = await agent.consolidate((lesson) => `In short, ${lesson.charAt(0).toLowerCase()}${lesson.slice(1)}`);
        const dropped = second.flatMap((o) => o.dropped);
        expect(dropped.map((d) => d.reason)).toEqual([expect.stringContaining('which a person rejected; it is not learned again')]);
        for (const topic of keptTopics) {
          const id = beliefOf.get(topic.lesson) as string;
          const outcome = second.flatMap((o) => o.accepted).filter((a) => a.beliefId === id);
          expect(outcome.map((a) => a.outcome), topic.id).toEqual(['reinforced']);
          expect(evidenceOf(mind, id, 'evidence')).toEqual([...(ids.get(topic.lesson) ?? []), ...(later.get(topic.lesson) ?? [])].sort());
        }
        expect(second.flatMap((o) => o.accepted).filter((a) => a.outcome === 'created')).toEqual([]);
      } finally {
        await agent.close();
        mind.close();
      }
    }, 60_000);
  }
});

describe('the connected agent\'s model through sampling, on the planted corpora', () => {
  for (const name of CORPUS_NAMES) {
    it(`${name}: each belief the scheduled pipeline drafts is one planted topic's lesson, drawn from that topic`, async () => {
      const corpus = loadCorpus(name);
      const lessons = plantedLessons(corpus.splits.heldout);
      const agent = await connectSamplingAgent(lessons, { fenced: true });
      try {
        const m = await measureSplit(corpus, 'heldout', { provider: () => createSamplingProvider(agent.server) });
        expect(m.provider).toBe('agent');
        expect(m.structure.singletonBuilt).toBe(0);
        expect(m.runs.every((r) => r.skipped === 0)).toBe(true);
        const topicLessons = new Set(corpus.splits.heldout.topics.map((t) => t.lesson));
        // The model names the lesson most of a cluster's episodes teach; which episodes a cluster holds is the lexical
        // clustering's doing (a contradiction pair's episode may join its twin's cluster, as offline).
        expect(m.beliefs.filter((b) => !topicLessons.has(b.statement) || b.statement !== lessonOf(corpus, b.majority))).toEqual([]);
        expect(m.beliefs.every((b) => b.purity >= RECOVERY_MIN_PURITY)).toBe(true);
        if (m.structure.beliefs > 0) expect(agent.answered()).toBeGreaterThan(0);
        if (name === 'lexical') {
          expect(m.structure.recall).toBeGreaterThanOrEqual(QUALITY_TARGETS.lexicalRecall);
          expect(m.reinforcement.rate).toBeGreaterThanOrEqual(QUALITY_TARGETS.minReinforcement);
        }
      } finally {
        await agent.close();
      }
    }, 120_000);
  }
});
