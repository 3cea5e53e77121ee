import { describe, expect, it } from 'vitest';
import { LEXICAL_THRESHOLDS, MODEL_THRESHOLDS, thresholdsFor } from '../thresholds';
import { textOf } from '../source-text';
import { LEXICAL_EMBEDDER_ID } from './lexical-embedder';
import { createOfflineProvider } from './offline-provider';

const signal = new AbortController().signal;

describe('thresholds', () => {
  it('are kept per embedder: the seed values for models, calibrated ones for the lexical space', () => {
    expect(thresholdsFor('openai:text-embedding-3-small')).toEqual({ cluster: 0.7, attach: 0.7, reinforce: 0.92, related: 0.7, merge: 0.92, rejection: 0.92 });
    expect(thresholdsFor(LEXICAL_EMBEDDER_ID)).toBe(LEXICAL_THRESHOLDS);
    expect(LEXICAL_THRESHOLDS).not.toEqual(MODEL_THRESHOLDS);
    // Offline, a new belief needs a more alike group than evidence for a known one does.
    expect(LEXICAL_THRESHOLDS.attach).toBeLessThan(LEXICAL_THRESHOLDS.cluster);
  });
});

describe('offline provider', () => {
  const provider = createOfflineProvider();
  const episodeText = (objective: string, outcome: string, lessons: string[]) =>
    textOf('episode', `${objective} → ${outcome}`, { outcome, lessons });

  it('synthesizes the lesson the cluster shares, with structured fields', async () => {
    const candidate = await provider.synthesize(
      [
        { id: 'ep_1', text: episodeText('Deployed payments on Friday', 'the build broke', ['Friday deploys break the build']) },
        { id: 'ep_2', text: episodeText('Deployed search on a Friday', 'build broke', ['Friday deploys break the build']) },
        { id: 'ep_3', text: episodeText('Friday deploy of billing', 'the build broke', ['Ask Dana before touching billing']) },
      ],
      signal,
    );
    expect(candidate.statement).toBe('Friday deploys break the build.');
    expect(candidate.subject).toBe('friday');
    expect(candidate.predicate).toBe('deploys break the build');
    expect(candidate.context).toBe('general');
    expect(candidate.timeframe).toBe('current');
  });

  it('reads context and timeframe off the statement', async () => {
    const candidate = await provider.synthesize([{ id: 'ep_1', text: 'Migrations always fail when the disk is full' }], signal);
    expect(candidate.context).toBe('when the disk is full');
    expect(candidate.timeframe).toBe('always');
  });

  it('classifies by rules: contradicts, partial, supports, irrelevant', async () => {
    const belief = { id: 'bl_1', text: 'Friday deploys always break the build' };
    const classify = async (text: string) => (await provider.classify(belief, { id: 'x', text }, signal)).classification;
    expect(await classify('Friday deploys never break the build')).toBe('contradicts');
    expect(await classify('Friday deploys break the build only when migrations run')).toBe('partial');
    expect(await classify('Friday deploys always break the builds')).toBe('supports');
    expect(await classify('The cache eviction policy in search is too aggressive')).toBe('irrelevant');
    // Close in words, but about another day: not the belief's lesson.
    const other = await provider.classify(belief, { id: 'x', text: 'Monday deploys always break the build' }, signal);
    expect(other).toMatchObject({ classification: 'irrelevant', reasoning: expect.stringMatching(/^close in words \(similarity 0\.\d\d\) but about something else$/) });
  });

  it('triages captures: events become episodes, remarks notes, credentials and chatter are skipped', async () => {
    const triage = async (text: string) => (await provider.triage({ id: 'raw_1', text }, signal)).suggest;
    expect(await triage('Deploy search 4.2.0 finished; cache error rate 0.3%')).toBe('episode');
    expect(await triage('Can we drop the cache workaround from search soon?')).toBe('note');
    expect(await triage('ok thanks')).toBe('skip');
    expect(await triage('Dana pasted the staging api key 9f8e7d6c5b4a39281706f5e4d3c2b1a0 by mistake')).toBe('skip');
  });
});
