/**
 * Linked Engram and Alexandria sources against copies of databases their own code wrote, changed
 * as their code changes them (store/seed-agent-writes.ts): new and changed records arrive, nothing
 * twice, the source is never written; and for all three systems, a memory a person changed here in
 * any way keeps Mindloom's version while the source's change is journaled on it, once.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyMemory } from '../../mind/confidence-ops';
import { editMemory } from '../../mind/edit';
import { getHistory } from '../../mind/history';
import { archiveMemory, setProtected } from '../../mind/lifecycle';
import { getMemoryView } from '../../mind/memory-view';
import { type Mind, openMind } from '../../mind/mind';
import { approveMemory } from '../../mind/review';
import { writeKernleRows } from '../../store/kernle-writer';
import { listLinkedSources } from '../../store/linked-sources-repo';
import { originsOfSystem } from '../../store/origins-repo';
import {
  addAlexandriaCodeRef,
  addAlexandriaOutcome,
  copySeedDatabase,
  editAlexandriaObject,
  insertAlexandriaObject,
  insertEngramEpisode,
  reinforceEngramBelief,
  replaceEngramBelief,
  reviewAlexandriaObject,
  reviseEngramBelief,
  supersedeAlexandriaObject,
  writeAsAgent,
} from '../../store/seed-agent-writes';
import { seedFixture } from '../seed-fixtures-test-support';
import { emptyKernleDatabase, kernleNote } from './follow-test-support';
import { linkSource, syncLinkedSource } from './linked-sync';

let dir: string;
let mind: Mind | null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mindloom-seed-follow-'));
  mind = null;
});
afterEach(() => {
  mind?.close();
  rmSync(dir, { recursive: true, force: true });
});

const fileHash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const countOf = (added: Record<string, number>) => Object.values(added).reduce((a, b) => a + b, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** A mind linked to a copy of `fixture`, synced once (everything in it imported). */
function linkedCopy(kind: 'engram' | 'alexandria', fixture: string): { m: Mind; path: string } {
  const path = join(dir, fixture);
  copySeedDatabase(seedFixture(fixture), path);
  const m = (mind = openMind(join(dir, 'agent.mind')));
  linkSource(m, kind, path, null);
  const first = syncLinkedSource(m, kind, path);
  expect(countOf(first.added)).toBe(originsOfSystem(m.store.db, kind).size);
  expect(syncLinkedSource(m, kind, path)).toMatchObject({ added: {}, updated: 0, kept: 0 });
  return { m, path };
}

describe(`a linked Engram source`, () => {
  it('brings new episodes and beliefs, reinforcement (α and its evidence), revision in place and by replacement, nothing twice, never writing the source', () => {
    const { m, path } = linkedCopy('engram', 'engram-memory.db');
    const before = fileHash(path);
    const at = Date.now();
    writeAsAgent(path, (db) => {
      insertEngramEpisode(db, { id: 'ep_follow_1', summary: 'The nightly export moved to 02:00 UTC', at });
      reinforceEngramBelief(db, 'bl_d1efa44d2abc4e4d8a2f', 'ep_follow_1', at);
      reviseEngramBelief(db, 'bl_0fd7bba22dfa468391fb', 'Exports run nightly at 02:00 UTC', at);
      replaceEngramBelief(db, 'bl_3cccb464cfca42eeb629', { id: 'bl_follow_child', statement: 'The ledger is reconciled hourly', at });
    });
    const after = fileHash(path);
    expect(syncLinkedSource(m, 'engram', path)).toMatchObject({ added: { episode: 1, belief: 1 }, updated: 3, kept: 0 });
    expect(fileHash(path)).toBe(after);
    expect(after).not.toBe(before);

    const reinforced = getMemoryView(m, 'engram:bl_d1efa44d2abc4e4d8a2f');
    expect([reinforced.alpha, reinforced.beta]).toEqual([9, 1]);
    const episode = getMemoryView(m, 'engram:ep_follow_1');
    expect(reinforced.provenance.evidence.map((r) => r.id)).toContain(episode.id);
    expect(getMemoryView(m, 'engram:bl_0fd7bba22dfa468391fb').content).toBe('Exports run nightly at 02:00 UTC');
    const replaced = getMemoryView(m, 'engram:bl_3cccb464cfca42eeb629');
    const child = getMemoryView(m, 'engram:bl_follow_child');
    expect(replaced).toMatchObject({ status: 'superseded', supersededBy: child.id });
    expect(child.provenance.supersedes.map((r) => r.id)).toContain(replaced.id);
    expect(getHistory(m, replaced.id).at(-1)).toMatchObject({ op: 'source_update', actor: 'import:engram' });

    // The cursor re-reads a few seconds back; nothing of it comes twice.
    expect(syncLinkedSource(m, 'engram', path)).toMatchObject({ added: {}, updated: 0, kept: 0 });
    expect(listLinkedSources(m.store.db)[0]).toMatchObject({ system: 'engram', totals: { updated: 3 }, lastError: null });
  });
  it('a row re-read as it was (the cursor looks back a few seconds) does not undo what changed here since', () => {
    const { m, path } = linkedCopy('engram', 'engram-memory.db');
    // The newest belief stamp in the fixture: each sync looks back over it.
    const id = getMemoryView(m, 'engram:bl_d1efa44d2abc4e4d8a2f').id;
    archiveMemory(m, id, { actor: 'scheduler:nightly' });
    expect(syncLinkedSource(m, 'engram', path)).toMatchObject({ added: {}, updated: 0, kept: 0 });
    expect(getMemoryView(m, id).status).toBe('archived');
  });
});

