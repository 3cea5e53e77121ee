/** The trust calls: forgetting for good, reverting a run, backups, and the health check. */
import type { TRUST_CALLS } from '../../shared/contract/trust';
import { readSettings } from '../consolidation/settings-store';
import { revertRun } from '../consolidation/revert';
import { backupFolderOf, listBackups } from '../mind/backup-folder';
import { checkMind, checkMindFile } from '../mind/check';
import { forgetConfirmed, getForgetImpact } from '../mind/forget-impact';
import { getMemoryView } from '../mind/memory-view';
import { ownFileOf, refuseOwnFile } from '../mind/own-files';
import type { ApiContext, HandlerSlice } from './handler-table';

type TrustCall = keyof typeof TRUST_CALLS;

export function trustCalls(ctx: ApiContext): HandlerSlice<TrustCall> {
  const mind = () => ctx.session.mind();
  return {
    'memories.forgetImpact': ({ id }) => getForgetImpact(mind(), id),
    'memories.forget': ({ id, expectedVersion, confirmation, reason }) => {
      const result = forgetConfirmed(mind(), id, confirmation, { actor: 'user', reason, expectedVersion });
      ctx.changed([id, ...result.affected]);
      return { view: getMemoryView(mind(), id), logCleared: result.logCleared, affected: result.affected };
    },
    'consolidation.revert': ({ runId }) => {
      const result = revertRun(mind(), runId, { actor: 'user' });
      ctx.changed([...result.memoryIds]);
      return { runId: result.runId, reverted: result.reverted, conflicts: [...result.conflicts], action: result.action };
    },
    'mind.backup': async (request) => {
      let path = request?.path ?? null;
      if (path === null && ctx.platform.pickFile) {
        path = await ctx.platform.pickFile('backup');
        // The person cancelled the dialog.
        if (path === null) return null;
      }
      return ctx.backups.backUp(path, { overwrite: request?.overwrite });
    },
    'mind.backups': () => {
      const open = mind();
      const settings = readSettings(open).backup;
      return { folder: backupFolderOf(open.store.path, settings), backups: listBackups(open.store.path, settings) };
    },
    'mind.check': (request) => {
      const repair = request?.repair ?? false;
      const open = ctx.session.status().state === 'open' ? mind() : null;
      // A path naming the open mind checks it as it is open; one of its companions (-wal, -shm) is no mind to check.
      const checksOpenMind = request?.path === undefined || (open !== null && ownFileOf(open.store.path, request.path) === 'mind');
      if (!checksOpenMind && open !== null) refuseOwnFile(open.store.path, request.path as string, 'as a mind to check');
      if (!checksOpenMind) return checkMindFile(request.path as string, { repair });
      const report = checkMind(mind(), { repair });
      if (report.repaired) ctx.changed([]);
      return report;
    },
  };
}
