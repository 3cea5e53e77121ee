/** The toolbar above a list whose items can be decided together: what is selected, and what to do with it. */
import type { ReactNode } from 'react';
import type { Selection } from './use-selection';

interface Props {
  label: string;
  /** What to say while nothing is selected. */
  hint: string;
  selection: Selection;
  /** Every id loaded in the list ("select all" takes these). */
  ids: readonly string[];
  /** The decisions, shown once something is selected. */
  children: ReactNode;
}

export function BulkBar({ label, hint, selection, ids, children }: Props) {
  const { selected, selectAll, clear } = selection;
  return (
    <div className="bulk-bar" role="toolbar" aria-label={label}>
      <span>{selected.size === 0 ? hint : `${selected.size} selected`}</span>
      <button type="button" onClick={() => selectAll(ids)}>
        Select all {ids.length} loaded
      </button>
      {selected.size > 0 && (
        <>
          {children}
          <button type="button" onClick={clear}>
            Clear selection
          </button>
        </>
      )}
    </div>
  );
}
