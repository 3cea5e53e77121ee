/** The consolidation run history: runs newest first, and one run's changeset (reverting is a trust call). */
import type { RUN_CALLS } from '../../shared/contract/runs';
import { getRunChangeset, listRunHistory } from '../mind/run-history';
import type { ApiContext, HandlerSlice } from './handler-table';

type RunCall = keyof typeof RUN_CALLS;

export function runCalls(ctx: ApiContext): HandlerSlice<RunCall> {
  const mind = () => ctx.session.mind();
  return {
    'runs.list': (request) => listRunHistory(mind(), { limit: request?.limit, cursor: request?.cursor }),
    'runs.changeset': ({ runId, limit, after }) => getRunChangeset(mind(), runId, { limit, after }),
  };
}
