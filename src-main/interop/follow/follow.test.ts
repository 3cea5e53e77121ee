/**
 * Linked sources against real Kernle databases: syncs bring what is new or changed and nothing
 * twice, a memory changed on both sides keeps Mindloom's edit, the source is never written, a
 * follower watching the files brings an agent's writes (the CLI's follower process, killed and
 * started again, is tested in src-main/host/cli/follow-process.test.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editMemory } from '../../mind/edit';
import { getHistory } from '../../mind/history';
import { archiveMemory } from '../../mind/lifecycle';
import { getMemoryView } from '../../mind/memory-view';
import { type Mind, openMind } from '../../mind/mind';
import { writeKernleRows } from '../../store/kernle-writer';
import { listLinkedSources } from '../../store/linked-sources-repo';
import { originsOfSystem } from '../../store/origins-repo';
import { followSource } from './follower';
import { emptyKernleDatabase, kernleNote, until } from './follow-test-support';
import { linkSource, syncLinkedSource } from './linked-sync';

let dir: string;
let kernlePath: string;
let mind: Mind | null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-follow-'));
  kernlePath = join(dir, 'memories.db');
  emptyKernleDatabase(kernlePath);
  mind = null;
});
afterEach(() => {
  mind?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A mind linked to the Kernle source holding one note, synced: the note's memory. */
function linkedNote(content: string) {
  const m = (mind = openMind(join(dir, 'agent.mind')));
  const note = kernleNote(content);
  writeKernleRows(kernlePath, 'notes', [note]);
  linkSource(m, 'kernle', kernlePath, null);
  syncLinkedSource(m, 'kernle', kernlePath);
  return { m, note, id: getMemoryView(m, `kernle:${String(note.id)}`).id };
}

const fileHash = (path: string) => (existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'absent');

describe('a linked Kernle source', () => {
  it('brings what is new, then only what changed, nothing twice, and never writes the source', () => {
    const m = (mind = openMind(join(dir, 'agent.mind')));
    const first = [kernleNote('The deploy runs on Fridays'), kernleNote('Billing retries three times')];
    writeKernleRows(kernlePath, 'notes', first);
    linkSource(m, 'kernle', kernlePath, null);
    const before = fileHash(kernlePath);
    expect(syncLinkedSource(m, 'kernle', kernlePath)).toMatchObject({ added: { note: 2 }, updated: 0, kept: 0 });
    expect(fileHash(kernlePath)).toBe(before);
    expect(syncLinkedSource(m, 'kernle', kernlePath)).toMatchObject({ added: {}, updated: 0 });

    writeKernleRows(kernlePath, 'notes', [kernleNote('Search uses Postgres')]);
    writeKernleRows(kernlePath, 'notes', [{ id: first[0]?.id, content: 'The deploy runs on Thursdays', local_updated_at: new Date().toISOString() }], 'update');
    expect(syncLinkedSource(m, 'kernle', kernlePath)).toMatchObject({ added: { note: 1 }, updated: 1, kept: 0 });
    const changed = getMemoryView(m, `kernle:${first[0]?.id}`);
    expect(changed.content).toBe('The deploy runs on Thursdays');
    expect(getHistory(m, changed.id).at(-1)).toMatchObject({ op: 'source_update', actor: 'import:kernle' });
    expect(originsOfSystem(m.store.db, 'kernle').size).toBe(3);

    // Kernle soft-deletes: the memory it became is archived, never removed, and nothing new is imported from it.
    writeKernleRows(kernlePath, 'notes', [{ id: first[1]?.id, deleted: 1, local_updated_at: new Date().toISOString() }], 'update');
    expect(syncLinkedSource(m, 'kernle', kernlePath)).toMatchObject({ added: {}, updated: 1 });
    expect(getMemoryView(m, `kernle:${first[1]?.id}`).status).toBe('archived');

    const [source] = listLinkedSources(m.store.db);
    expect(source).toMatchObject({ system: 'kernle', path: kernlePath, totals: { added: 3, updated: 2, kept: 0 }, lastError: null });
    expect(source?.lastChange).toMatchObject({ added: {}, updated: 1 });
  });

  it('keeps Mindloom\'s edit of a memory the source changed too, and records the source\'s change in its history', () => {
    const { m, note, id } = linkedNote('Standup is at 9:30');
    editMemory(m, id, { content: 'Standup is at 10:00' }, { actor: 'user', expectedVersion: 1 });
    writeKernleRows(kernlePath, 'notes', [{ id: note.id, content: 'Standup is at 9:45', local_updated_at: new Date().toISOString() }], 'update');

    expect(syncLinkedSource(m, 'kernle', kernlePath)).toMatchObject({ updated: 0, kept: 1 });
    expect(getMemoryView(m, id).content).toBe('Standup is at 10:00');
    const recorded = getHistory(m, id).find((h) => h.op === 'source_change');
    expect(recorded).toMatchObject({ actor: 'import:kernle', after: { source: { content: 'Standup is at 9:45' }, kept: 'mindloom' } });
  });

  it('a row re-read as it was (the cursor looks back a few seconds) does not undo what changed here since', () => {
    const { m, id } = linkedNote('Backups run at midnight');
    archiveMemory(m, id, { actor: 'scheduler:nightly' });
    expect(syncLinkedSource(m, 'kernle', kernlePath)).toMatchObject({ added: {}, updated: 0, kept: 0, read: 0 });
    expect(getMemoryView(m, id).status).toBe('archived');
  });

  it('a source that cannot be read is said where Settings shows it, and the next sync that can read it recovers', () => {
    const m = (mind = openMind(join(dir, 'agent.mind')));
    const later = join(dir, 'later.db');
    linkSource(m, 'kernle', later, null);
    expect(() => syncLinkedSource(m, 'kernle', later)).toThrow(/later\.db: cannot be opened/);
    expect(listLinkedSources(m.store.db)[0]?.lastError).toMatch(/later\.db: cannot be opened/);
    emptyKernleDatabase(later);
    writeKernleRows(later, 'notes', [kernleNote('Now it is there')]);
    expect(syncLinkedSource(m, 'kernle', later)).toMatchObject({ added: { note: 1 } });
    expect(listLinkedSources(m.store.db)[0]?.lastError).toBeNull();
  });

  it('a follower watching the files brings what the agent writes, and stops cleanly', async () => {
    const m = (mind = openMind(join(dir, 'agent.mind')));
    const follower = followSource(m, 'kernle', kernlePath, { container: null });
    try {
      await follower.synced();
      for (let i = 0; i < 5; i++) writeKernleRows(kernlePath, 'notes', [kernleNote(`note ${i}`)]);
      await until(() => originsOfSystem(m.store.db, 'kernle').size === 5, 'five notes');
    } finally {
      await follower.stop();
    }
    expect(originsOfSystem(m.store.db, 'kernle').size).toBe(5);
  });

});
