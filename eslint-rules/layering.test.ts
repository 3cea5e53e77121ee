import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints snippets as if they lived at the given paths, with the repository's own config.
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'mindloom/layering').map((m) => m.message);
}

describe('the layering rule (docs/ARCHITECTURE.md §2)', () => {
  it.each([
    ['shared/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;"],
    ['src-renderer/x.ts', "import { openMind } from '../src-main/mind/mind';\nexport const f = openMind;"],
    ['src-main/api/x.ts', "import { openStore } from '../store/connection';\nexport const f = openStore;"],
    ['src-main/mind/x.ts', "import Database from 'better-sqlite3';\nexport const f = Database;"],
    ['src-main/host/x.ts', "import { app } from 'electron';\nexport const f = app;"],
    ['src-main/store/x.ts', "import { createMemory } from '../mind/create';\nexport const f = createMemory;"],
    ['shared/y.ts', "export * from './model';"],
    ['src-main/api/y.ts', 'export const load = () => import(`../store/connection`);'],
    ['src-main/mind/z.ts', "declare const require: (id: string) => unknown;\nexport const db = require('better-sqlite3');"],
    ['src-main/mind/w.ts', "import D from '../../node_modules/better-sqlite3/lib/index.js';\nexport const f = D;"],
    ['shared/z.ts', "import test from 'node:test';\nexport const f = test;"],
  ])('refuses what %s may not import', async (path, code) => {
    expect(await layeringErrors(path, code)).toHaveLength(1);
  });

  it.each([
    ['src-main/mind/x.ts', "import { openStore } from '../store/connection';\nexport const f = openStore;"],
    ['src-main/store/x.ts', "import Database from 'better-sqlite3';\nexport const f = Database;"],
    ['src-main/electron/x.ts', "import { app } from 'electron';\nexport const f = app;"],
    ['src-renderer/x.ts', "import { MEMORY_TYPES } from '../shared/model';\nexport const f = MEMORY_TYPES;"],
    ['src-main/host/x.ts', "import { openMind } from '../mind/mind';\nexport const f = openMind;"],
  ])('allows what %s may import', async (path, code) => {
    expect(await layeringErrors(path, code)).toEqual([]);
  });
});
