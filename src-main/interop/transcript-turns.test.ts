/**
 * The conversation around a turn (migration 0014): kept on import, edit, forget and a bulk JSON
 * import, and used by recall, which finds a turn by its context alone, prefers the turns said in
 * the time a question names, matches a named person against the speaker, and keeps an evidently
 * relevant turn within reach whatever the tiers of other memories.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exportMindJson } from './json-export';
import { importJson } from './json-import';
import { transcriptsImporter } from './transcripts-importer';
import { turnsWithContext, turnsWithOwnWords } from '../store/store-test-support';
import { editMemory } from '../mind/edit';
import { forgetMemory } from '../mind/lifecycle';
import { loadMemory } from '../mind/change';
import { type Mind, openMind } from '../mind/mind';
import { recall } from '../mind/recall';
import { add, freshMind, type TestMind, USER } from '../mind/test-support';
import { verifyMemory } from '../mind/confidence-ops';

const AGENT = { actor: 'agent:tester' } as const;

let t: TestMind | null = null;
let folder: string | null = null;
afterEach(() => {
  t?.mind.close();
  t = null;
  if (folder !== null) rmSync(folder, { recursive: true, force: true });
  folder = null;
});

interface Line {
  id: string;
  role: string;
  content: string;
  at: string;
}

/** Imports the lines as one conversation's transcript; returns each turn's memory seq by turn id. */
async function importTurns(mind: Mind, lines: readonly Line[], conversation = 'c1'): Promise<Map<string, { seq: number; id: string }>> {
  folder ??= mkdtempSync(join(tmpdir(), 'mindloom-turns-'));
  const path = join(folder, `${conversation}.jsonl`);
  writeFileSync(path, lines.map((l) => JSON.stringify({ id: l.id, conversation_id: conversation, timestamp: l.at, role: l.role, content: l.content })).join('\n'));
  await transcriptsImporter.run(mind, path);
  return new Map(lines.map((l) => [l.id, memoryOf(mind, `transcripts:${conversation}:${l.id}`)]));
}

function memoryOf(mind: Mind, origin: string): { seq: number; id: string } {
  const record = loadMemory(mind, origin);
  return { seq: record.seq, id: record.id };
}

const MAY_8 = '2023-05-08T13:56:00Z';
const JUNE_20 = '2023-06-20T18:00:00Z';
const PAINTING: Line[] = [
  { id: 't1', role: 'Caroline', content: 'Have you been painting lately?', at: MAY_8 },
  { id: 't2', role: 'Melanie', content: 'Yes! A sunset over the lake, purple clouds and all.', at: MAY_8 },
  { id: 't3', role: 'Caroline', content: 'Gorgeous, send me a photo.', at: MAY_8 },
  { id: 't4', role: 'Caroline', content: 'I went hiking at Eagle Peak yesterday.', at: JUNE_20 },
  { id: 't5', role: 'Melanie', content: 'I finished a portrait of my grandmother.', at: JUNE_20 },
];

const ids = (mind: Mind, query: string, limit = 10) => recall(mind, { query, limit }, { ...AGENT, recordAccess: false }).hits.map((h) => h.memory.id);

describe('the context index of conversation turns', () => {
  it('holds each imported turn with its speaker, its date in words and the turns beside it', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, PAINTING);
    const seq = (id: string) => turns.get(id)?.seq;
    const db = t.mind.store.db;
    expect(turnsWithContext(db, 'painting')).toEqual([seq('t2')]); // the question before Melanie's answer
    expect(turnsWithContext(db, 'sunset')).toEqual([seq('t1'), seq('t3')]); // and the answer beside Caroline's turns
    // Melanie spoke t2 and stands beside t1 and t3; t4 and t5 were said on another day.
    expect(turnsWithContext(db, 'Melanie AND "8 May 2023" AND Monday')).toEqual([seq('t1'), seq('t2'), seq('t3')]);
    expect(turnsWithContext(db, '"June 2023" AND Tuesday')).toEqual([seq('t4'), seq('t5')]);
    expect(turnsWithOwnWords(db, 'sunset')).toEqual([seq('t2')]);
  });

  it('follows an edit: the new words reach the neighbours, the old ones leave', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, PAINTING);
    const answer = turns.get('t2') as { seq: number; id: string };
    editMemory(t.mind, answer.id, { content: 'Yes! A sunrise over the harbor.' }, { ...USER, expectedVersion: 1 });
    const db = t.mind.store.db;
    expect(turnsWithContext(db, 'sunset')).toEqual([]);
    expect(turnsWithContext(db, 'harbor')).toEqual([turns.get('t1')?.seq, turns.get('t3')?.seq]);
    expect(turnsWithOwnWords(db, 'harbor')).toEqual([answer.seq]);
  });

  it('forgets with the memory: its words leave its own entry and its neighbours\' context, and it is no longer a turn to recall', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, PAINTING);
    const answer = turns.get('t2') as { seq: number; id: string };
    forgetMemory(t.mind, answer.id, USER);
    const db = t.mind.store.db;
    for (const word of ['sunset', 'lake', 'purple']) {
      expect(turnsWithContext(db, word)).toEqual([]);
      expect(turnsWithOwnWords(db, word)).toEqual([]);
    }
    // The neighbours keep their own context: Caroline's t1 and t3 now stand beside each other.
    expect(turnsWithContext(db, 'photo')).toEqual([turns.get('t1')?.seq, turns.get('t4')?.seq]);
    expect(ids(t.mind, 'What did Melanie paint?')).not.toContain(answer.id);
  });

  it('is rebuilt after a JSON import into an empty mind (the bulk load sets the triggers aside)', async () => {
    t = freshMind();
    await importTurns(t.mind, PAINTING);
    folder ??= mkdtempSync(join(tmpdir(), 'mindloom-turns-'));
    const exported = join(folder, 'mind.jsonl');
    await exportMindJson(t.mind, exported);
    const copy = openMind(':memory:');
    try {
      await importJson(copy, exported);
      const answer = memoryOf(copy, 'transcripts:c1:t2');
      expect(turnsWithContext(copy.store.db, 'painting')).toEqual([answer.seq]);
      expect(ids(copy, 'What did Melanie paint?')[0]).toBe(answer.id);
    } finally {
      copy.close();
    }
  });
});

