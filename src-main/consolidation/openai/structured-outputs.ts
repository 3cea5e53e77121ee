/**
 * What the model must answer, as zod schemas: the same schema is sent as the request's strict
 * JSON-schema `response_format` (derived by the openai package's own zod helper) and validates
 * the answer, so an OpenAI-compatible server that ignores structured output cannot slip anything
 * malformed past the provider.
 */
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { type BeliefCandidate, type Classification, type ClassificationResult, ProviderItemError, type SourceText } from '../provider';

export const BeliefCandidateOutput = z.object({
  statement: z.string().min(1).describe('One general lesson the episodes share (1 sentence, max 30 words)'),
  subject: z.string().min(1).describe('The entity this belief is about'),
  predicate: z.string().min(1).describe('The property or preference'),
  context: z.string().min(1).describe("When/where this applies (or 'general' if always)"),
  timeframe: z.enum(['current', 'past', 'always']),
  citations: z.array(z.string()).nullable().describe('The ids of the episodes, as listed, that support the lesson'),
});

/**
 * How an answer is read: as asked, except that an answer without citations (a local server that
 * does not enforce the schema may leave them out) is still a lesson, just an uncited one.
 */
export const BeliefCandidateAnswer = BeliefCandidateOutput.extend({ citations: z.array(z.string()).nullish() });

/** The seed's labels, upper-case as its prompt spells them; the provider lower-cases them. */
export const CLASSIFICATION_LABELS = ['SUPPORTS', 'CONTRADICTS', 'PARTIAL', 'IRRELEVANT'] as const;

export const ClassificationOutput = z.object({
  classification: z.enum(CLASSIFICATION_LABELS),
  reasoning: z.string().describe('Brief explanation'),
});

export const TriageOutput = z.object({
  suggest: z.enum(['episode', 'note', 'skip']),
  reason: z.string().min(1).describe('Brief explanation'),
});

/** A synthesis answer as a candidate: its citations must name the cluster's episodes (`at` says which call). */
export function candidateOf(answer: z.output<typeof BeliefCandidateAnswer>, cluster: readonly SourceText[], at: string): BeliefCandidate {
  const { citations, ...candidate } = answer;
  const listed = new Set(cluster.map((source) => source.id));
  const unknown = (citations ?? []).filter((id) => !listed.has(id));
  if (unknown.length > 0) {
    throw new ProviderItemError(`${at}: the answer cites ${unknown.join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not among the cluster's episodes`, 'malformed');
  }
  return citations ? { ...candidate, citations: [...new Set(citations)] } : candidate;
}

const CLASSIFICATION_OF: Record<(typeof CLASSIFICATION_LABELS)[number], Classification> = {
  SUPPORTS: 'supports',
  CONTRADICTS: 'contradicts',
  PARTIAL: 'partial',
  IRRELEVANT: 'irrelevant',
};

export function classificationOf(answer: z.output<typeof ClassificationOutput>): ClassificationResult {
  return { classification: CLASSIFICATION_OF[answer.classification], reasoning: answer.reasoning };
}

export const SYNTHESIS_FORMAT = zodResponseFormat(BeliefCandidateOutput, 'belief_candidate');
export const CLASSIFICATION_FORMAT = zodResponseFormat(ClassificationOutput, 'belief_classification');
export const TRIAGE_FORMAT = zodResponseFormat(TriageOutput, 'capture_triage');
