/**
 * `mindloom export` and the Mindloom JSON round trip: a mind with every kind of row (the demo's
 * months of history, a consolidation run with proposals and marks, an undone creation with its
 * voided links, vectors, an explanation) exported, imported into a new mind and exported again
 * gives the same rows; re-importing changes nothing; a malformed file is refused by name and place
 * with the mind left as it was.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMindError } from '../../../shared/errors';
import { consolidate, fridayEpisodes } from '../../consolidation/consolidation-test-support';
import { createNgramEmbedder } from '../../consolidation/offline/ngram-embedder';
import { reembedAll } from '../../consolidation/reembed';
import { mcpMemoryImporter } from '../../interop/mcp-memory-importer';
import type { JsonImportFault } from '../../interop/json-import';
import { checkMind } from '../../mind/check';
import { createMemory } from '../../mind/create';
import { loadDemoMind } from '../../mind/demo/load-demo';
import { getLineage } from '../../mind/lineage';
import { openMind } from '../../mind/mind';
import { searchMemories } from '../../mind/search';
import { undoAction } from '../../mind/undo';
import { EXPORT_TABLES, exportRowCounts } from '../../store/export-query';
import { insertExplanation } from '../../store/explanations-repo';
import { wholeMindAsStored } from '../../store/store-test-support';
import { ok, runCli, tempDir } from './cli-test-kit';
import { importInto, initMindIn, PRESENT, withMind } from './json-import-test-support';

const MCP_MEMORY_FIXTURE = fileURLToPath(new URL('../../interop/fixtures/mcp-memory.jsonl', import.meta.url));

let dir: string;
let sourcePath: string;
let exported: string;

/** The demo, then what it lacks: a run with proposals and marks, voided links, vectors, an explanation, imported memories' origins. */
async function richMind(path: string): Promise<void> {
  loadDemoMind(path);
  const mind = openMind(path, { clock: () => PRESENT });
  try {
    fridayEpisodes(mind);
    const run = await consolidate(mind);
    const [first, second] = fridayEpisodes(mind);
    const drafted = createMemory(mind, { type: 'belief', content: 'Friday deploys are a gamble', derivedFrom: [first!.id, second!.id] }, { actor: 'user' });
    undoAction(mind, null, { actor: 'user' });
    await reembedAll(mind, createNgramEmbedder());
    insertExplanation(mind.store.db, drafted.seq, { runId: run.runId, createdAt: PRESENT, json: JSON.stringify({ episodes: [first!.id], threshold: 0.8 }) });
    await mcpMemoryImporter.run(mind, MCP_MEMORY_FIXTURE);
  } finally {
    mind.close();
  }
}

const countsOf = (path: string) => withMind(path, (mind) => exportRowCounts(mind.store.db));
const rowLines = (file: string) => readFileSync(file, 'utf8').split('\n').slice(1);

beforeAll(async () => {
  dir = tempDir();
  sourcePath = join(dir, 'source.mind');
  await richMind(sourcePath);
  exported = join(dir, 'source.json');
  const run = await runCli(['export', '--format', 'json', '--out', exported, '--mind', sourcePath]);
  expect(run.code, run.stderr).toBe(0);
});

describe('mindloom export --format json', () => {
  it('writes a header and one line per row of every table, with progress, and refuses to overwrite without --force', async () => {
    const counts = countsOf(sourcePath);
    for (const table of EXPORT_TABLES) expect(counts[table], table).toBeGreaterThan(0);
    const lines = readFileSync(exported, 'utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { format: string; counts: Record<string, number> };
    expect(header.format).toBe('mindloom-json');
    expect(header.counts).toEqual(counts);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(lines.length).toBe(total + 2); // header, rows, and the empty string after the last newline
    const voided = lines.slice(1, -1).map((line) => JSON.parse(line) as { table: string; row: Record<string, unknown> }).filter((l) => l.table === 'links' && l.row.voided_at !== null);
    expect(voided.length).toBeGreaterThan(0);
    expect(readFileSync(exported, 'utf8')).not.toContain('bench_generation');

    const again = await runCli(['export', '--format', 'json', '--out', exported, '--mind', sourcePath]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^mindloom: invalid_state: .*source\.json already exists/);
    const forced = await runCli(['export', '--format', 'json', '--out', exported, '--force', '--mind', sourcePath, '--json']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ format: 'json', path: exported, rows: total });
    expect(forced.stderr).toMatch(/^export: 0% \(0\/\d+ rows\)\n(export: \d+% .*\n)*export: 100% .*\n$/);
  });

  it('takes a relative --out from the current folder and names a bad format as bad usage', async () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const run = await runCli(['export', '--format', 'markdown', '--out', 'relative.md', '--mind', sourcePath]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(join(dir, 'relative.md'));
    } finally {
      process.chdir(cwd);
    }
    const bad = await runCli(['export', '--format', 'yaml', '--out', 'x', '--mind', sourcePath]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format is json or markdown');
  });
});

