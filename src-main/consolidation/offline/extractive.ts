/**
 * Extractive synthesis: the offline provider does not write new sentences; it drafts the belief
 * from the sentence the cluster agrees with most, trimmed to a statement. Candidates are the
 * lessons and the clauses of the objective and outcome (cut at "→", ";" and sentence ends) of the
 * cluster's most central episodes (SENTENCE_SOURCES of them: a large cluster says it many times). Each is scored by how much the whole cluster shares it: its mean similarity to the
 * cluster's episodes. A lesson is already a generalization, so it is preferred over a clause that
 * reports one incident, unless that clause is clearly more shared (LESSON_PREFERENCE). The winner
 * loses what belongs to one episode only (parentheticals, a leading "Lesson:"), is cut to
 * MAX_WORDS and ends as a sentence. Structured fields come from plain parsing of the statement.
 * The review queue says the statement was drafted from N episodes, so the person edits it.
 */
import { contentTerms, contentWords } from '../../../shared/rules/contradiction';
import type { BeliefCandidate, SourceText } from '../provider';
import { cosine, meanDirection, type Vector } from '../vector-math';
import { splitSourceText } from '../source-text';

const MAX_WORDS = 30;
/** A lesson's score is multiplied by this before it is compared with an incident's clause. */
const LESSON_PREFERENCE = 1.5;
const SENTENCE_SOURCES = 8;

interface Sentence {
  readonly text: string;
  readonly lesson: boolean;
  /** The episode it comes from: the one the statement cites. */
  readonly source: string;
}

export function extractCandidate(cluster: readonly SourceText[], embed: (text: string) => Vector): BeliefCandidate {
  const vectors = cluster.map((item) => embed(item.text));
  const { direction, resultant } = meanDirection(vectors);
  const central = cluster
    .map((item, i) => ({ item, closeness: cosine(vectors[i] as Vector, direction) }))
    .sort((a, b) => b.closeness - a.closeness)
    .slice(0, SENTENCE_SOURCES);
  let best: Sentence = { text: '', lesson: false, source: '' };
  let bestScore = -Infinity;
  for (const sentence of central.flatMap(({ item }) => sentencesOf(item))) {
    const shared = cosine(embed(sentence.text), direction) * resultant;
    const score = sentence.lesson ? shared * LESSON_PREFERENCE : shared;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  const statement = asStatement(best.text);
  const subject = subjectOf(statement, cluster);
  return {
    statement,
    subject,
    predicate: predicateOf(statement, subject),
    context: contextOf(statement),
    timeframe: timeframeOf(statement),
    citations: best.source === '' ? [] : [best.source],
  };
}

/** An episode's lessons, and the clauses of its main line. */
function sentencesOf(item: SourceText): Sentence[] {
  const { main, lessons } = splitSourceText(item.text);
  const clauses = main
    .split(/\s+→\s+|;\s+|(?<=[.!?])\s+/u)
    .map((clause) => clause.trim())
    .filter((clause) => contentWords(clause).length > 0);
  return [
    ...lessons.map((lesson) => ({ text: lesson, lesson: true, source: item.id })),
    ...clauses.map((clause) => ({ text: clause, lesson: false, source: item.id })),
  ];
}

function asStatement(sentence: string): string {
  const trimmed = sentence
    .replace(/\s*\([^)]*\)/gu, '')
    .replace(/^(?:lesson|note|learned|takeaway)\s*:\s*/iu, '')
    .trim()
    .replace(/\s+/gu, ' ');
  const text = trimmed.split(' ').slice(0, MAX_WORDS).join(' ').replace(/[.;:,\s]+$/u, '');
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
