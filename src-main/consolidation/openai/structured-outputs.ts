/**
 * What the model must answer, as zod schemas: the same schema is sent as the request's strict
 * JSON-schema `response_format` (derived by the openai package's own zod helper) and validates
 * the answer, so an OpenAI-compatible server that ignores structured output cannot slip anything
 * malformed past the provider.
 */
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';

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

export const SYNTHESIS_FORMAT = zodResponseFormat(BeliefCandidateOutput, 'belief_candidate');
export const CLASSIFICATION_FORMAT = zodResponseFormat(ClassificationOutput, 'belief_classification');
export const TRIAGE_FORMAT = zodResponseFormat(TriageOutput, 'capture_triage');
