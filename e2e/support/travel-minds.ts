/**
 * A mind with a known past for the time travel and mind diff specs, written through the real
 * operations on a clock the builder moves: a belief superseded ten days in, a note archived and
 * another added the same day.
 */
import { join } from 'node:path';
import { writeSettings } from '../../src-main/consolidation/settings-store';
import { createMemory } from '../../src-main/mind/create';
import { archiveMemory } from '../../src-main/mind/lifecycle';
import { openMind } from '../../src-main/mind/mind';
import { supersedeBelief } from '../../src-main/mind/supersede';

const DAY_MS = 86_400_000;
const USER = { actor: 'user' } as const;

/** When things happened: the start, the day of the changes, and instants between them. */
export const TRAVEL_TIMES = {
  start: Date.parse('2026-01-05T09:00:00Z'),
  /** Five days in: before any change. */
  before: Date.parse('2026-01-10T09:00:00Z'),
  changes: Date.parse('2026-01-15T09:00:00Z'),
  /** An hour after the changes. */
  after: Date.parse('2026-01-15T10:00:00Z'),
} as const;

export interface TravelMind {
  path: string;
  oldBelief: { id: string; content: string };
  newBelief: { id: string; content: string };
  archivedNote: string;
  addedNote: string;
}

export function writeTravelMind(dir: string): TravelMind {
  const path = join(dir, 'travel.mindloom');
  let now: number = TRAVEL_TIMES.start;
  const mind = openMind(path, { clock: () => now });
  try {
    // The spec decides what happens: no consolidation of the episode as the host opens the file.
    writeSettings(mind, { scheduler: { enabled: false } }, 'import:e2e');
    const episode = createMemory(mind, { type: 'episode', content: 'The Friday deploy broke checkout for an hour' }, USER);
    const old = createMemory(mind, { type: 'belief', content: 'Deploys on Fridays are fine', evidence: [episode.id], reviewStatus: 'approved' }, USER);
    const archived = createMemory(mind, { type: 'note', content: 'Ask about the deploy freeze', fields: { noteType: 'question' } }, USER);
    now = TRAVEL_TIMES.changes;
    const { created } = supersedeBelief(mind, old.id, { content: 'Deploys on Fridays need a rollback plan' }, USER);
    archiveMemory(mind, archived.id, USER);
    now += DAY_MS / 24 / 2;
    const added = createMemory(mind, { type: 'note', content: 'Rollback drill scheduled for Thursday', fields: { noteType: 'fact' } }, USER);
    return {
      path,
      oldBelief: { id: old.id, content: old.content },
      newBelief: { id: created.id, content: created.content },
      archivedNote: archived.id,
      addedNote: added.id,
    };
  } finally {
    mind.close();
  }
}
