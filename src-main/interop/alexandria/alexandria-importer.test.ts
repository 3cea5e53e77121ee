/**
 * Importing a real Alexandria database (written by its own `alex` CLI and review queue) at the
 * instant its expected file was computed reproduces every fact that file lists: the seven object
 * types, scope, status and supersession, review state (pending in the review queue, rejected as
 * rejections), events and sessions as raw captures linked as evidence, code references with their
 * commit and hash, outcomes, and the tier of each object; re-importing adds nothing; a truncated or
 * foreign file is refused by name with nothing written.
 */
import { copyFileSync, mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHistory } from '../../mind/history';
import { getMemoryView } from '../../mind/memory-view';
import { expectMindError, freshMind, snapshot, type TestMind } from '../../mind/test-support';
import { pendingQueuePage } from '../../store/review-queue-query';
import type { ImportSummary } from '../importer';
import { expectImportedOnce, seedExpected, seedFixture } from '../seed-fixtures-test-support';
import { alexandriaImporter } from './alexandria-importer';

interface ExpectedObject {
  name: string | null;
  id: string;
  content: string;
  object_type: string;
  scope: { type: string; path: string | null };
  status: string;
  superseded_by: string | null;
  review_status: string;
  evidence_event_ids: string[];
  evidence_excerpt: string | null;
  structured: Record<string, unknown> | null;
  last_verified_at: string | null;
  access_count: number;
  strength: number;
  outcome_score: number;
  confidence_tier_at_reference_time: string;
}

interface Expected {
  reference_time: string;
  counts: {
    memory_objects: number;
    by_object_type: Record<string, number>;
    by_review_status: Record<string, number>;
    rejected_and_retired: number;
    events: number;
    sessions: number;
  };
  objects_named: ExpectedObject[];
  objects_created_by_code: ExpectedObject[];
  supersession: { old_id: string; new_id: string; how: string }[];
  code_refs_table: {
    memory_id: string;
    path: string;
    ref_type: string;
    symbol: string | null;
    line_start: number | null;
    line_end: number | null;
    verified_at_commit: string;
    content_hash: string | null;
  }[];
  events: { id: string; session_id: string; timestamp: string; event_type: string; in_blob: boolean; content_head: string }[];
  sessions: { id: string; working_task: string; summary: string | null }[];
  memory_outcomes: { memory_id: string; timestamp: string; outcome: string; context: string | null }[];
}

/** An object as `alex export` writes it. */
interface ExportedObject {
  content: string;
  objectType: string;
  scope: { type: string; path?: string };
  status: string;
  reviewStatus: string;
  createdAt: string;
  evidenceEventIds: string[];
  structured?: Record<string, unknown>;
  codeRefs: { path: string; verifiedAtCommit: string }[];
}

const FIXTURE = seedFixture('alexandria.db');
const STATUS_OF: Record<string, string> = { active: 'active', stale: 'active', superseded: 'superseded', retired: 'archived' };

let t: TestMind;
let dir: string;
const expected = seedExpected<Expected>('alexandria.expected.json');
const objects = [...expected.objects_named, ...expected.objects_created_by_code];

beforeEach(() => {
  // The mind's clock stands at the instant Alexandria's tiers were computed.
  t = freshMind(Date.parse(expected.reference_time));
  dir = mkdtempSync(join(tmpdir(), 'mindloom-alexandria-'));
});
afterEach(() => {
  t.mind.close();
  rmSync(dir, { recursive: true, force: true });
});

const show = (alexandriaId: string) => getMemoryView(t.mind, `alexandria:${alexandriaId}`);
const run = (path: string, options = {}) => alexandriaImporter.run(t.mind, path, options) as ImportSummary;
const sorted = (ids: readonly string[]) => [...ids].sort();

