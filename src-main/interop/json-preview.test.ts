/**
 * A preview is the import, written nowhere: into a mind that already holds part of the file
 * (rows get new keys there, and a preview gives them stand-ins), its counts are the import's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from '../mind/create';
import { editMemory } from '../mind/edit';
import { openMind } from '../mind/mind';
import { promoteMemory } from '../mind/promote';
import { snapshot } from '../mind/test-support';
import { exportMindJson } from './json-export';
import { importJson } from './json-import';

const USER = { actor: 'user' } as const;
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('the JSON preview', () => {
  it('counts what the import then does, into a mind holding part of the file, and writes nothing', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mindloom-json-preview-'));
    folders.push(folder);
    const source = openMind(join(folder, 'source.mindloom'));
    const target = openMind(join(folder, 'target.mindloom'));
    try {
      const write = (from: number, to: number) => {
        for (let i = from; i < to; i++) {
          const raw = createMemory(source, { type: 'raw', content: `capture ${i} about the retry budget` }, USER);
          const { created } = promoteMemory(source, raw.id, { to: 'episode' }, USER);
          if (i % 3 === 0) editMemory(source, created.id, { content: `episode ${i}, retried twice` }, { ...USER, expectedVersion: created.version });
        }
      };
      write(0, 30);
      await exportMindJson(source, join(folder, 'first.json'));
      await importJson(target, join(folder, 'first.json'));
      write(30, 55);
      createMemory(target, { type: 'note', content: 'written in the target only' }, USER);
      await exportMindJson(source, join(folder, 'second.json'));

      const before = snapshot(target);
      const preview = await importJson(target, join(folder, 'second.json'), { dryRun: true });
      expect(snapshot(target)).toEqual(before);
      const imported = await importJson(target, join(folder, 'second.json'));
      expect(imported.imported.byType).toEqual({ raw: 25, episode: 25 });
      expect({ ...preview, dryRun: false }).toEqual(imported);

      // A row that does not fit the mind (a memory without its type) is refused by both, on its line.
      const lines = readFileSync(join(folder, 'second.json'), 'utf8').split('\n');
      const at = lines.findIndex((line) => line.includes('"table":"memories"') && line.includes('capture 54'));
      const row = JSON.parse(lines[at] as string) as { row: Record<string, unknown> };
      row.row.type = null;
      lines[at] = JSON.stringify(row);
      writeFileSync(join(folder, 'bad.json'), lines.join('\n'));
      const fresh = openMind(join(folder, 'fresh.mindloom'));
      try {
        for (const dryRun of [true, false]) {
          const refusal = await importJson(fresh, join(folder, 'bad.json'), { dryRun }).catch((error: unknown) => error);
          expect(refusal).toMatchObject({ code: 'invalid_input', details: { reason: 'wrong_schema', line: at + 1 } });
        }
        expect(snapshot(fresh).memories).toBe(0);
      } finally {
        fresh.close();
      }
    } finally {
      source.close();
      target.close();
    }
  });
});
