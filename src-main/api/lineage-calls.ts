/** The Lineage view's graph (mind/lineage.ts): a memory's ancestors and dependents, and expanding one node. */
import { expandLineage, getLineageView } from '../mind/lineage';
import type { ApiContext, HandlerSlice } from './handler-table';
import { epochMs } from './memory-calls';

export function lineageCalls(ctx: ApiContext): HandlerSlice<'memories.lineage' | 'memories.lineageExpand'> {
  return {
    'memories.lineage': ({ id, asOf, ...options }) => getLineageView(ctx.session.mind(), id, { ...options, asOf: epochMs(asOf) }),
    'memories.lineageExpand': ({ id, asOf, ...options }) => expandLineage(ctx.session.mind(), id, { ...options, asOf: epochMs(asOf) }),
  };
}
