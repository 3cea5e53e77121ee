/** The mind diff calls: counts and pages of what changed between two instants. */
import type { MIND_DIFF_CALLS } from '../../shared/contract/mind-diff';
import { getDiffCounts, getDiffPage } from '../mind/mind-diff';
import type { ApiContext, HandlerSlice } from './handler-table';
import { epochMs } from './memory-calls';

type MindDiffCall = keyof typeof MIND_DIFF_CALLS;

export function mindDiffCalls(ctx: ApiContext): HandlerSlice<MindDiffCall> {
  const mind = () => ctx.session.mind();
  return {
    'diff.counts': ({ from, to }) => getDiffCounts(mind(), { from: Date.parse(from), to: epochMs(to) }),
    'diff.page': ({ from, to, category, cursor, limit }) =>
      getDiffPage(mind(), { from: Date.parse(from), to: epochMs(to), category, cursor, limit }),
  };
}
