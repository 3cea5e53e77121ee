/** A set of selected ids for bulk decisions: toggled one at a time (x, a checkbox), all at once, or cleared. */
import { useCallback, useMemo, useState } from 'react';

export interface Selection {
  selected: ReadonlySet<string>;
  toggle(id: string): void;
  selectAll(ids: readonly string[]): void;
  clear(): void;
}

export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const selectAll = useCallback((ids: readonly string[]) => setSelected(new Set(ids)), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(() => ({ selected, toggle, selectAll, clear }), [selected, toggle, selectAll, clear]);
}
