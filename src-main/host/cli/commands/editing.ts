/**
 * `undo [JOURNAL_ENTRY]`: takes back an action (the last one by `user` when none is named; naming
 * an undo's entry redoes). `review`: the review queue, as JSON, in priority order.
 */
import { listReviewQueue } from '../../../consolidation/review/queue';
import { undoAction } from '../../../mind/undo';
import type { MindCommand } from '../command';
import { json } from '../output';
import { UsageError } from '../usage-error';

export const undoCommand: MindCommand = {
  kind: 'mind',
  name: 'undo',
  usage: 'undo [JOURNAL_ENTRY]',
  summary:
    'Undo the last action by user (or the action journal entry N belongs to) with new journal entries restoring the state before it; naming an undo redoes. Refused, changing nothing, when what it touched changed since.',
  positionals: [],
  optionalPositionals: ['JOURNAL_ENTRY'],
  options: {},
  run(mind, input) {
    const [entry] = input.args;
    const seq = entry === undefined ? null : Number(entry);
    if (seq !== null && !Number.isInteger(seq)) throw new UsageError(`JOURNAL_ENTRY is a journal entry's number (got "${entry}").`);
    const result = undoAction(mind, seq, { actor: 'user' });
    if (input.json) return json(result);
    return `${result.redo ? 'Redid' : 'Undid'} ${result.summary} (entry ${result.undone}); undo entry ${result.action} to take that back.`;
  },
};

export const reviewCommand: MindCommand = {
  kind: 'mind',
  name: 'review',
  usage: 'review [--limit N] [--cursor C]',
  summary:
    'The review queue as JSON: memories waiting for review and pending proposals, by (1 + evidence) × confidence, then oldest first. Approve or reject by id.',
  positionals: [],
  options: { limit: { type: 'string' }, cursor: { type: 'string' } },
  run(mind, input) {
    return json(listReviewQueue(mind, { limit: input.options.integer('limit') ?? 50, cursor: input.options.string('cursor') ?? null }));
  },
};
