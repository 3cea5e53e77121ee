/**
 * `--recall-corpus PATH`: conversations in the public LoCoMo benchmark's format, read from a file
 * kept outside the repository (it has its own licence), to measure recall on real conversations
 * beside the generated corpus. A file holds one sample or a list of them: `conversation` with
 * `speaker_a`, `speaker_b`, `session_N_date_time` ("1:56 pm on 8 May, 2023") and `session_N` turns
 * ({speaker, dia_id, text, blip_caption?}), and `qa` ({question, evidence, category}).
 *
 * A turn's text is what was said plus, when the speaker shared a photo, its caption in brackets
 * (the photo is part of what the turn says: "here's my latest painting"). LoCoMo numbers its
 * categories 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop; category 5 (adversarial: the
 * question names the wrong person on purpose, and the answer is that nobody said so) is left out,
 * since its evidence is not the answer.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Category, Conversation, Question, Session, Turn } from './corpus';

const LOCOMO_CATEGORIES: Readonly<Record<number, Category>> = { 1: 'multi-hop', 2: 'temporal', 3: 'open-domain', 4: 'single-hop' };

interface LocomoTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

interface LocomoSample {
  sample_id?: string;
  conversation: Record<string, unknown>;
  qa: { question: string; evidence: string[]; category: number; answer?: unknown }[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "1:56 pm on 8 May, 2023" as ISO (UTC): LoCoMo's session times. */
export function locomoTime(text: string): string {
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm) on (\d{1,2}) ([A-Za-z]+),? (\d{4})$/i.exec(text.trim());
  const month = m === null ? -1 : MONTHS.indexOf(m[5]?.toLowerCase() ?? '');
  if (m === null || month < 0) throw new Error(`a LoCoMo session time that does not read as "1:56 pm on 8 May, 2023": "${text}"`);
  const hour = (Number(m[1]) % 12) + (m[3]?.toLowerCase() === 'pm' ? 12 : 0);
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

function conversationOf(sample: LocomoSample, index: number): { conversation: Conversation; adversarial: number } {
  const c = sample.conversation;
  const sessions: Session[] = [];
  for (let n = 1; Array.isArray(c[`session_${n}`]) || typeof c[`session_${n}_date_time`] === 'string'; n += 1) {
    const turns = (c[`session_${n}`] ?? []) as LocomoTurn[];
    if (turns.length === 0) continue;
    sessions.push({
      at: locomoTime(String(c[`session_${n}_date_time`])),
      turns: turns.map((t): Turn => ({ id: t.dia_id, speaker: t.speaker, text: t.blip_caption === undefined ? t.text : `${t.text} [shares ${t.blip_caption}]` })),
    });
  }
  const questions: Question[] = sample.qa
    .filter((q) => LOCOMO_CATEGORIES[q.category] !== undefined && q.evidence.length > 0)
    .map((q, i) => ({ id: `q${i + 1}`, category: LOCOMO_CATEGORIES[q.category] as Category, question: q.question, evidence: q.evidence, answer: String(q.answer ?? '') }));
  return {
    conversation: { id: sample.sample_id ?? `locomo-${index + 1}`, kind: 'friends', speakers: [String(c.speaker_a), String(c.speaker_b)], sessions, questions },
    adversarial: sample.qa.filter((q) => q.category === 5).length,
  };
}

function samplesOf(path: string): LocomoSample[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as LocomoSample | LocomoSample[];
  const samples = Array.isArray(parsed) ? parsed : [parsed];
  if (samples.some((s) => typeof s?.conversation !== 'object' || !Array.isArray(s.qa))) throw new Error(`${path} is not in LoCoMo's format (samples with "conversation" and "qa")`);
  return samples;
}

/**
 * The conversations of a LoCoMo-format file, or of every `.json` file in a folder (one
 * conversation a file, in name order, so one run reports the total), and how many adversarial
 * questions were left out.
 */
export function readLocomoCorpus(path: string): { conversations: Conversation[]; adversarialLeftOut: number } {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => join(path, name))
    : [path];
  if (files.length === 0) throw new Error(`${path} holds no .json file in LoCoMo's format`);
  const read = files.flatMap(samplesOf).map(conversationOf);
  return { conversations: read.map((r) => r.conversation), adversarialLeftOut: read.reduce((n, r) => n + r.adversarial, 0) };
}
