/** `mindloom timeline ID`: a memory's confidence events from the journal, as JSON (the Timeline tab's data). */
import { expandTimeline } from '../../../../shared/timeline-events';
import { getTimeline } from '../../../mind/timeline';
import type { MindCommand } from '../command';
import { json } from '../output';

export const timelineCommand: MindCommand = {
  kind: 'mind',
  name: 'timeline',
  usage: 'timeline ID [--as-of ISO] [--limit N]',
  summary:
    'A memory\'s confidence events as JSON, oldest first: stored confidence before/after, α/β, the cause (reinforced, contradicted, verified, edited, superseded, reviewed...) and the memory behind it, who and why; --as-of stops at a past instant.',
  positionals: ['ID'],
  options: { 'as-of': { type: 'string' }, limit: { type: 'string' } },
  run(mind, input) {
    return json(expandTimeline(getTimeline(mind, input.args[0] as string, { asOf: input.options.isoTime('as-of'), limit: input.options.integer('limit') })));
  },
};
