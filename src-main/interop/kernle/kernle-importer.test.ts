/**
 * Importing Kernle's sample database (a real `memories.db` with two stacks) into a fresh mind:
 * every type with its fields, lineage, supersession, confidence history, suggestions, forgetting,
 * protection, idempotence, dry runs and malformed files.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHistory } from '../../mind/history';
import { getLineage } from '../../mind/lineage';
import { getMemoryView } from '../../mind/memory-view';
import { openMind } from '../../mind/mind';
import { expectMindError, freshMind, snapshot, type TestMind } from '../../mind/test-support';
import { readKernleSource } from '../../store/kernle-source';
import { kernleImporter } from './kernle-importer';

const FIXTURE = fileURLToPath(new URL('./fixtures/sample-kernle.db', import.meta.url));
const SUPERSEDED = '569074ec-df88-4102-9a02-4ad47fba58c6';
const SUCCESSOR = 'fc008adf-9ec8-493b-abfc-37e3a5c118c0';
const VALUE = '7366549f-94a8-4861-91db-8dbbeb60ad78';
/** Kernle's `export-full` of the anchor-demo stack, taken from the same database. */
const EXPORT = fileURLToPath(new URL('./fixtures/sample-export.json', import.meta.url));

let t: TestMind;
let dir: string;
beforeEach(() => {
  t = freshMind();
  dir = mkdtempSync(join(tmpdir(), 'mindloom-kernle-'));
});
afterEach(() => {
  t.mind.close();
  rmSync(dir, { recursive: true, force: true });
});

const show = (originId: string) => getMemoryView(t.mind, `kernle:${originId}`);

function countsByStack(): Record<string, Record<string, number>> {
  const rows = t.mind.store.db
    .prepare(
      `SELECT o.container AS stack, m.type, count(*) AS n FROM memory_origins o JOIN memories m ON m.seq = o.memory_seq
       GROUP BY o.container, m.type ORDER BY 1, 2`,
    )
    .all() as { stack: string; type: string; n: number }[];
  const counts: Record<string, Record<string, number>> = {};
  for (const r of rows) (counts[r.stack] ??= {})[r.type] = r.n;
  return counts;
}

