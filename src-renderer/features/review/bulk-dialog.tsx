/**
 * A bulk decision: the summary of exactly what it will change (the server's dry run of the same
 * work) comes first; nothing changes until the person confirms. A rejection asks its reason.
 * The versions decided on are fixed when the dialog opens (the ones first seen, where the person
 * looked at an item): an item an agent changes before the confirmation is a conflict, not a
 * decision on words nobody read.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { QueueItem } from '../../../shared/contract/review';
import { useApi } from '../../api/client';
import { describeError } from '../../api/errors';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem } from '../../components/form-parts';
import { EMPTY_REASON, ReasonField } from './review-dialogs';

export type BulkAction = 'approve' | 'reject';

/** An item as a bulk decision names it: a memory with the version decided on. */
export interface BulkItem {
  id: string;
  expectedVersion?: number;
}

interface Props {
  action: BulkAction;
  items: readonly QueueItem[];
  /** The version each memory was first seen at, where known. */
  seen: ReadonlyMap<string, number>;
  busy: boolean;
  onConfirm(reason: string | undefined, items: readonly BulkItem[]): void;
  onClose(): void;
}

export function BulkDialog({ action, items, seen, busy, onConfirm, onClose }: Props) {
  const api = useApi();
  const [requested] = useState<readonly BulkItem[]>(() =>
    items.map((item) => (item.kind === 'memory' ? { id: item.id, expectedVersion: seen.get(item.id) ?? item.memory.version } : { id: item.id })),
  );
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: ['bulk-preview', action, requested],
    // The summary does not depend on the reason; a placeholder lets the dry run of a rejection run.
    queryFn: () => api.call('review.bulk', { action, items: [...requested], dryRun: true, reason: action === 'reject' ? 'preview' : undefined }),
    gcTime: 0,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action === 'reject' && reason.trim() === '') {
      setProblem(EMPTY_REASON);
      return;
    }
    onConfirm(action === 'reject' ? reason.trim() : undefined, requested);
  };
  const verb = action === 'approve' ? 'Approve' : 'Reject';
  return (
    <Dialog title={`${verb} ${items.length} selected`} onClose={onClose} describedBy="bulk-summary">
      <form onSubmit={submit} noValidate>
        <section id="bulk-summary" aria-label="What will change" aria-live="polite" className="bulk-summary">
          <h3>What will change</h3>
          {preview.isPending ? (
            <p className="dim">Working out what it will change…</p>
          ) : preview.isError ? (
            <FormProblem problem={describeError(preview.error).message} />
          ) : (
            <ul>
              {preview.data.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <p className="dim">Nothing changes until you confirm; one Undo takes all of it back.</p>
        </section>
        {action === 'reject' && <ReasonField value={reason} onChange={setReason} problem={problem} />}
        <FormButtons
          submit={`${verb} ${requested.length}`}
          danger={action === 'reject'}
          busy={busy}
          disabled={!preview.isSuccess}
          autoFocus={action === 'approve'}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
