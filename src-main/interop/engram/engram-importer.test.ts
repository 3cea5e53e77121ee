/**
 * Importing a real Engram database (written by Engram's own store, consolidation and MCP server
 * code, schema v11) reproduces every fact its expected file lists: episodes with their fields,
 * beliefs with α/β exactly, evidence and counter-evidence, partial evidence, revision history at
 * its own time, revised/split/merged lineage, the dangling episode reference reported; re-importing
 * adds nothing; a truncated, foreign or other-version file is refused by name with nothing written.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHistory } from '../../mind/history';
import { getMemoryView } from '../../mind/memory-view';
import { openMind } from '../../mind/mind';
import { expectMindError, freshMind, snapshot, type TestMind } from '../../mind/test-support';
import { execOnFile } from '../../store/store-test-support';
import type { ImportSummary } from '../importer';
import { expectImportedOnce, seedExpected, seedFixture } from '../seed-fixtures-test-support';
import { engramImporter } from './engram-importer';

interface ExpectedBelief {
  role: string;
  id: string;
  statement: string;
  subject: string;
  predicate: string;
  context: string;
  timeframe: string;
  confidence_alpha: number;
  confidence_beta: number;
  status: string;
  scope: string;
  project: string | null;
  parent_belief_id: string | null;
  child_belief_ids: string[];
  supporting_episodes: string[];
  contradicting_pure: string[];
  contradicting_partial: string[];
  dangling_episode_refs: string[];
  revision_history: { timestamp: number; old_statement: string; old_confidence: number; reason: string }[];
  stability: number;
  access_count: number;
  created_at: number;
  last_reinforced_at: number | null;
}

interface Expected {
  counts: {
    episodes: number;
    episodes_by_scope: Record<string, number>;
    episodes_by_importance: Record<string, number>;
    episodes_by_project: Record<string, number>;
    episodes_compressed_full_content_null: number;
    episodes_with_embedding: number;
    beliefs: number;
    beliefs_by_status: Record<string, number>;
    projects: number;
    chunks: number;
  };
  beliefs: ExpectedBelief[];
  belief_links: { parent_child: { parent: string; child: string }[]; child_lists: Record<string, string[]> };
  episodes_spotlight: {
    id: string;
    scope: string;
    project: string | null;
    summary: string;
    entities: string[];
    importance: string;
    full_content_is_null: boolean;
    created_at: number;
    access_count: number;
  }[];
  episode_ids: string[];
  dangling_episode_refs: { ids: string[] };
  projects: { full_path: string; name: string; description: string | null; parent_project: string | null }[];
  chunks: { path: string; start_line: number; end_line: number }[];
}

const FIXTURE = seedFixture('engram-memory.db');
/** Engram's own status words as Mindloom's: a revised or merged belief was replaced, a split one archived. */
const STATUS_OF: Record<string, string> = { active: 'active', revised: 'superseded', merged: 'superseded', split: 'archived', archived: 'archived' };

let t: TestMind;
let dir: string;
beforeEach(() => {
  t = freshMind();
  dir = mkdtempSync(join(tmpdir(), 'mindloom-engram-'));
});
afterEach(() => {
  t.mind.close();
  rmSync(dir, { recursive: true, force: true });
});

const show = (engramId: string) => getMemoryView(t.mind, `engram:${engramId}`);
const idsOf = (engramIds: readonly string[]) => engramIds.map((id) => show(id).id);
const sorted = (ids: readonly string[]) => [...ids].sort();
const run = (path: string, options = {}) => engramImporter.run(t.mind, path, options) as ImportSummary;

