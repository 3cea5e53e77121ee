/**
 * A mind for the lineage spec, written through the real operations: two raw captures, each
 * promoted through an episode; a chain of notes from the first; a belief standing on the chain
 * and supported by the second episode, superseded by a newer belief (the focus), and a value that
 * depends on the focus. Depths from the focus: 1 old belief and the second episode, 2 the fourth
 * note and the second capture, 3…6 the notes and first episode, 7 the first capture.
 */
import { join } from 'node:path';
import { writeSettings } from '../../src-main/consolidation/settings-store';
import { createMemory } from '../../src-main/mind/create';
import { openMind } from '../../src-main/mind/mind';
import { supersedeBelief } from '../../src-main/mind/supersede';

const AGENT = { actor: 'agent:coder' } as const;

export interface LineageMind {
  path: string;
  focus: string;
  superseded: string;
  value: string;
  /** From the focus's nearest note (depth 2) to the farthest (depth 5). */
  notes: string[];
  episodes: { chain: string; side: string };
  raw: { chain: string; side: string };
}

export function writeLineageMind(dir: string): LineageMind {
  const path = join(dir, 'lineage.mindloom');
  const mind = openMind(path);
  try {
    writeSettings(mind, { scheduler: { enabled: false } }, 'import:e2e');
    const add = (input: Parameters<typeof createMemory>[1]) => createMemory(mind, input, AGENT).id;
    const rawChain = add({ type: 'raw', content: 'user: the deploy broke on Friday evening' });
    const rawSide = add({ type: 'raw', content: 'user: the rollback took an hour' });
    const episodeChain = add({ type: 'episode', content: 'A Friday deploy broke production', derivedFrom: [rawChain] });
    const episodeSide = add({ type: 'episode', content: 'Rolling back took an hour', derivedFrom: [rawSide] });
    const notes: string[] = [];
    for (const [i, words] of ['Deploys late in the week break more', 'Late deploys meet tired reviewers', 'Tired reviews miss risky changes', 'Risky changes need a quiet window'].entries()) {
      notes.push(add({ type: 'note', content: words, derivedFrom: [i === 0 ? episodeChain : (notes[i - 1] as string)] }));
    }
    const old = add({ type: 'belief', content: 'Friday deploys are risky', derivedFrom: [notes[3] as string], evidence: [episodeSide] });
    const focus = supersedeBelief(mind, old, { content: 'Deploys need a rollback plan and a quiet window' }, AGENT).created.id;
    const value = add({ type: 'value', content: 'Ship calmly', derivedFrom: [focus] });
    return {
      path,
      focus,
      superseded: old,
      value,
      notes: [...notes].reverse(),
      episodes: { chain: episodeChain, side: episodeSide },
      raw: { chain: rawChain, side: rawSide },
    };
  } finally {
    mind.close();
  }
}

export interface LargeLineageMind {
  path: string;
  focus: string;
  /** How many memories the focus's lineage holds. */
  size: number;
}

/**
 * A belief standing on `episodes` episodes, each promoted from its own raw capture: a lineage
 * large enough (more than the view's 500 drawn nodes) to open zoomed out, as the overview canvas.
 */
export function writeLargeLineageMind(dir: string, episodes = 300): LargeLineageMind {
  const path = join(dir, 'large-lineage.mindloom');
  const mind = openMind(path);
  try {
    writeSettings(mind, { scheduler: { enabled: false } }, 'import:e2e');
    const add = (input: Parameters<typeof createMemory>[1]) => createMemory(mind, input, AGENT).id;
    const below = Array.from({ length: episodes }, (_, i) =>
      add({ type: 'episode', content: `Incident review ${i}`, derivedFrom: [add({ type: 'raw', content: `user: incident ${i} report` })] }),
    );
    const focus = add({ type: 'belief', content: 'Incidents come from rushed changes', derivedFrom: below });
    return { path, focus, size: 2 * episodes + 1 };
  } finally {
    mind.close();
  }
}
