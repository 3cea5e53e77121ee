/**
 * Fresh minds for the editing specs, written through the real operations: beliefs drafted the way
 * consolidation drafts them (from and supported by their episodes, pending review), inferences an
 * agent wrote, raw captures, contradicting beliefs. Each builder returns the file and the ids a
 * spec needs.
 */
import { join } from 'node:path';
import { createOfflineProvider } from '../../src-main/consolidation/offline/offline-provider';
import { runConsolidation } from '../../src-main/consolidation/run';
import { readSettings, writeSettings } from '../../src-main/consolidation/settings-store';
import { createMemory } from '../../src-main/mind/create';
import { scanContradictions } from '../../src-main/mind/contradictions';
import { type Mind, openMind } from '../../src-main/mind/mind';

const AGENT = { actor: 'agent:coder' } as const;

/**
 * A fresh mind file with the scheduler off: the spec decides when consolidation runs (the host
 * would otherwise consolidate the builder's episodes as it opens the file).
 */
function openFresh(path: string, options: Parameters<typeof openMind>[1] = {}): Mind {
  const mind = openMind(path, options);
  writeSettings(mind, { scheduler: { enabled: false } }, 'import:e2e');
  return mind;
}
/** What consolidation writes as (the builders stand in for a run that already happened). */
const RUN = { actor: 'scheduler:run_seed', runId: 'run_seed' } as const;

export const TOPICS = [
  'Flaky tests hide real failures',
  'Small pull requests get reviewed faster',
  'Friday deploys need a rollback plan',
  'Pairing shortens onboarding',
  'Retries need exponential backoff',
  'Feature flags make rollouts safer',
  'Standups work better when short',
  'Logs need request identifiers',
  'Caches need an expiry policy',
  'Schema changes need a migration test',
  'On-call needs a written runbook',
  'Benchmarks need a quiet machine',
  'Dependencies need pinning',
  'Error messages should say what to do',
  'Backups need a restore drill',
  'Code review catches design problems',
  'Monorepos need fast incremental builds',
  'Alerts need an owner',
  'Docs rot without examples',
  'Timeouts need to be explicit',
  'Migrations should be reversible',
  'Secrets belong in a vault',
] as const;

export interface ReviewMind {
  path: string;
  /** Pending beliefs, in the order the queue shows them (most evidence first). */
  pending: { id: string; content: string; episodes: string[] }[];
  /** An approved belief close to the first pending one (a possible duplicate). */
  duplicateOf: { id: string; content: string };
}

function draftBelief(mind: Mind, statement: string, episodes: number): { id: string; content: string; episodes: string[] } {
  const ids = Array.from(
    { length: episodes },
    (_, i) =>
      createMemory(
        mind,
        { type: 'episode', content: `${statement}: seen in sprint ${i + 1}`, fields: { outcome: `it held in sprint ${i + 1}`, lessons: [statement] } },
        AGENT,
      ).id,
  );
  const created = createMemory(
    mind,
    { type: 'belief', content: statement, fields: { timeframe: 'current' }, sourceType: 'consolidation', derivedFrom: ids, evidence: ids },
    RUN,
  );
  return { id: created.id, content: created.content, episodes: ids };
}

/** `count` pending beliefs drafted from 1–3 episodes each, and an existing belief close to the first. */
export function writeReviewMind(dir: string, count: number): ReviewMind {
  const path = join(dir, 'review.mindloom');
  const mind = openFresh(path);
  try {
    const drafted = TOPICS.slice(0, count).map((topic, i) => draftBelief(mind, topic, 3 - (i % 3)));
    const first = drafted[0] as { content: string };
    const duplicate = createMemory(mind, { type: 'belief', content: `${first.content} in CI`, reviewStatus: 'approved' }, AGENT);
    // The queue's order: more evidence first (3, then 2, then 1 episode), then the oldest.
    const pending = [3, 2, 1].flatMap((n) => drafted.filter((d) => d.episodes.length === n));
    return { path, pending, duplicateOf: { id: duplicate.id, content: duplicate.content } };
  } finally {
    mind.close();
  }
}