describe(`Engram import`, () => {
  const expected = seedExpected<Expected>('engram-memory.expected.json');

  it('brings every episode with its summary, full content, entities, importance, scope and project', () => {
    const summary = run(FIXTURE);
    const { counts } = expected;
    expect(summary.imported.byType).toEqual({ episode: counts.episodes, belief: counts.beliefs, note: counts.projects, raw: counts.chunks });
    const episodes = expected.episode_ids.map((id) => show(id));
    expect(episodes.every((e) => e.type === 'episode')).toBe(true);
    const tally = (key: (e: (typeof episodes)[number]) => string) => {
      const out: Record<string, number> = {};
      for (const e of episodes) out[key(e)] = (out[key(e)] ?? 0) + 1;
      return out;
    };
    expect(tally((e) => e.scope)).toEqual(counts.episodes_by_scope);
    expect(tally((e) => String(e.fields.importance))).toEqual(counts.episodes_by_importance);
    expect(tally((e) => e.project ?? '(global)')).toEqual(counts.episodes_by_project);
    expect(episodes.filter((e) => e.fields.fullContent === undefined).length).toBe(counts.episodes_compressed_full_content_null);
    for (const spot of expected.episodes_spotlight) {
      const episode = show(spot.id);
      expect(episode, spot.id).toMatchObject({ content: spot.summary, scope: spot.scope, project: spot.project, accessCount: spot.access_count });
      expect(episode.createdAt).toBe(new Date(spot.created_at).toISOString());
      expect(episode.fields.entities).toEqual(spot.entities);
      expect(episode.fields.importance).toBe(spot.importance);
      expect(episode.fields.fullContent === undefined).toBe(spot.full_content_is_null);
    }
    // Embeddings are another model's space: skipped, and the summary says so.
    expect(summary.problems).toContainEqual({
      place: 'engram-memory.db: episodes.embedding',
      message: `${counts.episodes_with_embedding} episode embeddings skipped: they are another model's vector space (Mindloom embeds with its own).`,
    });
    expect(t.mind.store.db.prepare('SELECT count(*) AS n FROM memory_vectors').get()).toEqual({ n: 0 });
  });

  it('keeps each belief whole: statement and fields, α and β exactly, status, scope, evidence and counter-evidence', () => {
    run(FIXTURE);
    const statuses: Record<string, number> = {};
    for (const b of expected.beliefs) {
      const belief = show(b.id);
      statuses[b.status] = (statuses[b.status] ?? 0) + 1;
      expect(belief, b.role).toMatchObject({
        type: 'belief',
        content: b.statement,
        fields: { subject: b.subject, predicate: b.predicate, context: b.context, timeframe: b.timeframe },
        alpha: b.confidence_alpha,
        beta: b.confidence_beta,
        status: STATUS_OF[b.status],
        scope: b.scope,
        project: b.project,
        accessCount: b.access_count,
      });
      // The expected file rounds to six places.
      expect(belief.stability).toBeCloseTo(b.stability, 6);
      expect(belief.confidence, b.role).toBe(b.confidence_alpha / (b.confidence_alpha + b.confidence_beta));
      expect(belief.lastReinforcedAt).toBe(b.last_reinforced_at === null ? null : new Date(b.last_reinforced_at).toISOString());
      expect(belief.provenance.origin?.details).toMatchObject({ engramStatus: b.status });
      const present = b.supporting_episodes.filter((id) => !b.dangling_episode_refs.includes(id));
      expect(sorted(belief.provenance.evidence.map((r) => r.id)), b.role).toEqual(sorted(idsOf(present)));
      expect(sorted(belief.provenance.counterEvidence.map((r) => r.id)), b.role).toEqual(sorted(idsOf(b.contradicting_pure)));
      const partial = getHistory(t.mind, belief.id).filter((h) => h.op === 'partial_evidence');
      expect(partial.map((h) => h.evidence), b.role).toEqual(b.contradicting_partial.length > 0 ? [idsOf(b.contradicting_partial)] : []);
    }
    expect(statuses).toEqual(expected.counts.beliefs_by_status);
  });

  it('journals revision history at its own time, and keeps revised, split and merged beliefs as lineage', () => {
    run(FIXTURE);
    for (const b of expected.beliefs.filter((x) => x.revision_history.length > 0)) {
      const revisions = getHistory(t.mind, show(b.id).id).filter((h) => h.op === 'revise');
      expect(revisions.map((h) => [h.at, h.before, h.confidenceBefore, h.reason, h.actor])).toEqual(
        b.revision_history.map((r) => [new Date(r.timestamp).toISOString(), { content: r.old_statement }, r.old_confidence, r.reason, 'import:engram']),
      );
    }
    for (const [parentId, children] of Object.entries(expected.belief_links.child_lists)) {
      const parent = show(parentId);
      const status = expected.beliefs.find((b) => b.id === parentId)?.status;
      for (const childId of children) {
        const child = show(childId);
        expect(child.provenance.derivedFrom.map((r) => r.id)).toContain(parent.id);
        const lineage = status === 'revised' ? child.provenance.supersedes : status === 'split' ? child.provenance.splitFrom : child.provenance.mergedFrom;
        expect(lineage.map((r) => r.id), `${status} ${parentId}`).toContain(parent.id);
        if (status !== 'split') expect(parent.supersededBy).toBe(child.id);
      }
    }
    for (const { parent, child } of expected.belief_links.parent_child) {
      expect(show(child).provenance.derivedFrom.map((r) => r.id)).toContain(show(parent).id);
    }
  });

  it('reports the episode a belief names that Engram has forgotten, and leaves only that reference out', () => {
    const summary = run(FIXTURE);
    for (const dangling of expected.dangling_episode_refs.ids) {
      const naming = expected.beliefs.filter((b) => b.dangling_episode_refs.includes(dangling));
      expect(naming.length).toBeGreaterThan(0);
      for (const b of naming) {
        const reported = summary.problems.filter((p) => p.place.endsWith(`belief ${b.id}`)).map((p) => p.message);
        expect(reported).toEqual([`evidence reference ${dangling} names nothing in the source or the mind; left out.`]);
      }
      expectMindError(() => show(dangling), 'not_found');
    }
  });

  it('makes each project a project note, and keeps memory-file chunks as raw captures of their file', () => {
    run(FIXTURE);
    for (const project of expected.projects) {
      const note = show(`project:${project.full_path}`);
      expect(note).toMatchObject({ type: 'note', scope: 'project', project: project.name });
      if (project.description !== null) expect(note.content).toBe(project.description);
      if (project.parent_project !== null) expect(note.provenance.origin?.details).toMatchObject({ parent_project: project.parent_project });
    }
    const captures = t.mind.store.db.prepare("SELECT count(*) AS n FROM memories WHERE type = 'raw'").get() as { n: number };
    expect(captures.n).toBe(expected.counts.chunks);
    for (const chunk of expected.chunks) {
      const capture = t.mind.store.db
        .prepare("SELECT r.ref FROM evidence_refs r JOIN memories m ON m.seq = r.memory_seq WHERE m.type = 'raw' AND r.kind = 'url' AND r.ref = ?")
        .get(`file://${chunk.path}#L${chunk.start_line}-L${chunk.end_line}`);
      expect(capture, chunk.path).toBeDefined();
    }
  });

  it('imports again without doubling anything, a dry run writes nothing, and the source stays as it was', () => {
    const { counts } = expected;
    expectImportedOnce(t.mind, engramImporter, FIXTURE, counts.episodes + counts.beliefs + counts.projects + counts.chunks);
  });

  it('refuses a truncated file, a foreign one and another schema version by name, writing nothing', () => {
    const before = snapshot(t.mind);
    const truncated = join(dir, 'truncated.db');
    copyFileSync(FIXTURE, truncated);
    truncateSync(truncated, Math.floor(statSync(truncated).size / 3));
    const text = join(dir, 'notes.db');
    writeFileSync(text, 'not a database\n'.repeat(300));
    const mindloom = join(dir, 'agent.mindloom');
    openMind(mindloom).close();
    const older = join(dir, 'memory-v10.db');
    copyFileSync(FIXTURE, older);
    execOnFile(older, "UPDATE _meta SET value = '10' WHERE key = 'schema_version'");

    expect(() => run(truncated)).toThrow(/truncated\.db: the database is damaged or truncated/);
    expectMindError(() => run(truncated), 'corrupt_file');
    expect(() => run(text)).toThrow(/notes\.db: not a SQLite database/);
    expect(() => run(mindloom)).toThrow(/agent\.mindloom: not an Engram database \(no _meta table\)/);
    expectMindError(() => run(mindloom), 'invalid_input');
    expect(() => run(older)).toThrow(/memory-v10\.db: Engram schema version 10; this importer reads version 11 only/);
    expect(snapshot(t.mind)).toEqual(before);
  });
});
