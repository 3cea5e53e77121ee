/** An imported memory answers to its origin id (`kernle:UUID`) wherever a memory id is taken. */
import { afterEach, describe, expect, it } from 'vitest';
import { insertOrigin } from '../store/origins-repo';
import { editMemory } from './edit';
import { getHistory } from './history';
import { getMemoryView } from './memory-view';
import { USER, add, expectMindError, freshMind, type TestMind } from './test-support';

let t: TestMind;
afterEach(() => t.mind.close());

function imported() {
  t = freshMind();
  const memory = add(t.mind, { type: 'belief', content: 'Avoid deploying on Fridays' });
  insertOrigin(
    t.mind.store.db,
    { memorySeq: memory.seq, system: 'kernle', originalId: '569074ec-df88', container: 'anchor-demo', details: { beliefScope: 'world' } },
    t.mind.now(),
  );
  return memory;
}

describe('origin ids', () => {
  it('show the imported memory, with its origin in the provenance', () => {
    const memory = imported();
    const view = getMemoryView(t.mind, 'kernle:569074ec-df88');
    expect(view.id).toBe(memory.id);
    expect(view.provenance.origin).toEqual({
      system: 'kernle',
      originalId: '569074ec-df88',
      container: 'anchor-demo',
      details: { beliefScope: 'world' },
      importedAt: new Date(t.mind.now()).toISOString(),
    });
    expect(getMemoryView(t.mind, memory.id).provenance.origin?.originalId).toBe('569074ec-df88');
  });

  it('reach the memory for history and edits too', () => {
    const memory = imported();
    editMemory(t.mind, 'kernle:569074ec-df88', { content: 'Avoid deploying on Fridays after noon' }, { ...USER, expectedVersion: memory.version });
    expect(getHistory(t.mind, 'kernle:569074ec-df88').map((h) => h.op)).toEqual(getHistory(t.mind, memory.id).map((h) => h.op));
    expect(getMemoryView(t.mind, memory.id).content).toBe('Avoid deploying on Fridays after noon');
  });

  it('that name no imported memory are not found, and a memory made here has no origin', () => {
    const memory = imported();
    expectMindError(() => getMemoryView(t.mind, 'kernle:unknown'), 'not_found');
    expectMindError(() => getMemoryView(t.mind, 'mcp-memory:569074ec-df88'), 'not_found');
    expectMindError(() => getMemoryView(t.mind, ':569074ec-df88'), 'not_found');
    const local = add(t.mind, { type: 'note', content: 'written here' });
    expect(getMemoryView(t.mind, local.id).provenance.origin).toBeNull();
    expect(memory.id).not.toContain(':');
  });
});