describe('Kernle import', () => {
  it('brings every stack, each memory type with its own fields', () => {
    const summary = kernleImporter.run(t.mind, FIXTURE) as Awaited<ReturnType<typeof kernleImporter.run>>;
    // Six beliefs: five in Kernle's table, and the suggestion Kernle rejected (kept, rejected).
    expect(summary.imported.byType).toEqual({ raw: 12, episode: 7, note: 3, belief: 6, value: 1, goal: 1, drive: 1, relationship: 1 });
    expect(summary.problems).toEqual([]);
    expect(countsByStack()).toEqual({
      'anchor-demo': { raw: 11, episode: 7, note: 3, belief: 6, value: 1, goal: 1, drive: 1, relationship: 1 },
      'second-agent': { raw: 1 },
    });

    const episode = show('9567e6ec-8eea-4af4-90e5-a8e71794170b');
    expect(episode.content).toBe('Run test suite before release');
    expect(episode.fields).toEqual({ outcome: 'Integration tests caught timezone bug', outcomeType: 'partial', emotionalValence: -0.6, emotionalArousal: 0.7 });
    expect(episode.provenance.origin?.details).toMatchObject({ tags: ['promoted'], emotional_tags: ['frustration'] });
    // `context:` references are annotations, not links.
    expect(episode.evidenceRefs.map((r) => [r.kind, r.ref])).toEqual([['text', 'context:cli-promote']]);

    const quote = show('1521f8e2-8d27-4c40-adf1-a4216adaf23c');
    expect(quote.fields).toEqual({ noteType: 'quote', speaker: 'Bob' });
    expect(show('d2c96c79-5f0a-4b9c-b246-2fab8e3f92d2').provenance.origin?.details).toMatchObject({ noteType: 'note' });
    expect(show(VALUE)).toMatchObject({ content: 'Ship changes that can be safely rolled back', fields: { name: 'reliability', priority: 80 } });
    expect(show('19e30ba6-96c4-46ab-a692-bee75d32739b')).toMatchObject({
      content: 'Make all DB migrations reversible',
      fields: { description: 'Audit migrations', goalStatus: 'active', priority: 'high' },
    });
    expect(show('67696f76-50cc-484a-8cfc-be671cd40d49')).toMatchObject({ content: 'growth: testing', fields: { driveType: 'growth', intensity: 0.6 } });
    expect(show('710972a3-86cd-431f-b134-6f8cfa810411')).toMatchObject({
      content: 'Alice: Reviewer; likes concise PRs',
      fields: { entityType: 'person', relationshipType: 'interaction', sentiment: 0.6000000000000001 },
    });
    const raw = show('d744fa6a-5d0f-41e4-95ed-d56221517589');
    expect(raw).toMatchObject({ type: 'raw', status: 'active', content: 'A second stack shares the same memories.db file', sourceEntity: 'cli' });
    expect(raw.provenance.origin?.container).toBe('second-agent');
    const verified = show('d2c96c79-5f0a-4b9c-b246-2fab8e3f92d2');
    expect(verified).toMatchObject({ verificationCount: 1, lastVerifiedAt: '2026-11-21T22:02:20.879Z', confidence: 0.9 });
  });

  it('imports one stack alone with --stack, and names a stack that is not there', () => {
    const summary = kernleImporter.run(t.mind, FIXTURE, { stack: 'second-agent' }) as Awaited<ReturnType<typeof kernleImporter.run>>;
    expect(summary.imported.byType).toEqual({ raw: 1 });
    expect(countsByStack()).toEqual({ 'second-agent': { raw: 1 } });
    const before = snapshot(t.mind);
    expectMindError(() => kernleImporter.run(t.mind, FIXTURE, { stack: 'nobody' }), 'not_found');
    expect(snapshot(t.mind)).toEqual(before);
  });

  it('keeps the lineage chain from a value down to its raw capture', () => {
    kernleImporter.run(t.mind, FIXTURE);
    const value = show(VALUE);
    const lineage = getLineage(t.mind, value.id, { direction: 'up', depth: null });
    const byId = new Map(lineage.nodes.map((n) => [n.id, n]));
    const belief = show(SUPERSEDED);
    const episode = show('e519b5de-3a4e-4588-9197-2f5ad7c4fc17');
    const capture = show('97603c31-1187-42d9-bf6c-f074630f82a7');
    expect(lineage.edges).toEqual(
      expect.arrayContaining([
        { from: value.id, to: belief.id, kind: 'derived_from' },
        { from: belief.id, to: episode.id, kind: 'derived_from' },
        { from: episode.id, to: capture.id, kind: 'derived_from' },
      ]),
    );
    expect(byId.get(capture.id)?.content).toBe('Search service deploy Friday, incident Saturday');
    // The belief cites the episode as evidence too (its source_episodes).
    expect(belief.provenance.evidence.map((r) => r.id)).toEqual([episode.id]);
    // A raw entry's processed_into is the promotion: processed, and what it became derives from it.
    const promoted = show('f4eb8f50-a6ae-487d-baa0-9f37b45dee8d');
    expect(promoted.status).toBe('processed');
    expect(promoted.provenance.processedInto.map((r) => r.id)).toEqual([show('163729df-1856-4877-b928-4e84c012a540').id]);
  });

  it('keeps the superseded pair with both links, the older one superseded by the newer', () => {
    kernleImporter.run(t.mind, FIXTURE);
    const older = show(SUPERSEDED);
    const newer = show(SUCCESSOR);
    expect(older).toMatchObject({ status: 'superseded', supersededBy: newer.id });
    expect(newer.status).toBe('active');
    expect(newer.provenance.supersedes.map((r) => r.id)).toEqual([older.id]);
    expect(newer.provenance.derivedFrom.map((r) => r.id)).toEqual([older.id]);
    expect(older.provenance.supersededBy.map((r) => r.id)).toEqual([newer.id]);
  });

  it("journals a reinforced belief's confidence history at its own times, with reasons and evidence", () => {
    kernleImporter.run(t.mind, FIXTURE);
    for (const originId of [SUPERSEDED, SUCCESSOR]) {
      const belief = show(originId);
      const row = readKernleSource(FIXTURE, undefined).rows.beliefs.find((b) => b.id === originId);
      const kernleHistory = JSON.parse(String(row?.confidence_history)) as { timestamp: string; old: number; new: number; reason: string }[];
      expect(belief.timesReinforced).toBe(1);
      const journaled = getHistory(t.mind, belief.id).filter((h) => h.op === 'confidence');
      expect(journaled.map((h) => [h.at, h.confidenceBefore, h.confidenceAfter, h.reason, h.actor])).toEqual(
        kernleHistory.map((c) => [new Date(c.timestamp).toISOString(), c.old, c.new, c.reason, 'import:kernle']),
      );
    }
    expect(show(SUPERSEDED)).toMatchObject({ verificationCount: 2, lastVerifiedAt: '2026-11-21T22:02:19.599Z' });
    const evidenced = getHistory(t.mind, show(SUCCESSOR).id).filter((h) => h.evidence !== null);
    expect(evidenced.map((h) => h.evidence)).toEqual([[show('163729df-1856-4877-b928-4e84c012a540').id]]);
  });

  it("agrees with Kernle's own JSON export of the same stack", () => {
    kernleImporter.run(t.mind, FIXTURE, { stack: 'anchor-demo' });
    const exported = JSON.parse(readFileSync(EXPORT, 'utf8')) as Record<string, { id: string; confidence?: number; [column: string]: unknown }[]>;
    const wordsOf: Record<string, string> = { values: 'statement', beliefs: 'statement', goals: 'title', episodes: 'objective', notes: 'content', raw_entries: 'blob' };
    for (const [section, column] of Object.entries(wordsOf)) {
      for (const record of exported[section] ?? []) {
        const view = show(record.id);
        // Kernle still exports what faded to strength 0 (its export carries no strength); Mindloom holds its tombstone.
        expect(view.content, `${section} ${record.id}`).toBe(view.status === 'forgotten' ? '' : record[column]);
        if (section !== 'raw_entries') expect(view.confidence, `${section} ${record.id}`).toBeCloseTo(record.confidence ?? 0, 9);
      }
    }
  });

  it('turns suggestions into review items that keep their outcome; a rejected one becomes a rejection', () => {
    kernleImporter.run(t.mind, FIXTURE);
    const rejected = show('b1348089-1ff5-4534-9b58-64b97574775a');
    expect(rejected).toMatchObject({
      type: 'belief',
      reviewStatus: 'rejected',
      status: 'archived',
      content: 'we should always pin dependency versions; it is a rule that has never failed us',
    });
    expect(rejected.provenance.derivedFrom.map((r) => r.id)).toEqual([show('1cd9ba07-1bda-4443-8cba-ab640c3056b9').id]);
    const rejections = t.mind.store.db.prepare('SELECT memory_id AS memoryId, reason FROM rejections').all();
    expect(rejections).toEqual([{ memoryId: rejected.id, reason: 'too absolute' }]);
    // Promoted and modified suggestions approved the memories they became.
    for (const promoted of ['1521f8e2-8d27-4c40-adf1-a4216adaf23c', '17ed229f-1727-4611-b51f-5f4bfd42d2ee']) {
      const view = show(promoted);
      expect(view.reviewStatus).toBe('approved');
      expect(getHistory(t.mind, view.id).map((h) => h.op)).toEqual(expect.arrayContaining(['approve', 'kernle_accepted']));
    }
  });

  it('tombstones what Kernle let fade to strength 0, keeps protection, and journals the audit log', () => {
    kernleImporter.run(t.mind, FIXTURE);
    const faded = show('3babd24e-9d31-41f4-9bce-4086664edec0');
    expect(faded).toMatchObject({ status: 'forgotten', content: '', fields: {} });
    expect(faded.provenance.origin?.details).toEqual({});
    const fadedHistory = getHistory(t.mind, faded.id);
    expect(fadedHistory.map((h) => h.op)).toEqual(['forget', 'import', 'kernle_forget']);
    expect(JSON.stringify(fadedHistory)).not.toContain('deploy freeze');
    expect(show(VALUE).protected).toBe(true);
    expect(show('19e30ba6-96c4-46ab-a692-bee75d32739b').protected).toBe(true);
    expect(show(SUCCESSOR).protected).toBe(false);
    expect(getHistory(t.mind, show('19e30ba6-96c4-46ab-a692-bee75d32739b').id).map((h) => h.op)).toContain('kernle_protect');
  });

  it('imports again without doubling anything, and a dry run writes nothing', () => {
    const before = snapshot(t.mind);
    const preview = kernleImporter.run(t.mind, FIXTURE, { dryRun: true });
    expect(snapshot(t.mind)).toEqual(before);
    const first = kernleImporter.run(t.mind, FIXTURE);
    expect(first).toEqual({ ...preview, dryRun: false });
    const after = snapshot(t.mind);
    const again = kernleImporter.run(t.mind, FIXTURE) as Awaited<ReturnType<typeof kernleImporter.run>>;
    expect(again.imported).toEqual({ byType: {}, links: 0, journal: 0 });
    expect(again.skipped).toBe(32);
    expect(snapshot(t.mind)).toEqual(after);
  });

  it('refuses a file that is not SQLite, has the wrong schema, or is truncated, naming it, and leaves the mind and the file as they were', () => {
    kernleImporter.run(t.mind, FIXTURE, { stack: 'second-agent' });
    const before = snapshot(t.mind);
    const notSqlite = join(dir, 'notes.db');
    writeFileSync(notSqlite, 'these are my notes, not a database\n'.repeat(200));
    const wrongSchema = join(dir, 'agent.mindloom');
    const mindloom = openMind(wrongSchema);
    mindloom.close();
    const truncated = join(dir, 'truncated.db');
    copyFileSync(FIXTURE, truncated);
    truncateSync(truncated, Math.floor(statSync(truncated).size / 3));
    const fixtureBytes = readFileSync(FIXTURE);
    const fixtureTime = statSync(FIXTURE).mtimeMs;

    expect(() => kernleImporter.run(t.mind, notSqlite)).toThrow(/notes\.db: not a SQLite database/);
    expectMindError(() => kernleImporter.run(t.mind, notSqlite), 'unreadable_file');
    expectMindError(() => kernleImporter.run(t.mind, truncated), 'corrupt_file');
    expect(() => kernleImporter.run(t.mind, truncated)).toThrow(/truncated\.db: the database is damaged or truncated/);
    expectMindError(() => kernleImporter.run(t.mind, join(dir, 'missing.db')), 'not_found');
    expect(() => kernleImporter.run(t.mind, wrongSchema)).toThrow(/agent\.mindloom: not a Kernle database \(no raw_entries table\)/);
    expectMindError(() => kernleImporter.run(t.mind, wrongSchema), 'invalid_input');
    expect(snapshot(t.mind)).toEqual(before);
    expect(readFileSync(FIXTURE).equals(fixtureBytes)).toBe(true);
    expect(statSync(FIXTURE).mtimeMs).toBe(fixtureTime);
  });
});
