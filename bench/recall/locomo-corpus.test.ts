import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { readLocomoCorpus, locomoTime } from './locomo-corpus';
import { runRecallBench } from './recall-bench';

/** A made-up conversation in LoCoMo's format (the real data stays outside the repository). */
const sample = {
  sample_id: 'made-up-1',
  qa: [
    { question: 'Which instrument does Ana play?', answer: 'cello', evidence: ['D1:2'], category: 4 },
    { question: 'Who signed up for a pottery class?', answer: 'Ana, after a long week', evidence: ['D1:3', 'D1:1'], category: 1 },
    { question: 'When did Ben go to the coast?', answer: 'the weekend before 3 June 2023', evidence: ['D2:2'], category: 2 },
    { question: 'Would Ana like a concert?', answer: 'likely', evidence: [], category: 3 },
    { question: 'Which instrument does Ben play?', adversarial_answer: 'cello', evidence: ['D1:2'], category: 5 },
  ],
  conversation: {
    speaker_a: 'Ana',
    speaker_b: 'Ben',
    session_1_date_time: '1:56 pm on 8 May, 2023',
    session_1: [
      { speaker: 'Ana', dia_id: 'D1:1', text: 'Hi Ben, long week!' },
      { speaker: 'Ben', dia_id: 'D1:2', text: 'Hey! Still practising the cello?', blip_caption: 'a photo of a cello on a stand' },
      { speaker: 'Ana', dia_id: 'D1:3', text: 'Every evening. I also signed up for a pottery class.' },
    ],
    session_2_date_time: '12:09 am on 3 June, 2023',
    session_2: [
      { speaker: 'Ben', dia_id: 'D2:1', text: 'I made my first bowl at the pottery studio.' },
      { speaker: 'Ana', dia_id: 'D2:2', text: 'Ben, how was the coast last weekend?' },
    ],
    session_3_date_time: '9:55 am on 22 October, 2023',
  },
};

function writeSample(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'locomo-')), 'sample.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

describe('a LoCoMo-format corpus', () => {
  it('reads session times as LoCoMo writes them, and refuses others', () => {
    expect(locomoTime('1:56 pm on 8 May, 2023')).toBe('2023-05-08T13:56:00.000Z');
    expect(locomoTime('12:09 am on 13 September, 2023')).toBe('2023-09-13T00:09:00.000Z');
    expect(locomoTime('12:20 pm on 8 December, 2023')).toBe('2023-12-08T12:20:00.000Z');
    expect(() => locomoTime('8 May 2023')).toThrow(/does not read as/);
    expect(() => locomoTime('1:56 pm on 8 Maybe, 2023')).toThrow(/does not read as/);
  });

  it('becomes dated sessions of turns with their photos, and questions of the four categories', () => {
    const { conversations, adversarialLeftOut } = readLocomoCorpus(writeSample([sample]));
    expect(adversarialLeftOut).toBe(1);
    const [conversation] = conversations;
    expect(conversation?.speakers).toEqual(['Ana', 'Ben']);
    expect(conversation?.sessions.map((s) => s.at)).toEqual(['2023-05-08T13:56:00.000Z', '2023-06-03T00:09:00.000Z']);
    expect(conversation?.sessions[0]?.turns[1]).toEqual({ id: 'D1:2', speaker: 'Ben', text: 'Hey! Still practising the cello? [shares a photo of a cello on a stand]' });
    expect(conversation?.questions.map((q) => [q.category, q.evidence])).toEqual([
      ['single-hop', ['D1:2']],
      ['multi-hop', ['D1:3', 'D1:1']],
      ['temporal', ['D2:2']],
    ]);
  });

  it('refuses a file of another shape', () => {
    expect(() => readLocomoCorpus(writeSample({ turns: [] }))).toThrow(/not in LoCoMo's format/);
  });

  it('reads every .json file of a folder, one conversation a file in name order, and refuses a folder without one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'locomo-folder-'));
    writeFileSync(join(folder, 'conv-b.json'), JSON.stringify({ ...sample, sample_id: 'made-up-2' }));
    writeFileSync(join(folder, 'conv-a.json'), JSON.stringify(sample));
    writeFileSync(join(folder, 'notes.txt'), 'not a conversation');
    const { conversations, adversarialLeftOut } = readLocomoCorpus(folder);
    expect(conversations.map((c) => c.id)).toEqual(['made-up-1', 'made-up-2']);
    expect(adversarialLeftOut).toBe(2);
    expect(() => readLocomoCorpus(mkdtempSync(join(tmpdir(), 'locomo-empty-')))).toThrow(/holds no \.json file/);
  });

  it('is measured as the generated corpus is: any evidence found at least as often as the share, the share at least as often as all of it', async () => {
    const { conversations } = readLocomoCorpus(writeSample(sample));
    const [result] = await runRecallBench({
      splits: ['heldout'],
      settings: DEFAULT_SETTINGS,
      secrets: {},
      corpus: { seed: 0, splits: { calibration: [], heldout: conversations } },
      external: true,
    });
    const overall = result?.overall;
    if (result === undefined || overall === undefined) throw new Error('no result');
    expect(result.turns).toBe(5);
    expect(overall.questions).toBe(3);
    expect(overall.anyEvidence.recallAt10).toBeGreaterThanOrEqual(overall.recallAt10);
    expect(overall.recallAt10).toBeGreaterThanOrEqual(overall.allEvidence.recallAt10);
    // Multi-hop: plain bm25 finds the pottery turn and not the greeting that names nothing asked:
    // "any" counts the question found, the share half of it, "all" not at all.
    const multi = result.byCategory['multi-hop'];
    expect([multi.anyEvidence.bm25At10, multi.bm25At10, multi.allEvidence.bm25At10]).toEqual([1, 0.5, 0]);
  });
});
