/**
 * Reverting a consolidation run, wherever it is offered (the interrupted-run banner, the run
 * history): what the run changed goes back, every view that shows it refreshes, and a toast says
 * how many memories went back and how many were left because someone changed them since. The
 * revert is one action, so the toast offers Undo like any other change (and `u` takes it back).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/client';
import { KEYS } from '../../api/queries';
import { words } from '../../components/format';
import { useToast } from '../../components/toasts';
import { useUndo } from '../undo/use-undo';

/** Conflicting memories a revert's toast names. */
const MAX_NAMED = 3;

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
      const memories = (n: number) => `${n} ${n === 1 ? 'memory' : 'memories'}`;
      // Which ones, and what changed them, so the person can look (the first few: a toast is short).
      const named = result.conflicts
        .slice(0, MAX_NAMED)
        .map((c) => `${c.memoryId} (${words(c.laterChange.op)} by ${c.laterChange.actor})`)
        .join(', ');
      const more = left > MAX_NAMED ? ` and ${left - MAX_NAMED} more` : '';
      const kept = left === 0 ? '' : ` ${memories(left)} changed since ${left === 1 ? 'was left as it is' : 'were left as they are'}: ${named}${more}.`;
      done(`Reverted what ${runId} did to ${memories(result.reverted)}.${kept}`, result.action);
    },
    onError: (error) => toast.error(error, 'Could not revert the run'),
  });
}
