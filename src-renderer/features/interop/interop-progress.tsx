/** Following an import or export through its `interop.progress` events: a line with a bar while it runs. */
import { useEffect, useState } from 'react';
import type { EventPayload } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { count, percent } from '../../components/format';

export type InteropProgress = EventPayload<'interop.progress'>;

/** The import or export running now, or null. */
export function useInteropProgress(): InteropProgress | null {
  const api = useApi();
  const [current, setCurrent] = useState<InteropProgress | null>(null);
  useEffect(
    () =>
      api.subscribe((signal) => {
        if (signal.type !== 'interop.progress') return;
        setCurrent(signal.payload.stage === 'running' ? signal.payload : null);
      }),
    [api],
  );
  return current;
}

export function InteropProgressLine({ progress, label }: { progress: InteropProgress | null; label: string }) {
  const fraction = progress === null || progress.total === null || progress.total === 0 ? null : progress.done / progress.total;
  return (
    <div className="backup-progress" role="status" aria-live="polite">
      <span>
        {label} {fraction === null ? (progress === null ? '' : `${count(progress.done)} rows`) : `${percent(fraction)} (${count(progress?.done ?? 0)} of ${count(progress?.total ?? 0)} rows)`}
      </span>
      <progress max={1} value={fraction ?? undefined} aria-label={`${label} progress`} />
    </div>
  );
}
