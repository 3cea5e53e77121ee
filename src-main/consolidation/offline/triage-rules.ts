/**
 * Rule triage of a raw capture for the offline provider:
 * - skip what must not be copied (a credential-looking string) and what holds nothing (a short
 *   acknowledgement with no content words);
 * - episode when it reports something that happened (past-tense verbs or an event word);
 * - note otherwise (a request, a plan, an observation).
 */
import { contentWords } from '../../../shared/rules/contradiction';
import type { TriageSuggestion } from '../provider';

const SECRET = /\b(token|password|passwd|secret|api[ _-]?key|private key)\b.*\b[0-9a-f]{16,}\b|\bsk-[A-Za-z0-9]{16,}/i;
const EVENT = /\b(deploy(?:ed)?|finished|failed|fixed|shipped|merged|traced|resolved|crashed|threw|reverted|released|outage|incident)\b/i;
const PAST_TENSE = /\b[a-z]{3,}ed\b/i;
const MIN_CONTENT_WORDS = 3;

export function triageByRules(text: string): TriageSuggestion {
  if (SECRET.test(text)) return { suggest: 'skip', reason: 'looks like it holds a credential; not copied into the mind' };
  if (contentWords(text).length < MIN_CONTENT_WORDS) return { suggest: 'skip', reason: 'too little content to keep' };
  if (EVENT.test(text) || PAST_TENSE.test(text)) return { suggest: 'episode', reason: 'reports something that happened' };
  return { suggest: 'note', reason: 'a remark, request or plan rather than an event' };
}
