/** Why consolidation drafted a belief (consolidation/explanation.ts), for the memory page and the review queue. */
import { getBeliefExplanation } from '../consolidation/explanation';
import type { ApiContext, HandlerSlice } from './handler-table';

export function explainCalls(ctx: ApiContext): HandlerSlice<'memories.explain'> {
  return {
    'memories.explain': ({ id }) => ({ explanation: getBeliefExplanation(ctx.session.mind(), id) }),
  };
}
