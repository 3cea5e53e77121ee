/**
 * Reverting a consolidation run, wherever it is offered (the interrupted-run banner, the run
 * history): what the run changed goes back, every view that shows it refreshes, and a toast says
 * how many memories went back and how many were left because someone changed them since. The
 * revert is one action, so the toast offers Undo like any other change (and `u` takes it back).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/client';
import { KEYS } from '../../api/queries';
import { useToast } from '../../components/toasts';
import { useUndo } from '../undo/use-undo';

export function useRevertRun(runId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { done, refresh } = useUndo();
  return useMutation({
    mutationFn: () => api.call('consolidation.revert', { runId }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: KEYS.consolidation });
      refresh();
      const left = result.conflicts.length;
      done(
        `Reverted ${result.reverted} change${result.reverted === 1 ? '' : 's'} of ${runId}.${left > 0 ? ` ${left} changed since by someone else were left as they are.` : ''}`,
        result.action,
      );
    },
    onError: (error) => toast.error(error, 'Could not revert the run'),
  });
}
