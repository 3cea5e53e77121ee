/**
 * A file that fails to open leaves the open mind open, and leaves nothing beside itself: every bad
 * target of the contract fuzz (issue 27 §2, §4, §7), one at a time, against a session with a mind open.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMind } from '../mind/mind';
import { type ApiFixture, apiFixture, callFails, callOk } from './api-test-support';

let f: ApiFixture;
beforeEach(() => {
  f = apiFixture();
});
afterEach(async () => {
  await f.dispose();
});

type BadTarget = [what: string, make: (folder: string) => string];

const KERNLE_DB = join(import.meta.dirname, '..', 'interop', 'kernle', 'fixtures', 'sample-kernle.db');

const BAD_TARGETS: BadTarget[] = [
  ['/etc/passwd', () => '/etc/passwd'],
  ['/dev/zero', () => '/dev/zero'],
  ['a folder', (folder) => folder],
  ['a missing file', (folder) => join(folder, 'missing.mindloom')],
  ['an empty file', (folder) => write(folder, 'empty.mindloom', Buffer.alloc(0))],
  ['random bytes', (folder) => write(folder, 'random.mindloom', Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) & 0xff)))],
  [
    "another app's SQLite",
    (folder) => {
      copyFileSync(KERNLE_DB, join(folder, 'kernle.db'));
      return join(folder, 'kernle.db');
    },
  ],
  [
    'a truncated mind',
    (folder) => {
      const path = join(folder, 'whole.mindloom');
      openMind(path).close();
      return write(folder, 'truncated.mindloom', readFileSync(path).subarray(0, 3000));
    },
  ],
  [
    'a mind of schema v9999',
    (folder) => {
      const path = join(folder, 'future.mindloom');
      const mind = openMind(path);
      mind.store.db.pragma('user_version = 9999');
      mind.close();
      return path;
    },
  ],
  ['a NUL in the path', (folder) => join(folder, 'bad\u0000name.mindloom')],
  ['a path too long', (folder) => join(folder, `${'x'.repeat(300)}.mindloom`)],
  [
    'a pipe',
    (folder) => {
      execFileSync('mkfifo', [join(folder, 'pipe.mindloom')]);
      return join(folder, 'pipe.mindloom');
    },
  ],
];

function write(folder: string, name: string, bytes: Buffer): string {
  writeFileSync(join(folder, name), bytes);
  return join(folder, name);
}

describe('session.open of a bad target', () => {
  it.each(BAD_TARGETS)('%s: a typed error, the open mind stays open, nothing left beside it', async (_what, make) => {
    const opened = await callOk(f.api, 'session.open', { path: f.mindPath });
    const folder = join(f.dir, 'targets');
    mkdirSync(folder);
    const target = make(folder);
    const before = readdirSync(folder).sort();

    const result = await f.api.dispatch('session.open', { path: target });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).not.toBe('internal');
    expect(result.error.message).not.toBe('');

    expect(await callOk(f.api, 'session.status')).toEqual(opened);
    expect((await callOk(f.api, 'memories.get', { id: f.ids.note })).content).toBe('Ask Claire about the release train');
    expect(readdirSync(folder).sort()).toEqual(before);
  });

  it('with no mind open, a bad target is the error status and an empty file stays empty', async () => {
    const empty = write(f.dir, 'empty.mindloom', Buffer.alloc(0));
    expect(await callOk(f.api, 'session.open', { path: empty })).toMatchObject({ state: 'error', code: 'not_a_mind' });
    expect(statSync(empty).size).toBe(0);
    // Creating there is asked for explicitly, and works.
    expect(await callOk(f.api, 'session.create', { path: empty })).toMatchObject({ state: 'open' });
  });

  it('the open mind by another name is still open; its companions are refused as minds', async () => {
    const opened = await callOk(f.api, 'session.open', { path: f.mindPath });
    expect(await callOk(f.api, 'session.open', { path: join(f.dir, '.', 'small.mindloom') })).toEqual(opened);
    for (const suffix of ['-wal', '-shm', '-journal']) {
      const error = await callFails(f.api, 'session.open', { path: `${f.mindPath}${suffix}` }, 'invalid_input');
      expect(error.message).toContain(suffix);
      await callFails(f.api, 'session.create', { path: `${f.mindPath}${suffix}` }, 'invalid_input');
    }
    expect(await callOk(f.api, 'session.status')).toEqual(opened);
  });
});
