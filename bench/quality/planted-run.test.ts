/**
 * A run over a small planted corpus recovers its topics: the first trial (four lessons
 * of four episodes each, three unrelated episodes; bench/quality/first-trial.json), through the
 * quality benchmark's own harness, offline. The structure is asserted, not timings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../../src-main/consolidation/offline/offline-provider';
import { type Corpus, SplitSchema } from './corpus';
import { measureSplit } from './quality-bench';

const split = SplitSchema.parse(JSON.parse(readFileSync(join(import.meta.dirname, 'first-trial.json'), 'utf8')));
const corpus: Corpus = { name: 'first-trial', about: "the issue's first trial", style: 'lexical', splits: { calibration: split, heldout: split } };

describe('a consolidation run over a small planted corpus', () => {
  it('drafts one belief per lesson from that lesson alone, none from the unrelated episodes, and later episodes reinforce it', async () => {
    const m = await measureSplit(corpus, 'calibration', { provider: createOfflineProvider });
    expect(m.structure).toMatchObject({ beliefs: 4, topics: 4, recovered: 4, impure: 0, singletonBuilt: 0, duplicates: 0 });
    expect(m.beliefs.map((b) => [b.majority, b.purity, b.labels[b.majority]]).sort()).toEqual(
      split.topics.map((t) => [t.id, 1, 4]).sort(),
    );
    expect(m.reinforcement).toMatchObject({ eligible: 4, reinforcedRight: 4, reinforcedWrong: 0, duplicated: 0 });
    expect(m.afterReinforcement).toMatchObject({ beliefs: 4, recovered: 4, duplicates: 0 });
    // Statements say what the episodes share (a lesson, trimmed), not one episode's words.
    expect(m.statementsCopyingAnEpisode).toBe(0);
    expect(m.beliefs.map((b) => b.statement).sort()).toEqual(split.topics.map((t) => t.lesson).sort());
  });
});
