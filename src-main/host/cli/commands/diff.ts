/** `mindloom diff`: what happened to the mind between two instants, as JSON. */
import { DIFF_CATEGORIES, type DiffCategory } from '../../../../shared/mind-diff';
import { getDiffCounts, getDiffPage } from '../../../mind/mind-diff';
import type { MindCommand } from '../command';
import { json } from '../output';
import { UsageError } from '../usage-error';

export const diffCommand: MindCommand = {
  kind: 'mind',
  name: 'diff',
  usage: 'diff --from ISO [--to ISO] [--category C] [--limit N] [--cursor C]',
  summary: `What changed between two instants (to defaults to now) as JSON: counts per category (${DIFF_CATEGORIES.join(', ')}) and, for each or only --category C, its first --limit memories (default 20) with what happened; --cursor continues a category's list.`,
  positionals: [],
  options: { from: { type: 'string' }, to: { type: 'string' }, category: { type: 'string' }, limit: { type: 'string' }, cursor: { type: 'string' } },
  run(mind, input) {
    const from = input.options.isoTime('from');
    if (from === undefined) throw new UsageError('diff needs --from ISO (the start of the window).');
    const to = input.options.isoTime('to') ?? mind.now();
    const chosen = input.options.string('category');
    if (chosen !== undefined && !(DIFF_CATEGORIES as readonly string[]).includes(chosen)) {
      throw new UsageError(`--category must be one of ${DIFF_CATEGORIES.join(', ')}, not "${chosen}".`);
    }
    const cursor = input.options.string('cursor');
    if (cursor !== undefined && chosen === undefined) throw new UsageError('--cursor continues one list: give --category too.');
    const limit = input.options.integer('limit') ?? 20;
    const summary = getDiffCounts(mind, { from, to });
    const categories = chosen === undefined ? DIFF_CATEGORIES : [chosen as DiffCategory];
    const lists = Object.fromEntries(
      categories.map((category) => {
        const page = getDiffPage(mind, { from, to, category, limit, cursor });
        return [category, { items: page.items, nextCursor: page.nextCursor }];
      }),
    );
    return json({ ...summary, lists });
  },
};