describe('recall with the conversation', () => {
  it('finds an answer by its context alone: neither the question\'s words nor the person are in the turn', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, PAINTING);
    const [first] = recall(t.mind, { query: 'What did Melanie paint?' }, { ...AGENT, recordAccess: false }).hits;
    expect(first?.memory.id).toBe(turns.get('t2')?.id);
    expect(first?.matchedWords).toEqual([]);
    expect(first?.why).toMatch(/^the turns around it match your words; said by the person you named; /);
  });

  it('prefers the turns said in the time a question names', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, [
      { id: 'a', role: 'Omar', content: 'I baked a lemon cake for the party.', at: '2023-03-04T10:00:00Z' },
      { id: 'b', role: 'Omar', content: 'I baked rye bread with caraway.', at: '2023-05-13T10:00:00Z' },
      { id: 'c', role: 'Omar', content: 'I baked a batch of scones.', at: '2023-08-19T10:00:00Z' },
    ]);
    const [inMay] = recall(t.mind, { query: 'What did Omar bake in May 2023?' }, { ...AGENT, recordAccess: false }).hits;
    expect(inMay?.memory.id).toBe(turns.get('b')?.id);
    expect(inMay?.why).toContain('said in the time you named');
    expect(ids(t.mind, 'What did Omar bake on 19 August 2023?')[0]).toBe(turns.get('c')?.id);
  });

  it('places "the week after …" by the event it names', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, [
      { id: 'run', role: 'Omar', content: 'I ran the city half marathon this morning.', at: '2023-05-06T10:00:00Z' },
      { id: 'rye', role: 'Omar', content: 'I baked rye bread with caraway.', at: '2023-05-10T10:00:00Z' },
      { id: 'scones', role: 'Omar', content: 'I baked a batch of scones.', at: '2023-07-01T10:00:00Z' },
    ]);
    expect(ids(t.mind, 'What did Omar bake the week after the half marathon?')[0]).toBe(turns.get('rye')?.id);
  });

  it('matches a named person against who spoke, not against turns that name them', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, [
      { id: 'g', role: 'Caroline', content: 'Hi Melanie! Any news about the garden?', at: MAY_8 },
      { id: 'h', role: 'Melanie', content: 'The garden is full of tomatoes now.', at: MAY_8 },
    ]);
    expect(ids(t.mind, 'What is growing in Melanie\'s garden?')[0]).toBe(turns.get('h')?.id);
    expect(ids(t.mind, 'What did Melanie say?')).toEqual([turns.get('h')?.id]); // no word of hers to match: what she said
  });

  it('keeps an evidently relevant turn within the first results, however trusted the other matches are', async () => {
    t = freshMind();
    const turns = await importTurns(t.mind, PAINTING);
    for (let i = 0; i < 12; i++) {
      const note = add(t.mind, { type: 'note', content: `Lake ${i} report: water levels were checked`, reviewStatus: 'approved', evidenceRefs: [{ kind: 'file', ref: `lake-${i}.md` }] });
      verifyMemory(t.mind, note.id, { evidence: 'checked the file' }, USER);
    }
    const found = ids(t.mind, 'sunset over the lake', 10);
    expect(found).toHaveLength(10);
    expect(found).toContain(turns.get('t2')?.id);
  });
});
