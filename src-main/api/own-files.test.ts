/**
 * No call that takes a path may reach the open mind's own files (issue 27 §1): an export written
 * over `-wal` lost writes already acknowledged while another program had the mind open. Each
 * path-taking call is refused for the mind and its companions, by name, through a symbolic link or
 * a hard link, with nothing written; the writes made meanwhile are all there afterwards.
 */
import { existsSync, linkSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkMindFile } from '../mind/check';
import { openMind } from '../mind/mind';
import { startTestProcess, type TestProcess } from '../mind/process-test-support';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';

let f: ApiFixture;
let holder: TestProcess | null = null;
beforeEach(() => {
  f = apiFixture();
});
afterEach(async () => {
  await stopHolder();
  await f.dispose();
});

/** Another program (an agent) with the mind open and writes of its own in the log. */
async function startHolder(path: string): Promise<void> {
  holder = startTestProcess('holder-process', [path, '5']);
  await holder.printed('holding');
}

async function stopHolder(): Promise<void> {
  await holder?.stop();
  holder = null;
}

/** The open mind's own files under every name this test can give them. */
function ownPaths(mindPath: string): Record<string, string> {
  const paths: Record<string, string> = {
    'the mind': mindPath,
    'the mind by a relative-looking path': join(f.dir, '.', 'small.mindloom'),
    'the mind through a symbolic link': join(f.dir, 'link-to-mind.mindloom'),
    'the mind through a hard link': join(f.dir, 'hard-link-to-mind.mindloom'),
    '-wal': `${mindPath}-wal`,
    '-shm': `${mindPath}-shm`,
    '-journal': `${mindPath}-journal`,
    '-wal through a symbolic link': join(f.dir, 'link-to-wal.json'),
    '-wal through a hard link': join(f.dir, 'hard-link-to-wal.json'),
  };
  symlinkSync(mindPath, paths['the mind through a symbolic link'] as string);
  linkSync(mindPath, paths['the mind through a hard link'] as string);
  symlinkSync(`${mindPath}-wal`, paths['-wal through a symbolic link'] as string);
  linkSync(`${mindPath}-wal`, paths['-wal through a hard link'] as string);
  return paths;
}

describe("the open mind's own files", () => {
  it('are refused by every path-taking call, nothing is written, and every acknowledged write survives', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    await startHolder(f.mindPath);
    let version = (await callOk(f.api, 'memories.get', { id: f.ids.note })).version;
    const edit = async (content: string) => {
      version = (await callOk(f.api, 'memories.edit', { id: f.ids.note, expectedVersion: version, content })).version;
    };
    await edit('acknowledged write 1');
    const paths = ownPaths(f.mindPath);
    const files = () => Object.fromEntries(readdirSync(f.dir).filter((name) => name !== 'app-data').map((name) => [name, statSync(join(f.dir, name)).ino]));
    const before = files();

    for (const [what, path] of Object.entries(paths)) {
      const calls: [string, unknown][] = [
        ['interop.export', { format: 'json', path, overwrite: true }],
        ['interop.export', { format: 'markdown', path, overwrite: true }],
        ['interop.preview', { kind: 'json', path }],
        ['interop.preview', { kind: 'transcripts', path }],
        ['interop.preview', { kind: 'mcp-memory', path }],
        ['interop.preview', { kind: 'kernle', path }],
        ['interop.import', { kind: 'json', path }],
        ['mind.backup', { path, overwrite: true }],
        ['session.create', { path }],
      ];
      for (const [call, payload] of calls) {
        // A missing companion (no -journal in WAL mode) is refused by its name all the same.
        const error = await callFails(f.api, call, payload, 'invalid_input');
        expect(error.message, `${call} of ${what}`).toMatch(/open mind/);
      }
      if (what.startsWith('the mind')) expect((await callOk(f.api, 'mind.check', { path })).path).toBe(f.mindPath);
      else {
        await callFails(f.api, 'session.open', { path }, 'invalid_input');
        await callFails(f.api, 'mind.check', { path }, 'invalid_input');
      }
      await edit(`acknowledged write after ${what}`);
    }
    expect(files()).toEqual(before);
    expect(existsSync(`${f.mindPath}-journal`)).toBe(false);

    // The host stops, the other program too: every write the app acknowledged is in the file.
    f.session.close();
    await stopHolder();
    const reopened = openMind(f.mindPath, { mustExist: true });
    try {
      const note = reopened.store.db.prepare('SELECT content, version FROM memories WHERE id = ?').get(f.ids.note) as { content: string; version: number };
      expect(note).toEqual({ content: 'acknowledged write after -wal through a hard link', version });
    } finally {
      reopened.close();
    }
    expect(checkMindFile(f.mindPath).ok).toBe(true);
  });
});