describe('mindloom export --format markdown', () => {
  it('lists the active beliefs, values and goals by tier with confidence and id', async () => {
    const out = join(dir, 'mind.md');
    await ok(runCli(['export', '--format', 'markdown', '--out', out, '--mind', sourcePath]));
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^# source\.mind: beliefs, values and goals\n/);
    expect(text).toMatch(/\n## (Grounded|Observed|Inferred|Hypotheses)/);
    expect(text).toMatch(/\n### Beliefs\n\n- .+ — confidence \d\.\d\d .*`bl_[0-9a-f]+`\n/);
    expect(text).toMatch(/\n### Values\n/);
    expect(text).toMatch(/\n### Goals\n/);
    const listed = [...text.matchAll(/`((?:bl|vl|gl)_[0-9a-f]+)`/g)].map((m) => m[1]);
    const active = withMind(sourcePath, (mind) =>
      (mind.store.db.prepare(`SELECT id FROM memories WHERE status = 'active' AND type IN ('belief', 'value', 'goal')`).all() as { id: string }[]).map((r) => r.id),
    );
    expect(new Set(listed)).toEqual(new Set(active));
  });
});

describe('import json', () => {
  it('round trip: export → import into a new mind → export again gives the same rows, and the new mind checks clean', async () => {
    const target = await initMindIn(dir, 'round-trip.mind');
    const summary = await importInto(target, exported);
    const counts = countsOf(sourcePath);
    expect(summary.imported.links).toBe(counts.links);
    expect(summary.imported.journal).toBe(counts.journal);
    expect(Object.values(summary.imported.byType).reduce((a, b) => a + b, 0)).toBe(counts.memories);
    expect(summary.problems).toEqual([]);

    const again = join(dir, 'round-trip.json');
    await ok(runCli(['export', '--format', 'json', '--out', again, '--mind', target]));
    const before = rowLines(exported);
    const after = rowLines(again);
    // The import's own journal row is the one row the new mind has beyond the file's.
    const importRow = after.findIndex((line) => line.includes('"actor":"import:json"'));
    expect(importRow).toBeGreaterThan(0);
    expect(after.filter((_, i) => i !== importRow)).toEqual(before);

    withMind(target, (mind) => {
      expect(checkMind(mind).checks.filter((check) => !check.ok)).toEqual([]);
      expect(searchMemories(mind, 'friday deploys').length).toBeGreaterThan(0);
    });
  });

  it('imports into a mind that has memories of its own: ids kept, keys remapped, lineage intact, check clean', async () => {
    const target = await initMindIn(dir, 'busy.mind');
    await ok(runCli(['add', 'belief', 'The target had its own belief first', '--mind', target]));
    await ok(runCli(['add', 'note', 'And a note', '--mind', target]));
    await importInto(target, exported);
    const sourceLineage = withMind(sourcePath, (mind) => {
      const belief = mind.store.db.prepare(`SELECT id FROM memories m WHERE type = 'belief' AND EXISTS (SELECT 1 FROM links l WHERE l.from_seq = m.seq AND l.voided_at IS NULL) LIMIT 1`).get() as { id: string };
      return { id: belief.id, lineage: getLineage(mind, belief.id) };
    });
    withMind(target, (mind) => {
      expect(getLineage(mind, sourceLineage.id)).toEqual(sourceLineage.lineage);
      expect(checkMind(mind).checks.filter((check) => !check.ok)).toEqual([]);
      expect(exportRowCounts(mind.store.db).memories).toBe(countsOf(sourcePath).memories + 2);
    });
  });

  it('re-importing skips every row and changes nothing; a dry run counts the same and writes nothing', async () => {
    const target = await initMindIn(dir, 'twice.mind');
    const dry = await importInto(target, exported, { dryRun: true });
    expect(countsOf(target).memories).toBe(0);
    const first = await importInto(target, exported);
    expect({ ...dry, dryRun: false }).toEqual(first);

    const before = countsOf(target);
    const second = await importInto(target, exported);
    expect(second.imported).toEqual({ byType: {}, links: 0, journal: 0 });
    const total = Object.values(countsOf(sourcePath)).reduce((a, b) => a + b, 0);
    expect(second.skipped).toBe(total);
    expect(countsOf(target)).toEqual(before);
  });

  const malformed: { name: string; fault: JsonImportFault; line: (rows: number) => number; make: (text: string) => string }[] = [
    { name: 'bad JSON on a line', fault: 'bad_json', line: () => 40, make: (text) => text.split('\n').map((line, i) => (i === 39 ? `${line.slice(0, 20)}` : line)).join('\n') },
    { name: 'a row of a table the format does not have', fault: 'wrong_schema', line: () => 3, make: (text) => text.split('\n').map((line, i) => (i === 2 ? '{"table":"secrets","row":{"x":1}}' : line)).join('\n') },
    { name: 'a column the table does not have', fault: 'wrong_schema', line: () => 30, make: (text) => text.split('\n').map((line, i) => (i === 29 ? line.replace('"row":{', '"row":{"colour":"blue",') : line)).join('\n') },
    { name: 'a file that is no export', fault: 'wrong_schema', line: () => 1, make: () => '{"hello":"world"}\n' },
    { name: 'a truncated file', fault: 'truncated', line: (rows) => rows - 99, make: (text) => text.split('\n').slice(0, -101).join('\n') + '\n' },
    { name: 'a newer schema', fault: 'schema_too_new', line: () => 1, make: (text) => text.replace(/"schemaVersion":\d+/, '"schemaVersion":999') },
  ];

  for (const bad of malformed) {
    it(`refuses ${bad.name} naming file:line (${bad.fault}) and leaves the mind unchanged`, async () => {
      const target = await initMindIn(dir, `bad-${bad.fault}-${bad.line(0)}.mind`);
      await ok(runCli(['add', 'belief', 'Here before the failed import', '--mind', target]));
      const before = countsOf(target);
      const file = join(dir, `bad-${bad.fault}.json`);
      const text = readFileSync(exported, 'utf8');
      writeFileSync(file, bad.make(text));
      const rows = text.split('\n').length - 1;
      let thrown: unknown = null;
      try {
        await importInto(target, file);
      } catch (error) {
        thrown = error;
      }
      expect(isMindError(thrown), String(thrown)).toBe(true);
      if (!isMindError(thrown)) return;
      expect(thrown.code).toBe('invalid_input');
      expect(thrown.details).toMatchObject({ reason: bad.fault, line: bad.line(rows) });
      expect(thrown.message).toMatch(new RegExp(`^bad-${bad.fault}\\.json:${bad.line(rows)}: `));
      expect(countsOf(target)).toEqual(before);
      rmSync(file);
    });
  }
});

describe('import json into a mind without memories', () => {
  const wholeMind = (path: string) => withMind(path, (mind) => wholeMindAsStored(mind.store.db));

  const lines = () => readFileSync(exported, 'utf8').split('\n');
  const afterTheMemories = () => lines().findIndex((line, i) => i > 0 && !line.startsWith('{"table":"memories"') && lines()[i - 1]!.startsWith('{"table":"memories"'));
  const broken: { name: string; fault: JsonImportFault; make: () => { text: string; line: number } }[] = [
    {
      name: 'bad JSON on the first row after the memories',
      fault: 'bad_json',
      make: () => {
        const at = afterTheMemories();
        return { text: lines().map((line, i) => (i === at ? line.slice(0, 30) : line)).join('\n'), line: at + 1 };
      },
    },
    {
      // Rows of a table that was empty go in batches: the one that does not fit is still named.
      name: 'a link row with the key of the one before it',
      fault: 'wrong_schema',
      make: () => {
        const first = lines().findIndex((line) => line.startsWith('{"table":"links"'));
        return { text: lines().map((line, i) => (i === first + 40 ? lines()[first + 39] : line)).join('\n'), line: first + 41 };
      },
    },
    {
      name: 'a link row with the key of the one before it, and bad JSON a few lines on (the earlier line is named)',
      fault: 'wrong_schema',
      make: () => {
        const first = lines().findIndex((line) => line.startsWith('{"table":"links"'));
        const text = lines().map((line, i) => (i === first + 5 ? lines()[first + 4] : i === first + 8 ? line.slice(0, 30) : line));
        return { text: text.join('\n'), line: first + 6 };
      },
    },
    {
      name: 'a truncated file',
      fault: 'truncated',
      make: () => {
        const kept = lines().slice(0, -50);
        return { text: `${kept.join('\n')}\n`, line: kept.length + 1 };
      },
    },
  ];

  for (const bad of broken) {
    it(`refuses ${bad.name} and leaves the mind as it was, its triggers included`, async () => {
      const target = await initMindIn(dir, `bulk-${bad.fault}-${broken.indexOf(bad)}.mind`);
      const before = wholeMind(target);
      const { text, line } = bad.make();
      const file = join(dir, `bulk-${bad.fault}-${broken.indexOf(bad)}.json`);
      writeFileSync(file, text);
      await expect(importInto(target, file)).rejects.toMatchObject({ code: 'invalid_input', details: { reason: bad.fault, line } });
      expect(wholeMind(target)).toEqual(before);
      // The triggers are back: a memory written now is searchable and tallied.
      withMind(target, (mind) => {
        createMemory(mind, { type: 'belief', content: 'Written after the refused import' }, { actor: 'user' });
        expect(searchMemories(mind, 'refused import').length).toBe(1);
        expect(checkMind(mind).checks.filter((check) => !check.ok)).toEqual([]);
      });
      rmSync(file);
    });
  }

  it('a dry run writes nothing and leaves the triggers in place', async () => {
    const target = await initMindIn(dir, 'bulk-dry.mind');
    const before = wholeMind(target);
    const dry = await importInto(target, exported, { dryRun: true });
    expect(Object.values(dry.imported.byType).reduce((a, b) => a + b, 0)).toBe(countsOf(sourcePath).memories);
    expect(wholeMind(target)).toEqual(before);
  });
});
