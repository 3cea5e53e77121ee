/**
 * The offline provider (the default): deterministic, no network. A lexical space learned from the
 * mind (lexical-embedder.ts), extractive synthesis, rule classification and rule triage.
 */
import type { ConsolidationProvider } from '../provider';
import { extractCandidate } from './extractive';
import { createLexicalEmbedder } from './lexical-embedder';
import { classifyByRules } from './rule-classifier';
import { triageByRules } from './triage-rules';

export function createOfflineProvider(): ConsolidationProvider {
  const embedder = createLexicalEmbedder();
  return {
    id: 'offline',
    embedder,
    synthesize: (cluster) => Promise.resolve(extractCandidate(cluster, embedder.vectorOf)),
    classify: (belief, episode) => Promise.resolve(classifyByRules(belief.text, episode.text, embedder.vectorOf)),
    triage: (raw) => Promise.resolve(triageByRules(raw.text)),
  };
}