describe(`Alexandria import`, () => {
  it('brings every object with its type as a field, its scope, status, review status and evidence', () => {
    const summary = run(FIXTURE);
    expect(summary.problems).toEqual([]);
    expect(objects.length).toBe(expected.counts.memory_objects);
    const types: Record<string, number> = {};
    const reviews: Record<string, number> = {};
    for (const o of objects) {
      const view = show(o.id);
      types[String(view.fields.objectType)] = (types[String(view.fields.objectType)] ?? 0) + 1;
      reviews[String(view.reviewStatus)] = (reviews[String(view.reviewStatus)] ?? 0) + 1;
      expect(view, o.id).toMatchObject({
        content: o.content,
        status: STATUS_OF[o.status],
        reviewStatus: o.review_status,
        scope: o.scope.path === null ? o.scope.type : `${o.scope.type}:${o.scope.path}`,
        accessCount: o.access_count,
      });
      expect(view.provenance.origin?.details, o.id).toMatchObject({ status: o.status, strength: o.strength, outcome_score: o.outcome_score });
      expect(sorted(view.provenance.evidence.map((r) => r.id)), o.id).toEqual(sorted(o.evidence_event_ids.map((id) => show(id).id)));
      const excerpts = view.evidenceRefs.filter((r) => r.kind === 'text').map((r) => r.ref);
      expect(excerpts, o.id).toEqual(o.evidence_excerpt === null ? [] : [o.evidence_excerpt]);
      if (o.structured !== null) expect(view.fields.structured, o.id).toEqual(o.structured);
    }
    expect(types).toEqual(expected.counts.by_object_type);
    expect(reviews).toEqual(expected.counts.by_review_status);
  });

  it("computes each object's tier as Alexandria did at the same instant", () => {
    run(FIXTURE);
    expect(objects.map((o) => [o.id, show(o.id).tier])).toEqual(objects.map((o) => [o.id, o.confidence_tier_at_reference_time]));
    // Grounding does not wait for review: pending objects with verified code refs are grounded in both.
    expect(objects.filter((o) => o.review_status === 'pending' && show(o.id).tier === 'grounded').length).toBeGreaterThan(0);
    // Alexandria's grounding lasts 7 days from verification: older verifications came in as history only.
    const expired = objects.filter((o) => o.last_verified_at !== null && Date.parse(expected.reference_time) - Date.parse(o.last_verified_at) > 7 * 86_400_000);
    expect(expired.length).toBeGreaterThan(0);
    for (const o of expired) {
      expect(show(o.id)).toMatchObject({ lastVerifiedAt: null, verificationCount: 1 });
      expect(getHistory(t.mind, show(o.id).id).find((h) => h.op === 'verify')?.at).toBe(o.last_verified_at);
    }
  });

  it('keeps each code reference as code evidence with its file, symbol, lines, commit and content hash', () => {
    run(FIXTURE);
    for (const ref of expected.code_refs_table) {
      const view = show(ref.memory_id);
      const grounding = view.evidenceRefs.filter((r) => r.kind === 'code' || r.kind === 'file');
      expect(grounding.length, ref.memory_id).toBe(1);
      const [stored] = grounding;
      expect(stored?.kind).toBe(ref.ref_type === 'file' ? 'file' : 'code');
      expect(JSON.parse(stored?.note ?? '{}'), ref.memory_id).toMatchObject({
        file: ref.path,
        symbol: ref.symbol,
        lineStart: ref.line_start,
        lineEnd: ref.line_end,
        verifiedAtCommit: ref.verified_at_commit,
        contentHash: ref.content_hash,
      });
      expect(stored?.ref.startsWith(ref.path)).toBe(true);
      expect(view.codeRefCount).toBe(1);
    }
  });

  it('links supersession, puts pending objects in the review queue and turns rejected ones into rejections', () => {
    run(FIXTURE);
    for (const s of expected.supersession) {
      const older = show(s.old_id);
      const newer = show(s.new_id);
      expect(older).toMatchObject({ status: 'superseded', supersededBy: newer.id });
      const merge = s.how.startsWith('review merge');
      expect((merge ? newer.provenance.mergedFrom : newer.provenance.supersedes).map((r) => r.id)).toContain(older.id);
      expect(newer.provenance.derivedFrom.map((r) => r.id)).toContain(older.id);
    }
    const queued = new Set(pendingQueuePage(t.mind.store.db, null, 100).map((row) => row.record.id));
    for (const o of objects.filter((x) => x.review_status === 'pending')) {
      // A superseded object was already replaced in Alexandria: it no longer waits for review.
      expect(queued.has(show(o.id).id), o.id).toBe(o.status !== 'superseded');
    }
    const rejected = objects.filter((o) => o.review_status === 'rejected');
    expect(rejected.length).toBe(expected.counts.rejected_and_retired);
    const rows = t.mind.store.db.prepare('SELECT memory_id AS memoryId, text FROM rejections ORDER BY memory_id').all();
    expect(rows).toEqual(sorted(rejected.map((o) => show(o.id).id)).map((memoryId) => ({ memoryId, text: getMemoryView(t.mind, memoryId).content })));
    for (const o of rejected) expect(getHistory(t.mind, show(o.id).id).map((h) => h.op)).toContain('reject');
  });

  it('brings events and sessions as raw captures (a long event from its blob) and outcomes as history', () => {
    run(FIXTURE);
    for (const e of expected.events) {
      const capture = show(e.id);
      expect(capture).toMatchObject({ type: 'raw', createdAt: e.timestamp });
      expect(capture.content.startsWith(e.content_head)).toBe(true);
      expect(capture.content.length).toBeGreaterThan(e.in_blob ? 10_000 : 0);
      expect(capture.fields.source).toMatchObject({ conversationId: e.session_id, role: e.event_type });
      expect(capture.provenance.derivedFrom.map((r) => r.id)).toEqual([show(e.session_id).id]);
    }
    for (const s of expected.sessions) {
      expect(show(s.id).content).toBe([s.working_task, s.summary].filter((w) => w !== null).join(' — '));
    }
    for (const o of expected.memory_outcomes) {
      const rows = getHistory(t.mind, show(o.memory_id).id).filter((h) => h.op === 'outcome');
      expect(rows.map((h) => [h.at, h.after?.outcome])).toEqual([[o.timestamp, o.outcome]]);
      if (o.context !== null) expect(rows[0]?.reason).toBe(o.context);
    }
  });

  it("agrees with Alexandria's own export of the same database (which carries no ids)", () => {
    run(FIXTURE);
    const exported = seedExpected<{ objects: ExportedObject[] }>('alexandria.export.json').objects;
    expect(exported.length).toBeGreaterThan(0);
    const byWords = new Map(objects.map((o) => [o.content, show(o.id)]));
    for (const e of exported) {
      const view = byWords.get(e.content);
      expect(view, e.content).toBeDefined();
      expect(view, e.content).toMatchObject({
        createdAt: e.createdAt,
        reviewStatus: e.reviewStatus,
        status: STATUS_OF[e.status],
        scope: e.scope.path === undefined ? e.scope.type : `${e.scope.type}:${e.scope.path}`,
        fields: { objectType: e.objectType, ...(e.structured ? { structured: e.structured } : {}) },
      });
      expect(sorted(view?.provenance.evidence.map((r) => r.id) ?? []), e.content).toEqual(sorted(e.evidenceEventIds.map((id) => show(id).id)));
      const grounding = view?.evidenceRefs.filter((r) => r.kind === 'code' || r.kind === 'file').map((r) => JSON.parse(r.note ?? '{}') as { file: string; verifiedAtCommit: string });
      expect(grounding?.map((g) => [g.file, g.verifiedAtCommit]), e.content).toEqual(e.codeRefs.map((c) => [c.path, c.verifiedAtCommit]));
    }
  });

  it('imports again without doubling anything, a dry run writes nothing, and the source stays as it was', () => {
    expectImportedOnce(t.mind, alexandriaImporter, FIXTURE, expected.counts.memory_objects + expected.counts.events + expected.counts.sessions);
  });

  it('refuses a truncated file and a foreign one by name, writing nothing', () => {
    const before = snapshot(t.mind);
    const truncated = join(dir, 'truncated.db');
    copyFileSync(FIXTURE, truncated);
    truncateSync(truncated, Math.floor(statSync(truncated).size / 3));
    expect(() => run(truncated)).toThrow(/truncated\.db: the database is damaged or truncated/);
    expectMindError(() => run(truncated), 'corrupt_file');
    expect(() => run(seedFixture('engram-memory.db'))).toThrow(/engram-memory\.db: not an Alexandria database \(no memory_objects table\)/);
    expectMindError(() => run(seedFixture('engram-memory.db')), 'invalid_input');
    expect(snapshot(t.mind)).toEqual(before);
  });
});
