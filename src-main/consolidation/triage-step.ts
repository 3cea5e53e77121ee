/**
 * Triage of raw captures nobody has processed: the provider suggests an episode, a note, or
 * nothing; a suggestion becomes a pending memory (source consolidation) derived from the capture.
 * Each capture is triaged once (marked, whatever the answer); a failed call leaves it for the next run.
 */
import { insertMarks, untriagedRaws } from '../store/consolidation-repo';
import { createMemory } from '../mind/create';
import type { RunContext } from './run-context';
import { sourceTextOf } from './source-text';

/** Raw captures looked at per run (they are cheap offline; a model call each otherwise). */
export const TRIAGE_PER_RUN = 100;

export async function triageRaws(ctx: RunContext): Promise<void> {
  const raws = untriagedRaws(ctx.mind.store.db, TRIAGE_PER_RUN);
  for (const [done, raw] of raws.entries()) {
    ctx.progress('triage', done, raws.length);
    const suggestion = await ctx.call(`triage of ${raw.id}`, (signal) => ctx.provider.triage(sourceTextOf(raw), signal));
    if (suggestion === null) continue;
    const type = suggestion.suggest;
    let createdId: string | null = null;
    ctx.commit(() => {
      if (type !== 'skip') {
        createdId = createMemory(
          ctx.mind,
          { type, content: raw.content, sourceType: 'consolidation', derivedFrom: [raw.id], reviewStatus: 'pending' },
          { ...ctx.write, reason: suggestion.reason },
        ).id;
      }
      insertMarks(ctx.mind.store.db, [raw.seq], 'triage', ctx.runId);
    });
    if (type === 'skip') {
      ctx.act('triage_skip', raw.id, `Left capture as it is: ${suggestion.reason}`);
    } else {
      ctx.counts.suggested += 1;
      ctx.act(`suggest_${type}`, createdId, `Suggested ${type} from capture "${raw.content.slice(0, 80)}": ${suggestion.reason}`);
    }
  }
  ctx.progress('triage', raws.length, raws.length);
}
