/**
 * An import preview (and a dry-run consolidation) writes nothing and blocks no one (issue 27 §3): while it reads a large export
 * (yielding to the event loop as it goes), the app's own writes and another process's writes all
 * answer ok; an import lets the app's writes in between its short transactions; a lock held by
 * another program is `store_busy`, never `corrupt_file`.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemory } from '../mind/create';
import { openMind } from '../mind/mind';
import { startTestProcess } from '../mind/process-test-support';
import { snapshot } from '../mind/test-support';
import { exportMindJson } from '../interop/json-export';
import { type ApiFixture, apiFixture, callOk } from './api-test-support';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(async () => {
  await f.dispose();
});

/** A mind of `count` notes exported as Mindloom JSON; returns the export's path. */
async function exportOfNotes(count: number): Promise<string> {
  const path = join(f.dir, 'source.mindloom');
  const source = openMind(path);
  try {
    source.store.transaction(() => {
      for (let i = 0; i < count; i++) createMemory(source, { type: 'note', content: `exported note ${i}: the sync service retries three times` }, { actor: 'user' });
    });
    await exportMindJson(source, join(f.dir, 'source.json'));
  } finally {
    source.close();
  }
  return join(f.dir, 'source.json');
}

describe('interop.preview and locks', () => {
  it('holds no write lock: the app and another process write while it reads, and it writes nothing', async () => {
    const exported = await exportOfNotes(4_000);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const before = snapshot(f.session.mind());

    const writer = startTestProcess('numbered-writer-process', [f.mindPath, '300']);
    await writer.printed('started');
    let previewDone = false;
    const preview = callOk(f.api, 'interop.preview', { kind: 'json', path: exported }).finally(() => (previewDone = true));
    // The app's own writes, one per turn of the event loop, for as long as the preview runs.
    const answers: string[] = [];
    while (!previewDone) {
      const result = await f.api.dispatch('memories.setProtected', { id: f.ids.note, protected: answers.length % 2 === 0 });
      answers.push(result.ok ? 'ok' : result.error.code);
      await new Promise((done) => setImmediate(done));
    }
    const summary = await preview;
    expect(summary).toMatchObject({ kind: 'json', dryRun: true, imported: { byType: { note: 4_000 } } });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer !== 'ok')).toEqual([]);

    expect(await writer.stop()).toBe(0);
    expect(writer.output()).toContain('done');
    // Nothing of the preview's is in the mind: only the app's and the writer's own changes.
    const after = snapshot(f.session.mind());
    expect(after.memories - before.memories).toBe(300);
  }, 120_000);

  it("the app's own writes during an import are answered while it runs, between its transactions", async () => {
    const exported = await exportOfNotes(4_000);
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const answered: { answer: string; importDone: boolean }[] = [];
    let importDone = false;
    let writing: Promise<void> | null = null;
    const unsubscribe = f.api.subscribe((event) => {
      if (event.type !== 'interop.progress' || event.payload.stage !== 'running' || event.payload.done === 0 || writing !== null) return;
      // The import is part-way: the app's own writes, one after another, for as long as it runs.
      writing = (async () => {
        for (let i = 0; !importDone; i++) {
          const result = await f.api.dispatch('memories.setProtected', { id: f.ids.note, protected: i % 2 === 0 });
          answered.push({ answer: result.ok ? 'ok' : result.error.code, importDone });
          await new Promise((turn) => setImmediate(turn));
        }
      })();
    });
    try {
      const summary = await callOk(f.api, 'interop.import', { kind: 'json', path: exported });
      importDone = true;
      expect(summary.imported.byType).toEqual({ note: 4_000 });
      await writing;
    } finally {
      unsubscribe();
    }
    expect(answered.filter(({ answer }) => answer !== 'ok')).toEqual([]);
    expect(answered.filter((write) => !write.importDone).length).toBeGreaterThan(1);
    expect(await callOk(f.api, 'memories.get', { id: f.ids.note })).toHaveProperty('protected');
  }, 120_000);

  it('a run asked for while another program holds the write lock answers store_busy, not corrupt_file', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    const locker = startTestProcess('lock-holder-process', [f.mindPath]);
    await locker.printed('locked');
    try {
      const result = await f.api.dispatch('consolidation.runNow', {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('store_busy');
    } finally {
      await locker.stop();
    }
    // The lock gone, the same call runs.
    expect(await callOk(f.api, 'consolidation.runNow', {})).toMatchObject({ status: 'completed' });
  }, 120_000);

  it('a dry-run consolidation commits nothing to the file, not even the upkeep a writable open does', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    // Rows added and statistics dropped since the app opened the mind: a writable open now would ANALYZE.
    const other = openMind(f.mindPath);
    try {
      other.store.transaction(() => {
        for (let i = 0; i < 2_000; i++) createMemory(other, { type: 'note', content: `Paired on the sync service, round ${i}` }, { actor: 'user' });
      });
      other.store.db.exec('DELETE FROM sqlite_stat1');
    } finally {
      other.close();
    }
    const watcher = openMind(f.mindPath, { readonly: true });
    try {
      const dataVersion = () => watcher.store.db.pragma('data_version', { simple: true }) as number;
      const before = dataVersion();
      expect(await callOk(f.api, 'consolidation.runNow', { dryRun: true })).toMatchObject({ status: 'dry_run' });
      // data_version moves when any other connection commits to the file.
      expect(dataVersion()).toBe(before);
    } finally {
      watcher.close();
    }
  }, 120_000);
});
