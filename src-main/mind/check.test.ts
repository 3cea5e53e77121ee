import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, type CheckName, type CheckReport } from '../../shared/contract/trust';
import { findRun } from '../store/consolidation-runs-repo';
import {
  addDanglingLink,
  breakVersionHistory,
  damageSearchIndexPages,
  desyncRecallIndexes,
  desyncSearchRows,
  firstPageOf,
  leaveRunRunning,
  scribbleOverPage,
  skewTallies,
  storeInvalidUtf8,
  supersedeWithoutSuccessor,
} from '../store/damage-test-support';
import type { Db } from '../store/connection';
import { checkMind, checkMindFile } from './check';
import { verifyMemory } from './confidence-ops';
import { createMemory } from './create';
import { editMemory } from './edit';
import { type Mind, openMind } from './mind';
import { thisProcess } from './run-owner';
import { searchMemories } from './search';
import { supersedeBelief } from './supersede';

const USER = { actor: 'user' } as const;

interface Healthy {
  path: string;
  seqs: { episode: number; belief: number; note: number; other: number; turn: number };
  ids: { belief: string; note: string };
}

/** A small healthy mind file: an episode with three versions, a superseded belief and its successor, notes, two turns of a conversation. */
function healthyMind(): Healthy {
  const path = join(mkdtempSync(join(tmpdir(), 'mindloom-check-')), 'check.mind');
  const mind = openMind(path);
  try {
    const episode = createMemory(mind, { type: 'episode', content: 'Paired on the flaky sync test' }, USER);
    editMemory(mind, episode.id, { content: 'Paired on the flaky sync test with Claire' }, { ...USER, expectedVersion: 1 });
    verifyMemory(mind, episode.id, {}, USER);
    const belief = createMemory(mind, { type: 'belief', content: 'Sync tests are flaky on Fridays', derivedFrom: [episode.id] }, USER);
    supersedeBelief(mind, belief.id, { content: 'Sync tests are flaky under load' }, USER);
    const note = createMemory(mind, { type: 'note', content: 'Keep the sync test quarantined' }, USER);
    const other = createMemory(mind, { type: 'note', content: 'Claire owns the sync service' }, USER);
    const turns = ['The sync test failed again', 'Leave it until Monday'].map((content, i) =>
      createMemory(mind, { type: 'raw', content, fields: { source: { conversationId: 'standup', turnId: `t${i}`, role: i === 0 ? 'claire' : 'sam' } } }, USER),
    );
    return {
      path,
      seqs: { episode: episode.seq, belief: belief.seq, note: note.seq, other: other.seq, turn: (turns[0] as { seq: number }).seq },
      ids: { belief: belief.id, note: note.id },
    };
  } finally {
    mind.close();
  }
}

function damage(path: string, work: (db: Db, mind: Mind) => void): void {
  const mind = openMind(path, { mustExist: true, leaveRunsAsFound: true });
  try {
    work(mind.store.db, mind);
  } finally {
    mind.close();
  }
}

const failing = (report: CheckReport) => report.checks.filter((check) => !check.ok).map((check) => check.name);
const checkOf = (report: CheckReport, name: CheckName) => report.checks.find((check) => check.name === name);

