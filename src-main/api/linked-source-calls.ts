/** Settings → Linked sources: the sources a mind keeps importing from, with when each last synced and what came in. */
import type { LINKED_SOURCE_CALLS } from '../../shared/contract/linked-sources';
import { linkedSourcesOf, unlinkSource } from '../interop/follow/linked-sources';
import type { ApiContext, HandlerSlice } from './handler-table';

export function linkedSourceCalls(ctx: ApiContext): HandlerSlice<keyof typeof LINKED_SOURCE_CALLS> {
  return {
    'sources.list': () => ({ sources: linkedSourcesOf(ctx.session.mind()) }),
    'sources.unlink': ({ system, path }) => ({ unlinked: unlinkSource(ctx.session.mind(), system, path) }),
  };
}
