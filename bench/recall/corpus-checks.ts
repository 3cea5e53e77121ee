/**
 * What makes the recall corpus fit to measure with, checked rather than promised (corpus.test.ts
 * runs these; the benchmark refuses a corpus that fails them):
 * - every conversation is long (300 turns or more) and dated: sessions in time order, two or more
 *   speakers;
 * - every question's evidence names turns of its conversation, and every category is asked in
 *   every split;
 * - questions are not copied from their evidence: a question's content words (stemmed, stop
 *   words and the names of people left out, since a question names whom it asks about) are mostly
 *   absent from its evidence turns. At most a quarter of questions share half or more of their
 *   content words with their evidence, and at most a tenth share all of them.
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';
import { CATEGORIES, type Conversation, type Question, type RecallCorpus, SPLITS, turnsOf } from './corpus';

export const MIN_TURNS = 300;
/** Questions sharing half or more of their content words with their evidence: at most this share. */
export const MAX_MOSTLY_COPIED = 0.25;
/** Questions whose every content word is in their evidence: at most this share. */
export const MAX_WHOLLY_COPIED = 0.1;

const STOP = new Set(eng);
const WORD = /[\p{L}\p{N}]+/gu;
const stems = (text: string): string[] => (text.toLowerCase().match(WORD) ?? []).filter((w) => !STOP.has(w) && w.length > 1).map((w) => stemmer(w));

/** Share of a question's content words (not names) found in its evidence turns' words. */
export function copiedShare(question: Question, conversation: Conversation, names: ReadonlySet<string>): number {
  const byId = new Map(turnsOf(conversation).map((t) => [t.id, t.text]));
  const evidence = new Set(question.evidence.flatMap((id) => stems(byId.get(id) ?? '')));
  const words = [...new Set(stems(question.question))].filter((w) => !names.has(w));
  if (words.length === 0) return 0;
  return words.filter((w) => evidence.has(w)).length / words.length;
}

export interface RecallCorpusReport {
  problems: string[];
  /** Over every question: the share that copies half or more of its words, and all of them. */
  mostlyCopied: number;
  whollyCopied: number;
}

export function checkRecallCorpus(corpus: RecallCorpus): RecallCorpusReport {
  const problems: string[] = [];
  const shares: number[] = [];
  for (const split of SPLITS) {
    const conversations = corpus.splits[split];
    for (const category of CATEGORIES) {
      if (!conversations.some((c) => c.questions.some((q) => q.category === category))) problems.push(`${split}: no ${category} question`);
    }
    for (const conversation of conversations) {
      const turns = turnsOf(conversation);
      if (turns.length < MIN_TURNS) problems.push(`${conversation.id}: ${turns.length} turns (at least ${MIN_TURNS})`);
      if (new Set(turns.map((t) => t.speaker)).size < 2) problems.push(`${conversation.id}: fewer than two speakers`);
      const times = conversation.sessions.map((s) => Date.parse(s.at));
      if (times.some((t, i) => !Number.isFinite(t) || (i > 0 && t <= (times[i - 1] as number)))) problems.push(`${conversation.id}: sessions not dated in order`);
      const ids = new Set(turns.map((t) => t.id));
      const names = new Set([...conversation.speakers, ...turns.flatMap((t) => t.text.match(/\b[A-Z][a-z]+\b/g) ?? [])].map((n) => stemmer(n.toLowerCase())));
      for (const question of conversation.questions) {
        const unknown = question.evidence.filter((id) => !ids.has(id));
        if (question.evidence.length === 0 || unknown.length > 0) problems.push(`${question.id}: evidence ${unknown.join(', ') || 'missing'}`);
        if (question.category === 'multi-hop' && question.evidence.length < 2) problems.push(`${question.id}: a multi-hop question needs two or more evidence turns`);
        shares.push(copiedShare(question, conversation, names));
      }
    }
  }
  const share = (test: (s: number) => boolean) => (shares.length === 0 ? 0 : shares.filter(test).length / shares.length);
  const mostlyCopied = share((s) => s >= 0.5);
  const whollyCopied = share((s) => s >= 1);
  if (mostlyCopied > MAX_MOSTLY_COPIED) problems.push(`${(mostlyCopied * 100).toFixed(1)}% of questions share half or more of their words with their evidence (at most ${MAX_MOSTLY_COPIED * 100}%)`);
  if (whollyCopied > MAX_WHOLLY_COPIED) problems.push(`${(whollyCopied * 100).toFixed(1)}% of questions copy all their words from their evidence (at most ${MAX_WHOLLY_COPIED * 100}%)`);
  return { problems, mostlyCopied, whollyCopied };
}
