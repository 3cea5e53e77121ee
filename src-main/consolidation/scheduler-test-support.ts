/**
 * Test support for the scheduler and the worker: a hand-moved clock (timers fire only when the
 * test advances time past them, in the order they are due) and mind files full of episodes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SettingsPatch } from '../../shared/settings';
import { createMemory } from '../mind/create';
import { type Mind, openMind } from '../mind/mind';
import { allMemoryRows } from '../store/store-test-support';
import { type EmbedderInfo, readEmbedderInfo, readEmbeddings } from '../store/vectors-repo';
import type { SchedulerClock } from './scheduler-clock';
import { writeSettings } from './settings-store';

export interface ManualClock extends SchedulerClock {
  /** Moves time forward by `ms`, firing every timer that comes due on the way. */
  advance(ms: number): void;
  /** How many timers are waiting. */
  pending(): number;
}

interface PendingTimer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

export function manualClock(start: number): ManualClock {
  let current = start;
  let nextId = 1;
  const timers = new Map<number, PendingTimer>();
  return {
    now: () => current,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { id, at: current + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = current + ms;
      for (;;) {
        const due = [...timers.values()].filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        timers.delete(due.id);
        current = due.at;
        due.callback();
      }
      current = end;
    },
    pending: () => timers.size,
  };
}

/**
 * Lessons an agent keeps relearning: a mishap (template) with one component. Episodes of one
 * lesson cluster; there are 200 lessons, so even thousands of episodes do not all share words
 * (terms in more than a few percent of the episodes count as boilerplate when clustering).
 */
const COMPONENTS = (
  'billing checkout search auth inventory payments shipping catalog reviews pricing ledger invoices refunds ' +
  'notifications scheduler gateway sessions profiles analytics reporting exports imports webhooks metrics alerts ' +
  'backups storage uploads thumbnails recommendations cart wishlist coupons loyalty subscriptions onboarding ' +
  'permissions audit compliance translations'
).split(' ');
const MISHAPS: readonly ((component: string) => readonly [string, string])[] = [
  (c) => [`Deploy the ${c} service on a Friday afternoon`, `the ${c} build broke and the release was rolled back`],
  (c) => [`Run the ${c} load test against a cold cache`, `${c} latency doubled until the cache had warmed up`],
  (c) => [`Migrate the ${c} index without taking a backup first`, `the ${c} index had to be rebuilt from scratch overnight`],
  (c) => [`Merge the ${c} token change without a review from its owner`, `a ${c} token expiry bug reached the staging cluster`],
  (c) => [`Upgrade the ${c} database driver in the middle of a sprint`, `${c} connection pooling broke for two days`],
];

function lesson(index: number): readonly [string, string] {
  const mishap = MISHAPS[Math.floor(index / COMPONENTS.length) % MISHAPS.length] as (typeof MISHAPS)[number];
  return mishap(COMPONENTS[index % COMPONENTS.length] as string);
}

/** Writes `count` episodes (numbered from `from`), three in a row per lesson. */
export function addEpisodes(path: string, count: number, from = 0): void {
  const mind = openMind(path);
  try {
    mind.store.transaction(() => {
      for (let i = from; i < from + count; i++) {
        const [objective, outcome] = lesson(Math.floor(i / 3));
        createMemory(
          mind,
          { type: 'episode', content: `${objective} (ticket OPS-${1000 + i}) → ${outcome}`, fields: { outcome, outcomeType: 'failure' } },
          { actor: 'agent:test' },
        );
      }
    });
  } finally {
    mind.close();
  }
}

/** A new mind file in a temp folder with these settings and `episodes` episodes. */
export function tempMind(episodes: number, settings: SettingsPatch = {}): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mindloom-consolidation-')), 'test.mind');
  const mind = openMind(path);
  try {
    writeSettings(mind, settings, 'user');
  } finally {
    mind.close();
  }
  addEpisodes(path, episodes);
  return path;
}

/** Reads a mind file with a short-lived connection. */
export function withMind<T>(path: string, read: (mind: Mind) => T): T {
  const mind = openMind(path, { mustExist: true });
  try {
    return read(mind);
  } finally {
    mind.close();
  }
}

/** Who owns a mind file's vectors, how many memories have one, and the lengths they come in. */
export function storedVectors(path: string): { embedder: EmbedderInfo | null; count: number; lengths: number[] } {
  return withMind(path, (mind) => {
    const seqs = allMemoryRows(mind.store.db).map((row) => row.seq as number);
    const vectors = [...readEmbeddings(mind.store.db, seqs).values()];
    return { embedder: readEmbedderInfo(mind.store.db), count: vectors.length, lengths: [...new Set(vectors.map((v) => v.length))] };
  });
}
