/**
 * Backups in the window: starting one, and following any backup the main process writes (asked
 * for here, from the desktop menu, or the daily one) through its `backup.progress` events: a
 * progress bar while it runs, a notice when it is done. A backup asked for here reports a failure
 * where it was asked; a daily one that fails says so in a notice, since nobody is watching it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CallRequest, EventPayload } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { backupsKey } from '../../api/trust-queries';
import { percent } from '../../components/format';
import { useToast } from '../../components/toasts';

export type BackupProgress = EventPayload<'backup.progress'>;

export function useBackUp() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NonNullable<CallRequest<'mind.backup'>>) => api.call('mind.backup', request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** The backup being written now (any), or null. */
export function useBackupProgress(): BackupProgress | null {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [current, setCurrent] = useState<BackupProgress | null>(null);
  useEffect(
    () =>
      api.subscribe((signal) => {
        if (signal.type !== 'backup.progress') return;
        const progress = signal.payload;
        if (progress.stage === 'done' || progress.stage === 'failed') {
          setCurrent(null);
          void queryClient.invalidateQueries({ queryKey: backupsKey });
          if (progress.stage === 'done') toast.success(`Backed up to ${progress.path}${progress.message ? ` (${progress.message})` : ''}.`);
          else if (progress.automatic) toast.show({ kind: 'error', title: 'The daily backup failed', message: progress.message ?? progress.path });
        } else {
          setCurrent(progress);
        }
      }),
    [api, queryClient, toast],
  );
  return current;
}

/** What a backup is doing, as a line with a bar. */
export function BackupProgressLine({ progress }: { progress: BackupProgress }) {
  const fraction = progress.total === 0 ? 0 : progress.done / progress.total;
  return (
    <div className="backup-progress" role="status" aria-live="polite">
      <span>{progress.stage === 'copy' ? `Backing up… ${percent(fraction)}` : 'Checking the copy…'}</span>
      <progress max={1} value={progress.stage === 'copy' ? fraction : undefined} aria-label="Backup progress" />
    </div>
  );
}
