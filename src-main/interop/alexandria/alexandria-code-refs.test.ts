/**
 * Alexandria's code references against the repository they point at (the fixture's git bundle):
 * each is anchored at the commit Alexandria verified it at, after its content hash (Alexandria's
 * scheme, not ours) is checked there, so `check-refs` right after the import reports exactly the
 * code that changed since the agent verified it, and nothing where the code is unchanged.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRefs } from '../../mind/code-refs/check-refs';
import { locateRef } from '../../mind/code-refs/ref-location';
import { addRepo } from '../../mind/code-refs/repos';
import { matchesSourceHash, sourceVerificationOf } from '../../mind/code-refs/source-verification';
import { getMemoryView } from '../../mind/memory-view';
import { freshMind, type TestMind } from '../../mind/test-support';
import { readRefAnchor } from '../../store/code-refs-repo';
import type { ImportSummary } from '../importer';
import { seedExpected, seedFixture } from '../seed-fixtures-test-support';
import { alexandriaImporter } from './alexandria-importer';

interface FixtureRef {
  memory_id: string;
  path: string;
  ref_type: 'file' | 'symbol' | 'line_range';
  line_start: number | null;
  line_end: number | null;
  verified_at_commit: string;
  content_hash: string | null;
}
interface Expected {
  reference_time: string;
  code_refs_table: FixtureRef[];
  objects_named: { id: string; confidence_tier_at_reference_time: string }[];
  objects_created_by_code: { id: string; confidence_tier_at_reference_time: string }[];
  project_repo_commits: { head: string }[];
}

const expected = seedExpected<Expected>('alexandria.expected.json');
let t: TestMind;
let dir: string;
let repoDir: string;
let head: string;

const git = (...args: string[]) => execFileSync('git', ['-C', repoDir, ...args], { encoding: 'utf8' });

beforeEach(() => {
  t = freshMind(Date.parse(expected.reference_time));
  dir = mkdtempSync(join(tmpdir(), 'mindloom-alexandria-repo-'));
  repoDir = join(dir, 'ledger-etl');
  execFileSync('git', ['clone', '--quiet', seedFixture('alexandria.repo.bundle'), repoDir]);
  head = git('rev-parse', 'HEAD').trim();
});
afterEach(() => {
  t.mind.close();
  rmSync(dir, { recursive: true, force: true });
});

const importFixture = () => alexandriaImporter.run(t.mind, seedFixture('alexandria.db'), {}) as ImportSummary;
const codeRefOf = (alexandriaId: string) => {
  const view = getMemoryView(t.mind, `alexandria:${alexandriaId}`);
  return { id: view.id, ref: view.evidenceRefs.find((r) => r.kind === 'code' || r.kind === 'file') };
};
/** Symbol references name no lines (`path#symbol`): nothing to hash, so they are not anchored. */
const lineOrFileRefs = () => expected.code_refs_table.filter((r) => r.ref_type !== 'symbol');

function expectAnchoredWhereVerified(): void {
  for (const ref of expected.code_refs_table) {
    const anchored = codeRefOf(ref.memory_id).ref;
    expect(anchored?.verifiedCommit ?? null, ref.memory_id).toBe(ref.ref_type === 'symbol' ? null : ref.verified_at_commit);
  }
}

describe(`Alexandria code references in their repository`, () => {
  it('Alexandria hashes differently from Mindloom: each content hash matches its own scheme at the verified commit, not the anchor Mindloom keeps', () => {
    const hashed = expected.code_refs_table.filter((r) => r.content_hash !== null);
    expect(hashed.length).toBeGreaterThan(0);
    for (const ref of hashed) {
      const verification = { commit: ref.verified_at_commit, contentHash: ref.content_hash };
      const location = locateRef(ref.line_start === null ? ref.path : `${ref.path}:${ref.line_start}-${ref.line_end}`, repoDir);
      const content = git('show', `${ref.verified_at_commit}:${ref.path}`);
      expect(location, ref.memory_id).not.toBeNull();
      if (location === null) continue;
      expect(matchesSourceHash(verification, content, location), ref.memory_id).toBe(true);
      expect(matchesSourceHash(verification, `${content}# edited\n`, location), ref.memory_id).toBe(location.lines !== null);
    }
    importFixture();
    addRepo(t.mind, repoDir, 'user');
    for (const ref of hashed) {
      const stored = codeRefOf(ref.memory_id).ref;
      expect(sourceVerificationOf(stored?.note ?? null), ref.memory_id).toEqual({ commit: ref.verified_at_commit, contentHash: ref.content_hash });
      // Compared as they are, the two hashes would call every imported reference changed.
      expect(readRefAnchor(t.mind.store.db, stored?.seq as number)?.linesHash, ref.memory_id).not.toBe(ref.content_hash);
    }
  });

  it('anchors each imported reference at the commit Alexandria verified it at; check-refs reports only code changed since', () => {
    importFixture();
    const { anchored } = addRepo(t.mind, repoDir, 'user');
    expect(anchored).toBe(lineOrFileRefs().length);
    expectAnchoredWhereVerified();

    const result = checkRefs(t.mind, { actor: 'user' });
    expect(result.checked).toBe(lineOrFileRefs().length);
    // Nothing verified at HEAD is reported: the code there is what Alexandria verified.
    const atHead = new Set(lineOrFileRefs().filter((r) => r.verified_at_commit === head).map((r) => codeRefOf(r.memory_id).id));
    expect(atHead.size).toBeGreaterThan(0);
    expect(result.changes.filter((c) => atHead.has(c.memoryId))).toEqual([]);
    // What was verified at the first commit and changed since is found, each with its reason.
    const changed = (alexandriaId: string) => result.changes.find((c) => c.memoryId === codeRefOf(alexandriaId).id);
    const first = expected.project_repo_commits[0]?.head.slice(0, 7) as string;
    expect(changed('muweqb6o_dfiyt6')).toMatchObject({ to: 'gone', reason: `scripts/backfill_2023.py is gone since it was verified at ${first}` });
    expect(changed('muwesvs0_mpcl6f')).toMatchObject({ to: 'changed', reason: `.python-version changed since it was verified at ${first}` });
    expect(changed('muwf2ba8_1xn1e6')).toMatchObject({ to: 'changed', reason: `src/ledger_etl/load.py:8-9 changed since it was verified at ${first}` });
    expect(result.changes).toHaveLength(3);
    // Those memories' verifications had expired in Alexandria already: every tier is still the fixture's.
    for (const o of [...expected.objects_named, ...expected.objects_created_by_code]) {
      expect(getMemoryView(t.mind, `alexandria:${o.id}`).tier, o.id).toBe(o.confidence_tier_at_reference_time);
    }
    // A second check finds nothing new.
    expect(checkRefs(t.mind, { actor: 'user' }).changes).toEqual([]);
  });

  it('anchors them during the import when the repository is already named', () => {
    addRepo(t.mind, repoDir, 'user');
    importFixture();
    expectAnchoredWhereVerified();
    expect(checkRefs(t.mind, { actor: 'user' }).changes.map((c) => c.to).sort()).toEqual(['changed', 'changed', 'gone']);
  });
});
