/**
 * Extractive synthesis: the offline provider does not write new sentences, it picks the one the
 * cluster agrees on most. Candidates are every episode's lessons (or, without lessons, its
 * outcome line); the winner is the candidate closest to the centroid of the whole cluster, so an
 * idiosyncratic lesson loses to one that many episodes echo. Structured fields come from plain
 * parsing of the chosen sentence.
 */
import { contentTerms, contentWords } from '../../../shared/rules/contradiction';
import type { BeliefCandidate, SourceText } from '../provider';
import { centroid, cosine } from '../vector-math';
import { splitSourceText } from '../source-text';

const MAX_WORDS = 30;

export function extractCandidate(cluster: readonly SourceText[], embed: (text: string) => Float32Array): BeliefCandidate {
  const center = centroid(cluster.map((item) => embed(item.text)));
  const sentences = cluster.flatMap((item) => {
    const parts = splitSourceText(item.text);
    return parts.lessons.length > 0 ? parts.lessons : [parts.main];
  });
  let best = sentences[0] ?? '';
  let bestScore = -Infinity;
  for (const sentence of sentences) {
    const score = cosine(embed(sentence), center);
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  const statement = asStatement(best);
  const subject = subjectOf(statement, cluster);
  return {
    statement,
    subject,
    predicate: predicateOf(statement, subject),
    context: contextOf(statement),
    timeframe: timeframeOf(statement),
  };
}

function asStatement(sentence: string): string {
  const words = sentence.trim().replace(/\s+/g, ' ').split(' ').slice(0, MAX_WORDS);
  const text = words.join(' ').replace(/[.;:,\s]+$/u, '');
  return text.length === 0 ? text : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The statement's word that the cluster mentions most: what the episodes are about. */
function subjectOf(statement: string, cluster: readonly SourceText[]): string {
  const words = contentWords(statement);
  const terms = contentTerms(statement);
  const counts = new Map<string, number>();
  for (const item of cluster) for (const term of new Set(contentTerms(item.text))) counts.set(term, (counts.get(term) ?? 0) + 1);
  let best = words[0] ?? '';
  let bestCount = -1;
  terms.forEach((term, index) => {
    const count = counts.get(term) ?? 0;
    if (count > bestCount && words[index] !== undefined) {
      best = words[index] as string;
      bestCount = count;
    }
  });
  return best;
}

/** What the statement says of its subject: the words after it (the whole statement if it comes last). */
function predicateOf(statement: string, subject: string): string {
  const body = statement.replace(/\.$/, '');
  const at = subject === '' ? -1 : body.toLowerCase().indexOf(subject.toLowerCase());
  const rest = at < 0 ? body : body.slice(at + subject.length).trim();
  return (rest.length > 0 ? rest : body).split(' ').slice(0, 12).join(' ');
}

const CONTEXT_CLAUSE = /\b(when|whenever|if|unless|before|after|during|while|on|in)\b\s+([^,.;]+)/i;

function contextOf(statement: string): string {
  const match = CONTEXT_CLAUSE.exec(statement);
  return match ? `${(match[1] as string).toLowerCase()} ${(match[2] as string).trim()}` : 'general';
}

function timeframeOf(statement: string): BeliefCandidate['timeframe'] {
  const lower = statement.toLowerCase();
  if (/\b(always|never|every|everybody|nobody)\b/.test(lower)) return 'always';
  if (/\b(used to|previously|formerly|was|were|had)\b/.test(lower)) return 'past';
  return 'current';
}
