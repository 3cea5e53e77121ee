/** Code-grounded memories for the app: Settings → Code, the check, the memory page's references (their diff, Re-verify), the Overview's count. */
import type { CODE_REF_CALLS, CodeRepoView } from '../../shared/contract/code-refs';
import { checkRefs } from '../mind/code-refs/check-refs';
import { refDiff } from '../mind/code-refs/ref-diff';
import { addRepo, type CodeRepoView as RepoRecord, listRepos, removeRepo } from '../mind/code-refs/repos';
import { reverifyRef } from '../mind/code-refs/reverify';
import { staleRefsOf } from '../mind/code-refs/stale-refs';
import { isoTime } from '../mind/iso-time';
import { getMemoryView } from '../mind/memory-view';
import { runAction } from '../mind/undo';
import type { ApiContext, HandlerSlice } from './handler-table';

const BY_HAND = { actor: 'user' } as const;

const repoView = (repo: RepoRecord): CodeRepoView => ({
  ...repo,
  addedAt: isoTime(repo.addedAt),
  checkedAt: repo.checkedAt === null ? null : isoTime(repo.checkedAt),
});

export function codeRefCalls(ctx: ApiContext): HandlerSlice<keyof typeof CODE_REF_CALLS> {
  const mind = () => ctx.session.mind();
  return {
    'codeRefs.repos': () => ({ repos: listRepos(mind()).map(repoView) }),
    'codeRefs.addRepo': ({ path }) => {
      const added = addRepo(mind(), path, BY_HAND.actor);
      return { repo: repoView(added.repo), anchored: added.anchored, action: added.action };
    },
    'codeRefs.removeRepo': ({ path }) => {
      const removed = removeRepo(mind(), path, BY_HAND.actor);
      ctx.changed([]);
      return removed;
    },
    'codeRefs.check': () => {
      const result = checkRefs(mind(), BY_HAND);
      if (result.changes.length > 0) ctx.changed([...new Set(result.changes.map((c) => c.memoryId))]);
      return result;
    },
    'codeRefs.stale': (request) => staleRefsOf(mind(), request?.limit ?? 100),
    'codeRefs.reverify': ({ id, refSeq, expectedVersion }) => {
      const { result, action } = runAction(mind(), () => reverifyRef(mind(), id, refSeq, { ...BY_HAND, expectedVersion }));
      ctx.changed([result.id]);
      return { memory: getMemoryView(mind(), result.id), action };
    },
    'codeRefs.diff': ({ id, refSeq }) => refDiff(mind(), id, refSeq),
  };
}
