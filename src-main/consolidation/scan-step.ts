/**
 * The store-wide rule contradiction scan at the end of a run (mind/contradictions). A real run
 * records what it finds under its run id. A dry run cannot write, so it predicts what the scan
 * would add for the beliefs the run creates: each new statement against the active beliefs (the
 * same neighbour search the scan uses) and against the other new statements. Pairs among beliefs
 * that already existed and were never scanned are found by a real run only.
 */
import { detectContradiction } from '../../shared/rules/contradiction';
import { journalOfRun } from '../store/consolidation-runs-repo';
import { detectContradictionsFor, scanContradictions } from '../mind/contradictions';
import type { BeliefModel } from './belief-model';
import type { RunContext } from './run-context';

function pairSummary(kind: string, a: string, b: string): string {
  const [first, second] = [a, b].sort();
  return `${kind} contradiction between "${first}" and "${second}"`;
}

export function scanStep(ctx: RunContext, model: BeliefModel): void {
  ctx.progress('scan', 0, 1);
  if (!ctx.dryRun) {
    const result = scanContradictions(ctx.mind, { actor: ctx.actor, runId: ctx.runId });
    ctx.counts.contradictionsRecorded = result.recorded;
    for (const row of journalOfRun(ctx.mind.store.db, ctx.runId)) {
      if (row.op !== 'contradiction_detected') continue;
      const other = row.after?.with;
      const a = model.find(row.memoryId ?? '')?.statement ?? row.memoryId ?? '';
      const b = (typeof other === 'string' && model.find(other)?.statement) || String(other);
      ctx.act('contradiction_detected', null, pairSummary(String(row.after?.kind), a, b));
    }
  } else {
    const created = model.all().filter((b) => b.newKey !== null && b.active);
    const seen = new Set<string>();
    for (const [i, belief] of created.entries()) {
      for (const match of detectContradictionsFor(ctx.mind, belief.statement)) {
        const key = pairSummary(match.kind, belief.statement, match.belief.content);
        if (!seen.has(key)) ctx.act('contradiction_detected', null, key);
        seen.add(key);
      }
      for (const other of created.slice(i + 1)) {
        const rule = detectContradiction(belief.statement, other.statement);
        if (rule) ctx.act('contradiction_detected', null, pairSummary(rule.kind, belief.statement, other.statement));
      }
    }
  }
  ctx.progress('scan', 1, 1);
}
