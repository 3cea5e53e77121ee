/**
 * One raw capture promoted by eight agents at once, each at the version it saw (issue 27 §5):
 * exactly one promotion is made, the others are told the capture changed. A capture already
 * processed is the case that slipped through: its promotion did not move its version.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemory } from './create';
import { promoteMany } from './inbox';
import { openMind } from './mind';
import { startTestProcess } from './process-test-support';
import { promoteMemory } from './promote';
import { USER, expectMindError, freshMind } from './test-support';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('promoting one capture more than once', () => {
  it('a second promotion at the version seen before is a version_conflict, for a processed capture too', () => {
    const { mind } = freshMind();
    try {
      const raw = createMemory(mind, { type: 'raw', content: 'the deploy script needs a dry-run flag' }, USER);
      const first = promoteMemory(mind, raw.id, { to: 'episode' }, { ...USER, expectedVersion: raw.version });
      expect(first.source.version).toBeGreaterThan(raw.version);
      expectMindError(() => promoteMemory(mind, raw.id, { to: 'note' }, { ...USER, expectedVersion: raw.version }), 'version_conflict');
      // Processed now; promoting it again at its current version moves that version too.
      const second = promoteMany(mind, [{ id: raw.id, expectedVersion: first.source.version }], 'note', USER);
      expect(second).toHaveLength(1);
      expectMindError(() => promoteMany(mind, [{ id: raw.id, expectedVersion: first.source.version }], 'note', USER), 'version_conflict');
    } finally {
      mind.close();
    }
  });

  it('eight processes promoting a processed capture at one version make exactly one episode', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mindloom-promote-race-'));
    folders.push(folder);
    const path = join(folder, 'race.mindloom');
    const mind = openMind(path);
    let id: string;
    let version: number;
    try {
      const raw = createMemory(mind, { type: 'raw', content: 'flaky test on the sync service' }, USER);
      const processed = promoteMemory(mind, raw.id, { to: 'note' }, USER).source;
      ({ id, version } = processed);
    } finally {
      mind.close();
    }
    const racers = Array.from({ length: 8 }, () => startTestProcess('promote-process', [path, id, String(version)]));
    await Promise.all(racers.map((racer) => racer.printed('ready')));
    // All ready: each is told to go at once (a line, then its stdin closes), and answers before it exits.
    for (const racer of racers) racer.child.stdin.write('go\n');
    await Promise.all(racers.map((racer) => racer.stop()));
    const codes = racers.map((racer) => racer.output().split('\n')[1]);

    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code !== 'ok').every((code) => code === 'version_conflict' || code === 'store_busy')).toBe(true);
    const after = openMind(path, { mustExist: true });
    try {
      const episodes = after.store.db.prepare(`SELECT count(*) AS n FROM memories WHERE type = 'episode'`).get() as { n: number };
      expect(episodes.n).toBe(1);
    } finally {
      after.close();
    }
  }, 60_000);
});
