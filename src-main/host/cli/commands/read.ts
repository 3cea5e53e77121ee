/** Commands that read one memory or the whole mind and always answer in JSON (machines read them). */
import { getBeliefExplanation } from '../../../consolidation/explanation';
import { getHistory } from '../../../mind/history';
import { getLineage, type LineageDirection } from '../../../mind/lineage';
import { getMemoryView } from '../../../mind/memory-view';
import { getStats } from '../../../mind/stats';
import type { MindCommand } from '../command';
import { json } from '../output';
import { UsageError } from '../usage-error';

export const showCommand: MindCommand = {
  kind: 'mind',
  name: 'show',
  usage: 'show ID [--as-of ISO]',
  summary:
    'One memory as JSON: confidence (stored and effective), tier and why, provenance, and for a belief consolidation drafted, why (its episodes, their similarity, shared words, threshold); --as-of for the past.',
  positionals: ['ID'],
  options: { 'as-of': { type: 'string' } },
  run(mind, input) {
    // The view resolves an origin id (`kernle:UUID`) to the memory; the explanation takes its own id.
    const view = getMemoryView(mind, input.args[0] as string, { asOf: input.options.isoTime('as-of') });
    return json({ ...view, explanation: getBeliefExplanation(mind, view.id) });
  },
};

export const lineageCommand: MindCommand = {
  kind: 'mind',
  name: 'lineage',
  usage: 'lineage ID [--up|--down|--both] [--depth N]',
  summary: 'Ancestors (--up), dependents (--down) or both, as JSON {nodes, edges}.',
  positionals: ['ID'],
  options: { up: { type: 'boolean' }, down: { type: 'boolean' }, both: { type: 'boolean' }, depth: { type: 'string' } },
  run(mind, input) {
    const chosen = (['up', 'down', 'both'] as const).filter((d) => input.options.flag(d));
    if (chosen.length > 1) throw new UsageError('Choose one of --up, --down, --both.');
    const direction: LineageDirection = chosen[0] ?? 'both';
    return json(getLineage(mind, input.args[0] as string, { direction, depth: input.options.integer('depth') ?? null }));
  },
};

export const historyCommand: MindCommand = {
  kind: 'mind',
  name: 'history',
  usage: 'history ID',
  summary: 'Every journaled change to a memory as JSON: who, what, fields and confidence before/after, why.',
  positionals: ['ID'],
  options: {},
  run(mind, input) {
    return json(getHistory(mind, input.args[0] as string));
  },
};

export const statsCommand: MindCommand = {
  kind: 'mind',
  name: 'stats',
  usage: 'stats',
  summary: 'Counts as JSON: total, byType, byStatus, pendingReview, openContradictions, journalEntries.',
  positionals: [],
  options: {},
  run(mind) {
    return json(getStats(mind));
  },
};