describe(`a linked Alexandria source`, () => {
  it('brings new objects, edits, review, supersession, code references and outcomes, nothing twice, never writing the source', () => {
    const { m, path } = linkedCopy('alexandria', 'alexandria.db');
    const at = iso(Date.now());
    const groundedBefore = getMemoryView(m, 'alexandria:muwer61s_or229l').codeRefCount;
    writeAsAgent(path, (db) => {
      insertAlexandriaObject(db, { id: 'follow_new', content: 'Use Decimal for money in fx.py', at, type: 'constraint', events: ['muuz7128_2jkwdm'] });
      editAlexandriaObject(db, 'muwenqlc_to0al4', 'Tests live beside the module they test', at);
      reviewAlexandriaObject(db, 'muwem0v4_jg4ys6', 'approved', at);
      reviewAlexandriaObject(db, 'muweolgg_z75ngc', 'rejected', at);
      supersedeAlexandriaObject(db, 'muwes0ww_u40qxd', 'follow_new', at);
      addAlexandriaCodeRef(db, { id: 'follow_ref', memoryId: 'muwer61s_or229l', path: 'src/ledger_etl/fx.py', lineStart: 3, lineEnd: 9, commit: 'd01727f9680e2a6c26d7b7e386b058fb9e78f657' });
      addAlexandriaOutcome(db, { id: 'follow_outcome', memoryId: 'muwf1gf4_vambf6', at, outcome: 'helpful', context: 'saved a rerun' });
    });
    const after = fileHash(path);
    expect(syncLinkedSource(m, 'alexandria', path)).toMatchObject({ added: { belief: 1 }, updated: 5, kept: 0 });
    expect(fileHash(path)).toBe(after);

    const fresh = getMemoryView(m, 'alexandria:follow_new');
    expect(fresh).toMatchObject({ content: 'Use Decimal for money in fx.py', reviewStatus: 'pending' });
    expect(getMemoryView(m, 'alexandria:muwenqlc_to0al4').content).toBe('Tests live beside the module they test');
    expect(getMemoryView(m, 'alexandria:muwem0v4_jg4ys6').reviewStatus).toBe('approved');
    expect(getMemoryView(m, 'alexandria:muweolgg_z75ngc').reviewStatus).toBe('rejected');
    expect(getMemoryView(m, 'alexandria:muwes0ww_u40qxd')).toMatchObject({ status: 'superseded', supersededBy: fresh.id });
    const grounded = getMemoryView(m, 'alexandria:muwer61s_or229l');
    expect(grounded.codeRefCount).toBe(groundedBefore + 1);
    expect(grounded.evidenceRefs.some((r) => r.ref === 'src/ledger_etl/fx.py:3-9')).toBe(true);
    const helped = getMemoryView(m, 'alexandria:muwf1gf4_vambf6');
    expect(getHistory(m, helped.id).filter((h) => h.op === 'outcome' && h.reason === 'saved a rerun')).toHaveLength(1);

    expect(syncLinkedSource(m, 'alexandria', path)).toMatchObject({ added: {}, updated: 0, kept: 0 });
    expect(getHistory(m, helped.id).filter((h) => h.op === 'outcome' && h.reason === 'saved a rerun')).toHaveLength(1);
  });
});

/** Every kind of change a person makes here, each on its own memory. */
const LOCAL_CHANGES = {
  words: (m, id) => editMemory(m, id, { content: 'Edited in Mindloom' }, { actor: 'user', expectedVersion: getMemoryView(m, id).version }),
  status: (m, id) => archiveMemory(m, id, { actor: 'user' }),
  verification: (m, id) => verifyMemory(m, id, {}, { actor: 'user' }),
  protection: (m, id) => setProtected(m, id, true, { actor: 'user' }),
  review: (m, id) => approveMemory(m, id, { actor: 'user' }),
} satisfies Record<string, (m: Mind, id: string) => unknown>;

