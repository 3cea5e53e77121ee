/**
 * The prompts sent to the chat model. Classification is the belief seed's own prompt, word for
 * word; synthesis is the seed's, asking for one general lesson rather than a retelling of one
 * episode, and for the ids of the episodes that support it; triage of raw captures is ours. The
 * "Respond in JSON" blocks stay even though the request carries a strict JSON schema:
 * OpenAI-compatible local servers do not all enforce it.
 */
import type { SourceText } from '../provider';

/** One source per line, its id first, so the model can tell the episodes apart. */
function listSources(sources: readonly SourceText[]): string {
  return sources.map((source) => `- [${source.id}] ${source.text}`).join('\n');
}

export function synthesisPrompt(cluster: readonly SourceText[]): string {
  return `You are extracting a generalized belief from a cluster of memory episodes.

Episodes:
${listSources(cluster)}

Extract ONE belief statement that generalizes across these episodes: the general lesson they share, not a retelling of any one of them. Also extract structured fields, and cite the episodes that support the lesson by their ids as listed.

Respond in JSON:
{
  "statement": "One general lesson the episodes share (1 sentence, max 30 words)",
  "subject": "The entity this belief is about",
  "predicate": "The property or preference",
  "context": "When/where this applies (or 'general' if always)",
  "timeframe": "current | past | always",
  "citations": ["the ids of the episodes that support the lesson, e.g. ${cluster[0]?.id ?? 'ep_…'}"]
}

Rules:
- Only generalize what ALL episodes support. Do not infer beyond the evidence.
- If episodes conflict, state the majority view and note the context.
- Keep the statement falsifiable — avoid vague claims.
- Do not name the particular services, people, dates or numbers of one episode unless all share them.
- Cite only ids from the list above.`;
}

export function classificationPrompt(belief: SourceText, episode: SourceText): string {
  return `Given an existing belief and a new episode, classify the relationship.

Belief: ${belief.text}
New episode: ${episode.text}

Classify as exactly one of:
- SUPPORTS: The episode provides evidence for this belief
- CONTRADICTS: The episode provides evidence against this belief
- PARTIAL: The episode supports the belief in some contexts but not others
- IRRELEVANT: The episode has no bearing on this belief

Respond in JSON:
{"classification": "SUPPORTS|CONTRADICTS|PARTIAL|IRRELEVANT", "reasoning": "brief explanation"}`;
}

export function triagePrompt(raw: SourceText): string {
  return `You are triaging a raw capture from an AI agent's memory (a conversation turn or a jotted line).

Capture:
${raw.text}

Suggest where it belongs:
- episode: something that happened — an objective pursued and its outcome, worth remembering as an experience
- note: a standalone fact, decision, insight, observation or quote worth keeping
- skip: small talk, noise, or nothing worth keeping

Respond in JSON:
{"suggest": "episode|note|skip", "reason": "brief explanation"}`;
}