export interface InboxMind {
  path: string;
  captures: { id: string; content: string }[];
}

/** Raw captures from a conversation, oldest first. */
export function writeInboxMind(dir: string): InboxMind {
  const path = join(dir, 'inbox.mindloom');
  // A minute apart, so "newest first" has an order to show.
  let at = Date.now() - 3_600_000;
  const clocked = openFresh(path, { clock: () => (at += 60_000) });
  try {
    const captures = [
      'user: the deploy broke because the migration ran twice',
      'assistant: I added a lock so the migration runs once',
      'user: thanks, Claire will review the lock tomorrow',
      'user: remember that staging uses a smaller database',
    ].map((content, i) => {
      const created = createMemory(clocked, { type: 'raw', content, fields: { source: { conversationId: 'c42', turnId: String(i), role: content.split(':')[0] } } }, AGENT);
      return { id: created.id, content: created.content };
    });
    return { path, captures };
  } finally {
    clocked.close();
  }
}

export interface ContradictionMind {
  path: string;
  pairs: { a: { id: string; content: string }; b: { id: string; content: string } }[];
}

/** Pairs of beliefs the rules find contradicting, each side with an episode behind it; `scanned`: recorded as open. */
export function writeContradictionMind(dir: string, options: { scanned: boolean }): ContradictionMind {
  const path = join(dir, 'contradictions.mindloom');
  const mind = openFresh(path);
  try {
    const statements: [string, string][] = [
      ['Always write tests before merging', 'Never write tests before merging'],
      ['Always deploy on Fridays', 'Never deploy on Fridays'],
      ['More meetings help the team', 'Less meetings help the team'],
      ['Prefer long functions', 'Avoid long functions'],
      ['Always squash commits', 'Never squash commits'],
      ['Always pin dependencies', 'Never pin dependencies'],
    ];
    const pairs = statements.map(([left, right]) => {
      const side = (content: string) => {
        const episode = createMemory(mind, { type: 'episode', content: `Saw it: ${content.toLowerCase()}` }, AGENT);
        // One side already names where it holds: scoping the pair starts from it.
        const fields = content === 'Always squash commits' ? { context: 'feature branches' } : undefined;
        return createMemory(mind, { type: 'belief', content, fields, evidence: [episode.id] }, AGENT);
      };
      const a = side(left);
      const b = side(right);
      return { a: { id: a.id, content: a.content }, b: { id: b.id, content: b.content } };
    });
    if (options.scanned) scanContradictions(mind, AGENT);
    return { path, pairs };
  } finally {
    mind.close();
  }
}

/** A consolidation run over the mind file, as the scheduler's worker would make it (offline provider). */
export async function consolidateFile(path: string): Promise<{ runId: string; created: number; droppedByRejection: number }> {
  const mind = openMind(path, { mustExist: true });
  try {
    const run = await runConsolidation(mind, { trigger: 'manual', provider: createOfflineProvider(), settings: readSettings(mind) });
    return { runId: run.runId, created: run.created, droppedByRejection: run.droppedByRejection };
  } finally {
    mind.close();
  }
}

/** A fresh mind holding only episodes that teach one lesson (nothing drafted from them yet). */
export function writeLessonMind(dir: string, lesson: string, count: number): string {
  const path = join(dir, 'lesson.mindloom');
  openFresh(path).close();
  writeLessonEpisodes(path, lesson, count);
  return path;
}

/** Episodes that teach one lesson, as an agent writes them (consolidation clusters them into a belief). */
export function writeLessonEpisodes(path: string, lesson: string, count: number): void {
  const mind = openMind(path, { mustExist: true });
  try {
    for (let i = 0; i < count; i += 1) {
      createMemory(mind, { type: 'episode', content: `Ran the release on day ${i + 1} → ${lesson}`, fields: { outcome: lesson, lessons: [lesson] } }, AGENT);
    }
  } finally {
    mind.close();
  }
}
