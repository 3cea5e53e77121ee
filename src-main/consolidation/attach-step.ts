/**
 * New episodes of a known lesson, before clustering. A lesson's later episodes often arrive one
 * or two at a time; clustered among themselves they would never reach three, and drafted anew
 * they would duplicate the belief. So an episode that resembles a belief's episodes as much as a
 * cluster's members resemble each other (its average similarity to them, through the belief's
 * profile, reaches the cluster threshold) is evidence about that belief, decided by the rules
 * (offline/rule-classifier.ts): opposed to its statement by the contradiction rules →
 * counter-evidence (β+1); holding it only in part ("only when", "unless" …) → partial (what the
 * split gate counts); otherwise support (α+1); each with its link or journal row. One provider
 * call per new episode would be too many for a background job; a cluster's statement is still
 * classified by the provider (cluster-step.ts). Attached episodes take no part in clustering.
 */
import { insertMarks } from '../store/consolidation-repo';
import type { BeliefModel, BeliefState } from './belief-model';
import { contradict, type EpisodeItem, fitsPlacement, partial, placementOf, support } from './cluster-step';
import { ruleVerdict } from './offline/rule-classifier';
import type { Classification } from './provider';
import type { RunContext } from './run-context';

export interface Attachment {
  readonly belief: BeliefState;
  readonly verdict: Exclude<Classification, 'irrelevant'>;
  readonly episodes: EpisodeItem[];
  readonly why: string[];
}

/** The episodes that attach to a known belief (grouped by belief and verdict), and the rest. */
export function planAttachments(ctx: RunContext, model: BeliefModel, episodes: readonly EpisodeItem[]): { attachments: Attachment[]; rest: EpisodeItem[] } {
  if (!model.profiled) return { attachments: [], rest: [...episodes] };
  const byKey = new Map<string, Attachment>();
  const rest: EpisodeItem[] = [];
  for (const item of episodes) {
    const fits = fitsPlacement(placementOf([item]));
    const match = model.profileMatches({ direction: item.vector, resultant: 1 }, item.read.terms, ctx.thresholds.cluster, fits)[0];
    if (!match) {
      rest.push(item);
      continue;
    }
    const rule = ruleVerdict(match.belief.statement, item.source.text);
    const verdict = rule?.classification ?? 'supports';
    const key = `${match.belief.slot}/${verdict}`;
    const attachment = byKey.get(key) ?? { belief: match.belief, verdict, episodes: [], why: [] };
    attachment.episodes.push(item);
    attachment.why.push(rule?.reasoning ?? `resembles its episodes (average similarity ${match.average.toFixed(2)})`);
    byKey.set(key, attachment);
  }
  return { attachments: [...byKey.values()], rest };
}

/** One transaction per belief: the evidence and the episodes' marks stand or fall together. */
export function commitAttachment(ctx: RunContext, model: BeliefModel, attachment: Attachment): void {
  const label = `${attachment.episodes.length} episodes for ${attachment.belief.id ?? 'a new belief'}`;
  ctx.atomically(() => {
    const gone = ctx.dryRun ? null : model.leftPlay([attachment.belief]);
    if (gone !== null) {
      ctx.skip(label, gone);
      return;
    }
    ctx.commit(() => insertMarks(ctx.mind.store.db, attachment.episodes.map((e) => e.record.seq), 'cluster', ctx.runId));
    const ids = attachment.episodes.map((e) => e.record.id);
    const why = [...new Set(attachment.why)].join('; ');
    if (attachment.verdict === 'supports') support(ctx, model, attachment.belief, ids, why);
    else if (attachment.verdict === 'contradicts') contradict(ctx, model, attachment.belief, ids, why);
    else partial(ctx, model, attachment.belief, ids, why);
  });
}
