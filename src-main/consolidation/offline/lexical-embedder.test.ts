import { describe, expect, it } from 'vitest';
import { cosine, type SparseVector, type Vector } from '../vector-math';
import { createLexicalEmbedder, LEXICAL_EMBEDDER_ID } from './lexical-embedder';
import { contentWordsOf } from './text-features';

const signal = new AbortController().signal;

function sparse(vector: Vector | undefined): SparseVector {
  if (vector === undefined || vector instanceof Float32Array) throw new Error('expected a sparse vector');
  return vector;
}

/** An embedder that has learned from `corpus`, and the similarity of two texts in its space. */
function space(corpus: string[]) {
  const embedder = createLexicalEmbedder();
  embedder.learn?.(corpus);
  return { embedder, sim: (a: string, b: string) => cosine(embedder.vectorOf(a), embedder.vectorOf(b)) };
}

describe('content words', () => {
  it('drops the stop words (the stopword package) and contractions, keeps names and jargon', () => {
    expect(contentWordsOf("We didn't ship the Friday deploy, and Priya's PR waited")).toEqual(['ship', 'friday', 'deploy', 'priya', 'pr', 'waited']);
  });
});

describe('the offline lexical embedder', () => {
  it('is unstored, deterministic and L2-normalized', async () => {
    const { embedder } = space(['Friday deploys break the build']);
    expect(embedder).toMatchObject({ id: LEXICAL_EMBEDDER_ID, stored: false });
    const [a, b] = (await embedder.embed(['Friday deploys break the build', 'Friday deploys break the build'], signal)).map(sparse);
    expect(Array.from(a?.indices ?? [])).toEqual(Array.from(b?.indices ?? []));
    expect(Math.hypot(...(a?.values ?? []))).toBeCloseTo(1, 5);
    expect(sparse(embedder.vectorOf('the and of')).indices).toHaveLength(0);
  });

  it('meets inflections through their stem', () => {
    const { sim } = space(['deploys', 'deployment', 'weekend', 'cache']);
    expect(sim('Deploys on Friday', 'Deployed on Friday')).toBeGreaterThan(0.95);
    expect(sim('Caches on Friday', 'Caching on Friday')).toBeGreaterThan(0.95);
    expect(sim('The deployment', 'The weekend')).toBe(0);
  });

  it('meets synonyms through their shared WordNet synset', () => {
    const { sim } = space(['a glitch', 'a bug', 'a deployment']);
    expect(sim('Found a glitch in billing', 'Found a bug in billing')).toBeGreaterThan(sim('Found a glitch in billing', 'Found a deployment in billing'));
  });

  it('weighs words by how rare the mind makes them: what every text says counts for little', () => {
    const corpus = [
      'deploy search cache',
      'deploy billing ledger',
      'deploy checkout coupon',
      'deploy auth session',
      'deploy email template',
      'review search cache',
    ];
    const { sim } = space(corpus);
    // One shared word each: "deploy" is in almost every text, "cache" in two.
    expect(sim('deploy billing ledger', 'deploy auth session')).toBeLessThan(sim('review search cache', 'deploy email cache'));
    // The same two texts weigh differently in a mind where "deploy" is rare.
    const rare = space(['deploy billing', 'review auth', 'plan email', 'fix cache']);
    expect(rare.sim('deploy billing ledger', 'deploy auth session')).toBeGreaterThan(sim('deploy billing ledger', 'deploy auth session'));
  });
});
