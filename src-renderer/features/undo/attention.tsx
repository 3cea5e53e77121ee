/**
 * What the shell adds for editing: the counts beside Review, Inbox and Contradictions in the
 * navigation, and `u` anywhere (away from fields and dialogs) undoing the last action.
 */
import { useQuery } from '@tanstack/react-query';
import type { Attention } from '../../../shared/contract/editing';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { count } from '../../components/format';
import { useShortcuts } from '../../components/keys';
import { useUndo } from './use-undo';

export type AttentionKey = Exclude<keyof Attention, 'stale'>;

const WAITING: Record<AttentionKey, string> = { review: 'waiting', inbox: 'unprocessed', openContradictions: 'open' };

/** The number is visible; the words after it are for screen readers ("Review 12 waiting"). */
export function AttentionCount({ which }: { which: AttentionKey }) {
  const api = useApi();
  const counts = useQuery(editingQueries.attention(api));
  const n = counts.data?.[which];
  if (n === undefined || n === 0) return null;
  return (
    <span className="nav-count" data-testid={`nav-count-${which}`}>
      {' '}
      {count(n)}
      <span className="visually-hidden"> {WAITING[which]}</span>
    </span>
  );
}

export function useUndoKey(): void {
  const { undo } = useUndo();
  useShortcuts({ u: () => void undo() });
}