interface ConflictCase {
  kind: 'kernle' | 'engram' | 'alexandria';
  /** The local changes its memories can take (a review only where the source leaves memories pending). */
  local: (keyof typeof LOCAL_CHANGES)[];
  /** Links a source holding at least one record per local change; returns their origin ids. */
  setUp(): { m: Mind; path: string; keys: string[] };
  /** The source changes each record (its words, and more where the system has more). */
  change(path: string, keys: readonly string[]): void;
}

const CONFLICT_CASES: ConflictCase[] = [
  {
    kind: 'kernle',
    local: ['words', 'status', 'verification', 'protection'],
    setUp() {
      const path = join(dir, 'memories.db');
      emptyKernleDatabase(path);
      const notes = ['words', 'status', 'verification', 'protection'].map((name) => kernleNote(`Kernle note for ${name}`));
      writeKernleRows(path, 'notes', notes);
      const m = (mind = openMind(join(dir, 'agent.mind')));
      linkSource(m, 'kernle', path, null);
      syncLinkedSource(m, 'kernle', path);
      return { m, path, keys: notes.map((n) => String(n.id)) };
    },
    change(path, keys) {
      const at = new Date().toISOString();
      writeKernleRows(path, 'notes', keys.map((id) => ({ id, content: `Changed in Kernle ${id}`, confidence: 0.3, local_updated_at: at })), 'update');
    },
  },
  {
    kind: 'engram',
    local: ['words', 'status', 'verification', 'protection'],
    setUp: () => ({ ...linkedCopy('engram', 'engram-memory.db'), keys: ['bl_d1efa44d2abc4e4d8a2f', 'bl_0fd7bba22dfa468391fb', 'bl_9e92b86ff6fa4dc687b6', 'bl_f41476171b764984b19e'] }),
    change(path, keys) {
      const at = Date.now();
      writeAsAgent(path, (db) => {
        for (const key of keys) {
          reviseEngramBelief(db, key, `Revised in Engram ${key}`, at);
          reinforceEngramBelief(db, key, 'ep_01fbb3e5aa6d', at);
        }
      });
    },
  },
  {
    kind: 'alexandria',
    local: ['words', 'status', 'verification', 'protection', 'review'],
    setUp: () => ({
      ...linkedCopy('alexandria', 'alexandria.db'),
      keys: ['muuzequ8_t5goz7', 'muweolgg_z75ngc', 'muwex63k_p3oez1', 'muwezqow_p2xs3c', 'muz9l5nk_8gkkg3'],
    }),
    change(path, keys) {
      const at = iso(Date.now());
      writeAsAgent(path, (db) => {
        for (const key of keys) {
          editAlexandriaObject(db, key, `Changed in Alexandria ${key}`, at);
          reviewAlexandriaObject(db, key, 'approved', at);
        }
      });
    },
  },
];

describe('a memory changed on both sides', () => {
  for (const c of CONFLICT_CASES) {
    it(`${c.kind}: keeps every kind of local change (${c.local.join(', ')}) and journals the source's change, once`, () => {
      const { m, path, keys } = c.setUp();
      const names = c.local;
      const ids = keys.map((key) => getMemoryView(m, `${c.kind}:${key}`).id);
      names.forEach((name, i) => LOCAL_CHANGES[name](m, ids[i] as string));
      // One more memory of the source, unchanged here: the source's change applies to it.
      const untouched = c.kind === 'kernle' ? null : c.kind === 'engram' ? 'bl_4c64be7cb82540f391d5' : 'mwg4utgg_2znhjg';
      const held = ids.map((id) => getMemoryView(m, id));
      c.change(path, untouched === null ? keys : [...keys, untouched]);

      const summary = syncLinkedSource(m, c.kind, path);
      expect(summary).toMatchObject({ kept: names.length, updated: untouched === null ? 0 : 1 });
      ids.forEach((id, i) => {
        const now = getMemoryView(m, id);
        const was = held[i];
        expect({ content: now.content, status: now.status, protected: now.protected, confidence: now.confidence, reviewStatus: now.reviewStatus }).toEqual({
          content: was?.content,
          status: was?.status,
          protected: was?.protected,
          confidence: was?.confidence,
          reviewStatus: was?.reviewStatus,
        });
        const recorded = getHistory(m, id).filter((h) => h.op === 'source_change');
        expect(recorded).toHaveLength(1);
        expect(recorded[0]).toMatchObject({ actor: `import:${c.kind}`, after: { source: { content: expect.stringMatching(/(Changed|Revised) in/) }, kept: 'mindloom' } });
      });
      if (untouched !== null) expect(getMemoryView(m, `${c.kind}:${untouched}`).content).toContain(untouched);

      // Re-read within the cursor's look-back: recorded once, not again.
      expect(syncLinkedSource(m, c.kind, path)).toMatchObject({ kept: 0, updated: 0 });
      for (const id of ids) expect(getHistory(m, id).filter((h) => h.op === 'source_change')).toHaveLength(1);
    });
  }
});
