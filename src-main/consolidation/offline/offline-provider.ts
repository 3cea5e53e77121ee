/**
 * The offline provider (the default): deterministic, no network. Hashed n-gram embeddings,
 * extractive synthesis, rule classification and rule triage.
 */
import type { ConsolidationProvider } from '../provider';
import { extractCandidate } from './extractive';
import { createNgramEmbedder, embedText, NGRAM_DIMENSION } from './ngram-embedder';
import { classifyByRules } from './rule-classifier';
import { triageByRules } from './triage-rules';

export function createOfflineProvider(): ConsolidationProvider {
  const embedder = createNgramEmbedder(NGRAM_DIMENSION);
  const embedOne = (text: string) => embedText(text, NGRAM_DIMENSION);
  return {
    id: 'offline',
    embedder,
    synthesize: (cluster) => Promise.resolve(extractCandidate(cluster, embedOne)),
    classify: (belief, episode) => Promise.resolve(classifyByRules(belief.text, episode.text, embedOne)),
    triage: (raw) => Promise.resolve(triageByRules(raw.text)),
  };
}
