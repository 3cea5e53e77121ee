/** Recall's meaning in a mind that still holds vectors from the hashed n-gram embedder (minds consolidated before the lexical space). */
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../mind/create';
import { recall } from '../mind/recall';
import { USER, freshMind, type TestMind } from '../mind/test-support';
import { readEmbedderInfo, writeEmbedding } from '../store/vectors-repo';
import { embedText, NGRAM_DIMENSION, NGRAM_EMBEDDER_ID } from './offline/ngram-embedder';
import { meaningSource } from './recall-meaning';
import { textOf } from './source-text';

let t: TestMind;
afterEach(() => t.mind.close());

describe('recall meaning from stored n-gram vectors', () => {
  it('compares the best word matches with the query, but leaves conversation turns to their relevance with the conversation', async () => {
    t = freshMind();
    const { mind } = t;
    const chat = [
      ['Caroline', 'What did you paint, Melanie?'],
      ['Melanie', 'A sunset over the lake, purple clouds and all.'],
      ['Caroline', 'Gorgeous, send me a photo.'],
    ] as const;
    const turns = chat.map(([role, content], i) =>
      createMemory(mind, { type: 'raw', content, fields: { source: { conversationId: 'chat', turnId: `t${i}`, role } } }, USER),
    );
    const note = createMemory(mind, { type: 'note', content: 'Melanie paints landscapes at the weekend' }, USER);
    for (const memory of [...turns, note]) {
      writeEmbedding(mind.store.db, memory.seq, embedText(textOf(memory.type, memory.content, memory.fields), NGRAM_DIMENSION));
    }
    expect(readEmbedderInfo(mind.store.db)?.id).toBe(NGRAM_EMBEDDER_ID);

    const query = 'What did Melanie paint?';
    const meaning = await meaningSource(mind, {}).forQuery(query);
    const result = recall(mind, { query }, { actor: 'agent:tester', recordAccess: false, meaning });
    expect(result.search.meaning).toBe('rerank');
    const contents = result.hits.map((h) => h.memory.content);
    expect(contents).toEqual(expect.arrayContaining([chat[1][1], chat[0][1]]));
    expect(contents.indexOf(chat[1][1])).toBeLessThan(contents.indexOf(chat[0][1]));
    const turnIds = new Set(turns.map((turn) => turn.id));
    const turnHits = result.hits.filter((h) => turnIds.has(h.memory.id));
    expect(turnHits.map((h) => h.signals.meaning)).toEqual(turnHits.map(() => null));
    expect(result.hits.find((h) => h.memory.id === note.id)?.signals.meaning).toBeGreaterThan(0);
  });
});