/** A pid that named a process a moment ago and names none now. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('check', () => {
  it('finds a healthy mind healthy, and a repair of a healthy mind writes nothing', () => {
    const { path } = healthyMind();
    const report = checkMindFile(path);
    expect(report).toMatchObject({ path, opened: true, ok: true, repaired: false });
    // Every check, in the order the contract declares them.
    expect(report.checks.map((check) => check.name)).toEqual([...CHECK_NAMES]);
    expect(checkMindFile(path, { repair: true }).repaired).toBe(false);
  });

  // Each damage is reported by its own check (and only there); repair heals the derivable ones.
  const cases: { name: string; check: CheckName; derivable: boolean; apply(mind: Healthy, db: Db): void; problems: number; alsoIntegrity?: true }[] = [
    { name: 'a link to no memory', check: 'link_ends', derivable: false, problems: 1, apply: (m, db) => addDanglingLink(db, m.seqs.note) },
    {
      name: 'a superseded memory without its successor',
      check: 'superseded_successors',
      derivable: false,
      problems: 1,
      apply: (m, db) => supersedeWithoutSuccessor(db, m.ids.note),
    },
    { name: 'tallies that do not match the rows', check: 'tallies', derivable: true, problems: 2, apply: (_m, db) => skewTallies(db) },
    {
      name: 'search rows out of step with the memories',
      check: 'search_index',
      derivable: true,
      problems: 3,
      apply: (m, db) => desyncSearchRows(db, m.seqs.note, m.seqs.other),
    },
    // SQLite's integrity check looks into the index too: its messages about it are as derivable.
    { name: 'damaged search index pages', check: 'search_index', derivable: true, problems: 1, alsoIntegrity: true, apply: (_m, db) => damageSearchIndexPages(db) },
    // The superseded belief stays out of the belief index; the turn stays out of the turn indexes.
    {
      name: "recall's indexes out of step with the memories",
      check: 'recall_indexes',
      derivable: true,
      problems: 4,
      apply: (m, db) => desyncRecallIndexes(db, m.seqs.belief, m.seqs.turn),
    },
    {
      name: 'a run left running by a process that is gone',
      check: 'orphaned_runs',
      derivable: true,
      problems: 1,
      apply: (_m, db) => leaveRunRunning(db, 'run_00000000dead', endedPid(), thisProcess().host),
    },
    {
      name: 'a gap in a version history and a current version without its record',
      check: 'versions',
      derivable: false,
      problems: 2,
      apply: (m, db) => breakVersionHistory(db, m.seqs.episode, m.seqs.other),
    },
    { name: 'words stored as bytes that are not UTF-8', check: 'text_encoding', derivable: false, problems: 1, apply: (m, db) => storeInvalidUtf8(db, m.ids.note) },
  ];

  for (const damaged of cases) {
    it(`reports ${damaged.name}${damaged.derivable ? ', and repair heals it' : '; repair leaves it for a person'}`, () => {
      const mind = healthyMind();
      damage(mind.path, (db) => damaged.apply(mind, db));

      const report = checkMindFile(mind.path);
      expect(report.ok).toBe(false);
      expect(failing(report)).toEqual(damaged.alsoIntegrity ? ['integrity', damaged.check] : [damaged.check]);
      if (damaged.alsoIntegrity) expect(checkOf(report, 'integrity')?.repairable).toBe(true);
      const found = checkOf(report, damaged.check);
      expect(found).toMatchObject({ problems: damaged.problems, repairable: damaged.derivable, repaired: false });
      expect(found?.samples.length).toBeGreaterThan(0);

      const repaired = checkMindFile(mind.path, { repair: true });
      if (damaged.derivable) {
        expect(repaired).toMatchObject({ ok: true, repaired: true });
        expect(checkOf(repaired, damaged.check)).toMatchObject({ ok: true, repaired: true });
        // One journaled transaction says what was rebuilt.
        const journal = withOpen(mind.path, (m) => m.store.db.prepare(`SELECT actor, op, after FROM journal WHERE op = 'repair'`).all());
        expect(journal).toEqual([{ actor: 'user', op: 'repair', after: expect.any(String) }]);
        expect(checkMindFile(mind.path).ok).toBe(true);
      } else {
        expect(repaired).toMatchObject({ ok: false, repaired: false });
        expect(failing(repaired)).toEqual([damaged.check]);
      }
    });
  }

  it('after repairing the search index, search finds the memories again', () => {
    const mind = healthyMind();
    damage(mind.path, (db) => desyncSearchRows(db, mind.seqs.note, mind.seqs.other));
    expect(withOpen(mind.path, (m) => searchMemories(m, 'quarantined'))).toEqual([]);
    checkMindFile(mind.path, { repair: true });
    expect(withOpen(mind.path, (m) => searchMemories(m, 'quarantined').map((hit) => hit.id))).toEqual([mind.ids.note]);
    expect(withOpen(mind.path, (m) => searchMemories(m, 'ghost'))).toEqual([]);
  });

  it('a repaired orphaned run is interrupted like one found on open', () => {
    const mind = healthyMind();
    const pid = endedPid();
    damage(mind.path, (db) => leaveRunRunning(db, 'run_00000000dead', pid, thisProcess().host));
    expect(checkOf(checkMindFile(mind.path), 'orphaned_runs')?.samples).toEqual([
      { runId: 'run_00000000dead', ownerPid: pid, ownerHost: thisProcess().host, why: `its process (pid ${pid}) has ended` },
    ]);
    checkMindFile(mind.path, { repair: true });
    expect(withOpen(mind.path, (m) => findRun(m.store.db, 'run_00000000dead')?.status)).toBe('interrupted');
  });

  it('reports damaged pages from SQLite’s own check, opened or not, and repair does not pretend to fix them', () => {
    const mind = healthyMind();
    let page = 0;
    let pageSize = 0;
    damage(mind.path, (db) => {
      page = firstPageOf(db, 'memories_confidence');
      pageSize = db.pragma('page_size', { simple: true }) as number;
      db.pragma('wal_checkpoint(TRUNCATE)');
    });
    scribbleOverPage(mind.path, page, pageSize);
    const report = checkMindFile(mind.path);
    expect(report.ok).toBe(false);
    expect(checkOf(report, 'integrity')?.ok).toBe(false);
    expect(checkOf(report, 'integrity')?.samples.length).toBeGreaterThan(0);
    const repaired = checkMindFile(mind.path, { repair: true });
    expect(checkOf(repaired, 'integrity')).toMatchObject({ ok: false, repairable: false, repaired: false });
  });

  it('a file too damaged to open as a mind still gets its integrity report', () => {
    const mind = healthyMind();
    const bytes = readFileSync(mind.path);
    // Keep SQLite's header, wreck every page after it (the schema included).
    for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    writeFileSync(mind.path, bytes);
    const report = checkMindFile(mind.path, { repair: true });
    expect(report).toMatchObject({ opened: false, ok: false, repaired: false });
    expect(report.checks.map((check) => [check.name, check.ok, check.repairable])).toEqual([
      ['integrity', false, false],
      ['write_ahead_log', true, false],
    ]);
    expect(report.checks[0]?.summary.length).toBeGreaterThan(0);
    expect(readFileSync(mind.path).equals(bytes)).toBe(true);
  });
});

function withOpen<T>(path: string, read: (mind: Mind) => T): T {
  const mind = openMind(path, { mustExist: true, leaveRunsAsFound: true });
  try {
    return read(mind);
  } finally {
    mind.close();
  }
}

describe("check on a connection whose full-text index view is stale", () => {
  it('reports no damage after another connection merged the index segments this one last read', () => {
    const { path } = healthyMind();
    const app = openMind(path, { mustExist: true });
    const worker = openMind(path, { mustExist: true });
    try {
      // The app reads the index (FTS5 caches its structure on the connection) …
      expect(searchMemories(app, 'sync').length).toBeGreaterThan(0);
      // … then another connection (a consolidation run's worker) writes, and merges every segment.
      for (let i = 0; i < 12; i++) createMemory(worker, { type: 'note', content: `Worker note ${i} about the sync service` }, USER);
      worker.store.db.exec("INSERT INTO memories_fts(memories_fts) VALUES('optimize')");
      const report = checkMind(app);
      expect(report.checks.find((check) => check.name === 'integrity')).toMatchObject({ ok: true, problems: 0 });
      expect(report.ok).toBe(true);
    } finally {
      worker.close();
      app.close();
    }
  });
});
