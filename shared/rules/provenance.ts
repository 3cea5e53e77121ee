/**
 * Source inference (the provenance seed §3): turn a free-text `source` context such as
 * "told by Claire" into a source type and, for another being, who it was. Entity-neutral: a being
 * is a being, so only the name is kept, never what kind of being it is.
 */
import type { SourceType } from '../model';

export interface InferredSource {
  sourceType: SourceType;
  sourceEntity: string | null;
}

/**
 * Checked in this order, first match wins. External comes first so that "told by Claire during
 * consolidation" credits Claire. Word starts (\b) keep "read" from matching "already" or "thread";
 * stems like "consolidat" and "observ" still cover their inflections.
 */
const SOURCE_RULES: ReadonlyArray<readonly [SourceType, RegExp]> = [
  ['external', /\b(?:told|said|heard)\b|\bshared by\b|\baccording to\b/],
  ['consolidation', /\bconsolidat/],
  ['seed', /\bseed/],
  ['inference', /\binfer|\breasoning\b|\bdeduc/],
  ['observation', /\b(?:read|reads|reading)\b|\bdoc|\bweb|\barticle|\bobserv/],
];

/** A name: one word, or hyphenated words ("emergent-claire"). */
const NAME = String.raw`[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*`;

/** Phrases that name who told us, most specific first. */
const ENTITY_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:told|said|shared)(?: to me)? by (${NAME})`, 'u'),
  new RegExp(String.raw`\bheard (?:it )?from (${NAME})`, 'u'),
  new RegExp(String.raw`\baccording to (${NAME})`, 'u'),
  new RegExp(String.raw`(?:^|[^\p{L}\p{N}-])(${NAME}) (?:said|told)\b`, 'u'),
];

/** Words those phrases can capture that are not anyone in particular. */
const NOT_A_NAME = new Set([
  'i', 'me', 'you', 'he', 'she', 'it', 'we', 'they', 'him', 'her', 'us', 'them', 'someone', 'somebody',
  'anyone', 'anybody', 'everyone', 'everybody', 'nobody', 'people', 'a', 'an', 'the', 'this', 'that',
  'who', 'which', 'what', 'also', 'just', 'was', 'were', 'had', 'has', 'have', 'been', 'being', 'is',
  'and', 'or', 'but', 'as', 'my', 'our', 'your', 'their', 'his', 'its', 'one', 'docs', 'documentation',
]);

/** Infer a memory's source type (and entity, for external sources) from a free-text context. */
export function inferSource(source: string | undefined): InferredSource {
  const text = source?.trim().toLowerCase() ?? '';
  if (text === '') return { sourceType: 'direct_experience', sourceEntity: null };
  for (const [sourceType, pattern] of SOURCE_RULES) {
    if (pattern.test(text)) {
      return { sourceType, sourceEntity: sourceType === 'external' ? extractEntity(text) : null };
    }
  }
  return { sourceType: 'direct_experience', sourceEntity: null };
}

function extractEntity(text: string): string | null {
  for (const pattern of ENTITY_PATTERNS) {
    const name = pattern.exec(text)?.[1];
    if (name !== undefined && !NOT_A_NAME.has(name)) return name;
  }
  return null;
}
