/**
 * A long JSON import stalls no other writer (issue 27 §3): it writes in short transactions and lets
 * others in between them. Real processes on a real mind file: an agent in another process writes
 * all through an import and never fails; an import killed part-way (kill -9) is reported by
 * `check` and finished by running it again, to the rows an uninterrupted import gives; a bad last
 * line still writes nothing at all.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMindError } from '../../../shared/errors';
import { exportMindJson } from '../../interop/json-export';
import { checkMindFile } from '../../mind/check';
import { createMemory } from '../../mind/create';
import { openMind } from '../../mind/mind';
import { startTestProcess } from '../../mind/process-test-support';
import { wholeMindAsStored } from '../../store/store-test-support';
import { tempDir } from './cli-test-kit';
import { importInto, initMindIn, withMind } from './json-import-test-support';
import { startCli } from './cli-process-support';

const NOTES = 6_000;

let dir: string;
let exported: string;

beforeAll(async () => {
  dir = tempDir();
  const source = openMind(join(dir, 'source.mind'));
  try {
    source.store.transaction(() => {
      for (let i = 0; i < NOTES; i++) createMemory(source, { type: 'note', content: `exported note ${i}: the sync service retries three times` }, { actor: 'user' });
    });
    exported = join(dir, 'source.json');
    await exportMindJson(source, exported);
  } finally {
    source.close();
  }
}, 120_000);

const count = (path: string, sql: string) => withMind(path, (mind) => (mind.store.db.prepare(sql).get() as { n: number }).n);

/**
 * The mind as stored, but for the import's own journal row (its counts say what that run wrote) and
 * the planner's statistics (gathered when a connection closes, whatever the rows were then).
 */
const rowsOf = (path: string) =>
  withMind(path, (mind) => {
    const whole = Object.fromEntries(Object.entries(wholeMindAsStored(mind.store.db)).filter(([table]) => !table.startsWith('sqlite_stat')));
    // A version's own key is drawn from a counter the versions the insert trigger writes (and the
    // import replaces) also move; a resumed run draws more of them. The versions are compared by what they hold.
    const versions = (whole.memory_versions as Record<string, unknown>[]).map(({ version_seq: _key, '(rowid)': _rowid, ...held }) => held);
    const sequences = (whole.sqlite_sequence as { name: string }[]).filter((row) => row.name !== 'memory_versions');
    return {
      ...whole,
      memory_versions: versions,
      sqlite_sequence: sequences,
      journal: (whole.journal as { actor: string; after: string }[]).map((row) => (row.actor === 'import:json' ? { ...row, after: null } : row)),
    };
  });

describe('a long JSON import and other writers', () => {
  it('lets another process write all through it: every write succeeds and lands between its transactions', async () => {
    const target = await initMindIn(dir, 'shared.mind');
    const writer = startTestProcess('timed-writer-process', [target]);
    await writer.printed('started');
    const summary = await importInto(target, exported);
    expect(await writer.stop()).toBe(0);
    const report = JSON.parse(writer.output().trim().split('\n').pop() as string) as { writes: number; failures: string[]; waitsMs: number[]; seqs: number[] };
    expect(summary.imported.byType).toEqual({ note: NOTES });
    expect(report.failures).toEqual([]);
    // The writer's memories are numbered among the import's: it wrote while the import was under way.
    const imported = withMind(target, (mind) => mind.store.db.prepare(`SELECT min(seq) AS lo, max(seq) AS hi FROM memories WHERE content LIKE 'exported note %'`).get() as { lo: number; hi: number });
    expect(report.seqs.filter((seq) => seq > imported.lo && seq < imported.hi).length).toBeGreaterThan(0);
    expect(count(target, 'SELECT count(*) AS n FROM memories')).toBe(NOTES + report.writes);
    expect(checkMindFile(target).checks.filter((check) => !check.ok)).toEqual([]);
    console.info(`another process's writes during the import: ${report.writes}, longest wait ${Math.max(...report.waitsMs)} ms`);
  }, 180_000);

  it('killed part-way (kill -9), is reported by check, and running it again gives the rows of an uninterrupted import', async () => {
    const reference = await initMindIn(dir, 'reference.mind');
    await importInto(reference, exported);
    const target = await initMindIn(dir, 'killed.mind');

    const importer = startCli(['import', 'json', exported, '--mind', target]);
    // Killed once its mark and some of its memories are committed, while it is still writing memories
    // (one read-only connection polls, so the poll itself never waits on the import's lock).
    const watcher = openMind(target, { readonly: true });
    try {
      const partial = watcher.store.db.prepare(`SELECT count(*) AS n FROM memories WHERE EXISTS (SELECT 1 FROM imports_in_progress)`);
      while ((partial.get() as { n: number }).n === 0) await new Promise((tick) => setTimeout(tick, 2));
    } finally {
      watcher.close();
    }
    importer.child.kill('SIGKILL');
    expect((await importer.exited).signal).toBe('SIGKILL');
    // Its last transaction never ran: the mark is still there (on a slow machine the memories may all
    // be in by now, with their history still to come; either way the import is unfinished).
    expect(count(target, 'SELECT count(*) AS n FROM imports_in_progress')).toBe(1);

    const report = checkMindFile(target);
    const interrupted = report.checks.find((check) => check.name === 'interrupted_imports');
    expect(report.ok).toBe(false);
    expect(interrupted).toMatchObject({ ok: false, problems: 1, repairable: false });
    expect(interrupted?.samples[0]).toMatchObject({ source: exported, kind: 'json', finish: `mindloom import json ${exported}` });

    await importInto(target, exported);
    expect(checkMindFile(target).checks.filter((check) => !check.ok)).toEqual([]);
    expect(rowsOf(target)).toEqual(rowsOf(reference));
  }, 180_000);

  it('refuses a bad last line having written nothing at all, however many transactions the rest would take', async () => {
    const target = await initMindIn(dir, 'bad-last-line.mind');
    const lines = readFileSync(exported, 'utf8').trimEnd().split('\n');
    const bad = join(dir, 'bad-last-line.json');
    writeFileSync(bad, `${[...lines.slice(0, -1), (lines.at(-1) as string).slice(0, 25)].join('\n')}\n`);
    const before = rowsOf(target);
    let thrown: unknown;
    try {
      await importInto(target, bad);
    } catch (error) {
      thrown = error;
    }
    expect(isMindError(thrown) && thrown.details).toMatchObject({ reason: 'bad_json', line: lines.length });
    expect(rowsOf(target)).toEqual(before);
  }, 180_000);
});
