/**
 * Reverting a consolidation run, wherever it is offered (the interrupted-run banner, the run
 * history): what the run changed goes back, every view that shows it refreshes, and a toast says
 * how many memories went back and how many were left because someone changed them since.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/client';
import { refreshEditing } from '../../api/editing-queries';
import { KEYS } from '../../api/queries';
import { useToast } from '../../components/toasts';

export function useRevertRun(runId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => api.call('consolidation.revert', { runId }),
    onSuccess: (result) => {
      for (const key of [KEYS.consolidation, KEYS.overview, KEYS.memories]) void queryClient.invalidateQueries({ queryKey: key });
      refreshEditing(queryClient);
      const left = result.conflicts.length;
      toast.success(
        `Reverted ${result.reverted} change${result.reverted === 1 ? '' : 's'} of ${runId}.${left > 0 ? ` ${left} changed since by someone else were left as they are.` : ''}`,
      );
    },
    onError: (error) => toast.error(error, 'Could not revert the run'),
  });
}
