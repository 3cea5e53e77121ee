/** Recall previewed by a person over the real API: the agent's ranking, meaning from the mind's embedder, no access recorded. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';

let f: ApiFixture;
beforeEach(async () => {
  f = apiFixture();
  await callOk(f.api, 'session.open', { path: f.mindPath });
});
afterEach(() => f.dispose());

/** Imports `[speaker, words]` turns as one conversation through the transcripts importer, a minute apart from `start`. */
async function importConversation(id: string, start: string, turns: readonly string[][]): Promise<void> {
  const path = join(f.dir, `${id}.jsonl`);
  const line = ([role, content]: readonly string[], i: number) =>
    JSON.stringify({ id: `${id}-${i}`, conversation_id: id, timestamp: new Date(Date.parse(start) + i * 60_000).toISOString(), role, content });
  writeFileSync(path, `${turns.map(line).join('\n')}\n`);
  await callOk(f.api, 'interop.import', { kind: 'transcripts', path });
}

describe('memories.recall', () => {
  it('ranks what the agent would be reminded of, says why, and leaves the access statistics alone', async () => {
    const before = await callOk(f.api, 'memories.get', { id: f.ids.belief });
    const { hits, search } = await callOk(f.api, 'memories.recall', { query: 'Friday releases' });
    expect(search.words).toEqual(['friday', 'releases']);
    // An offline mind: its best word matches are compared with the query in hashed n-grams.
    expect(search.meaning).toBe('rerank');
    expect(hits.map((h) => h.memory.id)).toContain(f.ids.belief);
    expect(hits[0]?.memory.id).toBe(f.ids.belief);
    const belief = hits[0];
    expect(belief?.matchedWords).toEqual(expect.arrayContaining(['friday']));
    expect(belief?.why).not.toBe('');
    expect(belief?.signals.tier).toBe(before.tier);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    const after = await callOk(f.api, 'memories.get', { id: f.ids.belief });
    expect([after.accessCount, after.lastAccessedAt, after.version]).toEqual([before.accessCount, before.lastAccessedAt, before.version]);
  });

  it('ranks a reply above the turn that asks it: the offline meaning, which reads a turn without its conversation, leaves turns alone', async () => {
    const chat = [
      ['Caroline', 'What did you paint, Melanie?'],
      ['Melanie', 'A sunset over the lake, purple clouds and all.'],
      ['Caroline', 'Gorgeous, send me a photo.'],
    ];
    await importConversation('chat', '2023-05-08T13:50:00Z', chat);
    const { hits } = await callOk(f.api, 'memories.recall', { query: 'What did Melanie paint?' });
    expect(hits.slice(0, 2).map((h) => h.memory.content)).toEqual([chat[1]?.[1], chat[0]?.[1]]);
    expect(hits[0]?.why).toMatch(/^the turns around it match your words; said by the person you named; /);
  });

  it('finds the reply two turns after the turn that names the subject, which shares no word with the question', async () => {
    const chat = [
      ['Maria', 'Last weekend I went to a picnic with my friends from church.'],
      ['John', 'Fun! What did you all get up to?'],
      ['Maria', 'Charades and a scavenger hunt, we laughed so much.'],
      ['John', 'Sounds like a great day.'],
    ];
    await importConversation('picnic', '2023-07-02T10:00:00Z', chat);
    const { hits } = await callOk(f.api, 'memories.recall', { query: 'What did Maria do at the church picnic?' });
    const contents = hits.map((h) => h.memory.content);
    expect(contents.slice(0, 3)).toContain(chat[2]?.[1]);
    expect(contents.indexOf(chat[2]?.[1] as string)).toBeGreaterThan(contents.indexOf(chat[0]?.[1] as string));
  });

  it('keeps to the types asked for, and refuses an empty query', async () => {
    const { hits } = await callOk(f.api, 'memories.recall', { query: 'Friday', types: ['episode'] });
    expect(hits.map((h) => h.memory.id)).toEqual([f.ids.episode]);
    await callFails(f.api, 'memories.recall', { query: '   ' }, 'invalid_input');
  });
});
