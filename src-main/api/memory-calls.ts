/** The memory calls: browse, search, inspect, and the edits a person makes by hand. */
import { isMindError, MindError } from '../../shared/errors';
import { verifyMemory } from '../mind/confidence-ops';
import { editMemory } from '../mind/edit';
import { getHistory } from '../mind/history';
import { archiveMemory, restoreMemory, setProtected } from '../mind/lifecycle';
import { listMemories } from '../mind/list';
import { getMemoryView, type MemoryView } from '../mind/memory-view';
import { searchMind } from '../mind/search';
import type { ApiContext, HandlerSlice } from './handler-table';
import { highlightedSnippet } from './snippet';

type MemoryCall =
  | 'memories.list'
  | 'memories.search'
  | 'memories.get'
  | 'memories.history'
  | 'memories.edit'
  | 'memories.archive'
  | 'memories.restore'
  | 'memories.setProtected'
  | 'memories.verify';

const BY_HAND = { actor: 'user' } as const;

/** The contract's ISO instant as the mind's epoch ms. */
export const epochMs = (at: string | undefined) => (at === undefined ? undefined : Date.parse(at));

export function memoryCalls(ctx: ApiContext): HandlerSlice<MemoryCall> {
  const mind = () => ctx.session.mind();
  /** Runs a write, tells every window, and answers with the memory as it now stands. */
  const write = (id: string, work: () => unknown): MemoryView => {
    work();
    ctx.changed([id]);
    return getMemoryView(mind(), id);
  };

  return {
    'memories.list': (request) => listMemories(mind(), { ...request, asOf: epochMs(request.asOf) }),
    'memories.search': ({ query, limit }) => {
      const page = searchMind(mind(), query, { limit });
      return { ...page, items: page.items.map((hit) => ({ ...hit, snippet: highlightedSnippet(hit.snippet) })) };
    },
    'memories.get': ({ id, asOf }) => getMemoryView(mind(), id, { asOf: epochMs(asOf) }),
    'memories.history': ({ id, limit }) => getHistory(mind(), id, { limit, newestFirst: true }),
    'memories.edit': ({ id, expectedVersion, ...edit }) => {
      try {
        return write(id, () => editMemory(mind(), id, edit, { ...BY_HAND, expectedVersion }));
      } catch (error) {
        // The person's form is stale: hand back what is stored now, so they can redo the edit on it.
        if (isMindError(error) && error.code === 'version_conflict') {
          throw new MindError('version_conflict', error.message, { ...error.details, current: getMemoryView(mind(), id) });
        }
        throw error;
      }
    },
    'memories.archive': ({ id, expectedVersion }) => write(id, () => archiveMemory(mind(), id, { ...BY_HAND, expectedVersion })),
    'memories.restore': ({ id, expectedVersion }) => write(id, () => restoreMemory(mind(), id, { ...BY_HAND, expectedVersion })),
    'memories.setProtected': ({ id, protected: value }) => write(id, () => setProtected(mind(), id, value, BY_HAND)),
    'memories.verify': ({ id, evidence }) => write(id, () => verifyMemory(mind(), id, { evidence }, BY_HAND)),
  };
}
