/**
 * What an import reads (issue 27 §4): a device that never ends, a pipe that never opens, a folder,
 * a line or a file beyond the bounds: each importer refuses it with a MindError, at once, having
 * read within its bounds and written nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isMindError } from '../../shared/errors';
import { freshMind, snapshot, type TestMind } from '../mind/test-support';
import { IMPORT_KINDS } from './importer';
import { IMPORTERS } from './importers';
import { MAX_LINE_BYTES, MAX_WHOLE_FILE_BYTES } from './import-source';

let t: TestMind;
let dir: string;
beforeEach(() => {
  t = freshMind();
  dir = mkdtempSync(join(tmpdir(), 'mindloom-import-source-'));
});
afterEach(() => {
  t.mind.close();
  rmSync(dir, { recursive: true, force: true });
});

async function refusal(kind: (typeof IMPORT_KINDS)[number], path: string, dryRun: boolean) {
  try {
    await IMPORTERS[kind].run(t.mind, path, { dryRun });
  } catch (error) {
    if (!isMindError(error)) throw error;
    return error;
  }
  throw new Error(`${kind} imported ${path}`);
}

const SPECIAL: [what: string, make: () => string, code: string, words: RegExp][] = [
  ['/dev/zero', () => '/dev/zero', 'invalid_input', /is a device, not a regular file/],
  [
    'a pipe no one writes to',
    () => {
      execFileSync('mkfifo', [join(dir, 'pipe.jsonl')]);
      return join(dir, 'pipe.jsonl');
    },
    'invalid_input',
    /is a pipe, not a regular file/,
  ],
  ['a folder', () => dir, 'invalid_input', /is a folder, not a regular file/],
  ['a missing file', () => join(dir, 'missing.jsonl'), 'not_found', /no such file/],
  ['a NUL in the path', () => join(dir, 'bad\u0000.jsonl'), 'invalid_input', /cannot be read/],
];

describe('import sources', () => {
  for (const kind of IMPORT_KINDS) {
    for (const [what, make, code, words] of SPECIAL) {
      it(`${kind}: ${what} is refused before it is read, preview and import alike`, async () => {
        const before = snapshot(t.mind);
        const path = make();
        for (const dryRun of [true, false]) {
          const error = await refusal(kind, path, dryRun);
          expect(error.code).toBe(code);
          expect(error.message).toMatch(words);
        }
        expect(snapshot(t.mind)).toEqual(before);
      });
    }
  }

  it('a line longer than the bound stops the JSON import, naming its line', async () => {
    const path = join(dir, 'long.json');
    writeFileSync(path, `${'x'.repeat(MAX_LINE_BYTES + 10)}\n{}\n`);
    const error = await refusal('json', path, true);
    expect(error).toMatchObject({ code: 'invalid_input', details: { line: 1 } });
    expect(error.message).toMatch(/long\.json:1: the line is longer than 16 MB/);
  });

  it('an endless line (no newline in sight) stops at the bound instead of growing', async () => {
    const path = join(dir, 'endless.json');
    // Sparse: the file says it holds 40 MB of zero bytes without a newline, and takes no room.
    writeFileSync(path, '');
    truncateSync(path, MAX_LINE_BYTES + 24 * 1_048_576);
    const error = await refusal('json', path, true);
    expect(error.message).toMatch(/endless\.json:1: the line is longer than/);
  });

  for (const kind of ['transcripts', 'mcp-memory'] as const) {
    it(`${kind}: a file larger than the bound is refused by its size, unread`, async () => {
      const path = join(dir, 'huge.jsonl');
      writeFileSync(path, '');
      truncateSync(path, MAX_WHOLE_FILE_BYTES + 1);
      const error = await refusal(kind, path, true);
      expect(error).toMatchObject({ code: 'invalid_input', details: { maxBytes: MAX_WHOLE_FILE_BYTES } });
      expect(error.message).toMatch(/reads files of up to 256\.0 MB/);
    });
  }
});
