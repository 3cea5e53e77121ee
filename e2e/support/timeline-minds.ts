/**
 * For the timeline and history specs: a mind built through the real operations with a belief whose
 * every change is known, and a reader of a memory's journal straight from the file (not through the
 * API the view uses), to hold the view to.
 */
import { join } from 'node:path';
import { writeSettings } from '../../src-main/consolidation/settings-store';
import { addCounterEvidence, reinforceMemory, verifyMemory } from '../../src-main/mind/confidence-ops';
import { createMemory } from '../../src-main/mind/create';
import { editMemory } from '../../src-main/mind/edit';
import { getHistory } from '../../src-main/mind/history';
import { openMind } from '../../src-main/mind/mind';

const USER = { actor: 'user' } as const;
const DAY_MS = 86_400_000;

export interface BuiltTimelineMind {
  path: string;
  belief: string;
  episodes: string[];
  /** What the events table must say, oldest first: [op, cause, linked memory]. */
  expected: [string, string, string | null][];
  /** The content before and after the one edit. */
  edit: { before: string; after: string };
}

export function writeTimelineMind(dir: string): BuiltTimelineMind {
  const path = join(dir, 'timeline.mindloom');
  // A day between changes, ending about now: the chart spreads them out, and as-of instants fall between them.
  let now = Date.now() - 40 * DAY_MS;
  const mind = openMind(path, { clock: () => now });
  const nextDay = () => {
    now += DAY_MS;
  };
  try {
    writeSettings(mind, { scheduler: { enabled: false } }, 'import:e2e');
    const episodes = ['The cache warmed in 2 s', 'The cache warmed in 3 s', 'The cache took 40 s to warm', 'The cache warmed in 2 s again'].map(
      (content) => createMemory(mind, { type: 'episode', content }, USER).id,
    );
    const before = 'The cache warms in a few seconds after a deploy.';
    const after = 'The cache warms in a few seconds after a deploy, unless the CDN is cold.';
    const belief = createMemory(mind, { type: 'belief', content: before, fields: { subject: 'cache warm-up' } }, USER).id;
    nextDay();
    reinforceMemory(mind, belief, { evidence: episodes[0] }, { actor: 'agent:ops', reason: 'first deploy' });
    nextDay();
    reinforceMemory(mind, belief, { evidence: episodes[1] }, { actor: 'agent:ops' });
    nextDay();
    addCounterEvidence(mind, belief, { episodeId: episodes[2] }, { actor: 'agent:ops', reason: 'the CDN was cold' });
    nextDay();
    verifyMemory(mind, belief, { evidence: 'grafana: cache-warmup panel' }, USER);
    nextDay();
    editMemory(mind, belief, { content: after }, { ...USER, expectedVersion: 5 });
    nextDay();
    reinforceMemory(mind, belief, { evidence: episodes[3] }, { actor: 'agent:ops' });
    return {
      path,
      belief,
      episodes,
      expected: [
        ['create', 'created', null],
        ['reinforce', 'reinforced', episodes[0] as string],
        ['reinforce', 'reinforced', episodes[1] as string],
        ['counter_evidence', 'contradicted', episodes[2] as string],
        ['verify', 'verified', null],
        ['edit', 'edited', null],
        ['reinforce', 'reinforced', episodes[3] as string],
      ],
      edit: { before, after },
    };
  } finally {
    mind.close();
  }
}

/** A memory's journal rows (accesses left out: a read changes nothing), oldest first, read from the file. */
export function journalOps(path: string, id: string): { op: string; actor: string }[] {
  const mind = openMind(path, { mustExist: true });
  try {
    return getHistory(mind, id)
      .filter((row) => row.op !== 'access')
      .map(({ op, actor }) => ({ op, actor }));
  } finally {
    mind.close();
  }
}
