/**
 * A mind for the search specs, written through the real operations: more memories holding one word
 * than a list filtered by text reads (LIST_TEXT_BUDGET), so the Browser must say its count is not
 * every match, and a rare word held by a few, so it can say it is.
 */
import { writeSettings } from '../../src-main/consolidation/settings-store';
import { createMemory } from '../../src-main/mind/create';
import { openMind } from '../../src-main/mind/mind';
import { LIST_TEXT_BUDGET } from '../../src-main/store/search-query';

export interface SearchMind {
  path: string;
  /** How many memories hold `common` (more than a text-filtered list reads). */
  commonCount: number;
  common: string;
  /** Held by `rareCount` memories, none of which holds `common`. */
  rare: string;
  rareCount: number;
}

const TOPICS = ['pipeline', 'cache', 'deploy', 'review', 'backup', 'alerts'];

export function writeSearchMind(path: string): SearchMind {
  const commonCount = LIST_TEXT_BUDGET + 300;
  const rareCount = 12;
  const mind = openMind(path);
  try {
    // The spec decides what happens: no consolidation run while the host opens the file.
    writeSettings(mind, { scheduler: { enabled: false } }, 'import:e2e');
    mind.store.db.transaction(() => {
      for (let i = 0; i < commonCount; i += 1) {
        const type = i % 3 === 0 ? 'goal' : 'note';
        createMemory(mind, { type, content: `Omega note ${i} about the ${TOPICS[i % TOPICS.length]} work` }, { actor: 'agent:e2e' });
      }
      for (let i = 0; i < rareCount; i += 1) createMemory(mind, { type: 'note', content: `A quokka sighting, number ${i}` }, { actor: 'agent:e2e' });
    })();
  } finally {
    mind.close();
  }
  return { path, commonCount, common: 'omega', rare: 'quokka', rareCount };
}
