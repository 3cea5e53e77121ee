/**
 * Destinations the file system refuses, each answered with a typed error and nothing written.
 *
 * A destination the file system cannot name (the contract fuzz found it: a 4,032-character path
 * answered `internal` from ENAMETOOLONG half-way through the write). Export and backup refuse it
 * up front with `invalid_input`, write nothing beside it, and the mind keeps working.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(async () => {
  await f.dispose();
});

describe('destinations too long for the file system', () => {
  const destinations: Record<string, () => string> = {
    // Fits NAME_MAX on its own, not with the working suffix a writer adds beside it.
    'a name that fits only without the working suffix': () => join(f.dir, `${'n'.repeat(240)}.json`),
    'a name over NAME_MAX': () => join(f.dir, `${'n'.repeat(300)}.json`),
    // Within the contract's 4,096 characters, over PATH_MAX once the working suffix is added.
    'a path that fits PATH_MAX only without the working suffix': () => {
      const start = join(f.dir, 'x.json');
      const folders = Math.floor((4_085 - start.length) / 'folder-long/'.length);
      return join(f.dir, ...Array.from({ length: folders }, () => 'folder-long'), 'x.json');
    },
  };

  for (const [what, destination] of Object.entries(destinations)) {
    it(`refuses ${what} for export and backup, writing nothing`, async () => {
      await callOk(f.api, 'session.open', { path: f.mindPath });
      const before = readdirSync(f.dir).sort();
      const path = destination();
      for (const [call, payload] of [
        ['interop.export', { format: 'json', path, overwrite: true }],
        ['interop.export', { format: 'markdown', path, overwrite: true }],
        ['mind.backup', { path, overwrite: true }],
      ] as const) {
        const error = await callFails(f.api, call, payload, 'invalid_input');
        expect(error.message, call).toMatch(/too long/);
      }
      expect(readdirSync(f.dir).sort()).toEqual(before);
      expect((await callOk(f.api, 'memories.get', { id: f.ids.note })).id).toBe(f.ids.note);
    });
  }
});

describe('a backup folder that cannot be one', () => {
  it('a file where the folder would be: backups list none, a backup says why, nothing written', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    writeFileSync(join(f.dir, 'small-backups'), 'not a folder');
    const before = readdirSync(f.dir).sort();
    expect((await callOk(f.api, 'mind.backups', {})).backups).toEqual([]);
    const error = await callFails(f.api, 'mind.backup', {}, 'invalid_state');
    expect(error.message).toMatch(/is a file, not a folder/);
    expect(readdirSync(f.dir).sort()).toEqual(before);
  });

  it('a folder the settings name too long, or under a file: typed refusals', async () => {
    await callOk(f.api, 'session.open', { path: f.mindPath });
    writeFileSync(join(f.dir, 'a-file'), 'x');
    const cases = [
      { folder: 'f'.repeat(300), code: 'invalid_input', message: /too long/ },
      { folder: 'a-file/backups', code: 'invalid_state', message: /a file stands where/ },
    ] as const;
    for (const { folder, code, message } of cases) {
      await callOk(f.api, 'settings.update', { backup: { folder } });
      const error = await callFails(f.api, 'mind.backup', {}, code);
      expect(error.message, folder.slice(0, 20)).toMatch(message);
      if (code === 'invalid_input') expect((await callFails(f.api, 'mind.backups', {}, code)).message).toMatch(message);
    }
  });
});
