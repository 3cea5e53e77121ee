/** Live refresh: where changed memories now sit in a list a window has loaded. */
import { locateInList } from '../mind/locate';
import type { ApiContext, HandlerSlice } from './handler-table';

export function liveCalls(ctx: ApiContext): HandlerSlice<'memories.locate'> {
  return {
    'memories.locate': (request) => ({ placements: locateInList(ctx.session.mind(), request) }),
  };
}
