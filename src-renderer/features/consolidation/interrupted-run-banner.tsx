/**
 * A consolidation run whose process ended before it finished (killed, crashed, the machine lost
 * power) is found and marked interrupted by the next open of the mind. The Overview and Settings
 * say so while it is the last run and not reverted, with what it had committed and a Revert; the
 * next run resumes from the checkpoint either way.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { RunInfo } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { consolidationQueries } from '../../api/queries';
import { TimeAgo } from '../../components/time-ago';
import '../../styles/trust.css';
import { useRevertRun } from './use-revert-run';

export function InterruptedRunBanner({ run }: { run: RunInfo | null | undefined }) {
  if (!run || run.status !== 'interrupted' || run.revertedAt !== null) return null;
  return <Banner run={run} />;
}

/** The banner for the last run as the consolidation status reports it (Settings). */
export function LastRunInterruptedBanner() {
  const api = useApi();
  const status = useQuery(consolidationQueries.status(api));
  return <InterruptedRunBanner run={status.data?.lastRun} />;
}

function Banner({ run }: { run: RunInfo }) {
  const titleId = useId();
  const revert = useRevertRun(run.id);
  return (
    <section className="banner banner-warn" aria-labelledby={titleId} data-testid="interrupted-run">
      <div>
        <strong id={titleId} className="banner-title">
          A consolidation run was interrupted
        </strong>
        <p>
          Run <code>{run.id}</code> ({run.trigger}, started <TimeAgo iso={run.startedAt} />) stopped before it finished.
        </p>
        {run.error !== null && <p className="dim">{run.error}</p>}
      </div>
      <div className="actions">
        <button type="button" className="primary" onClick={() => revert.mutate()} disabled={revert.isPending}>
          {revert.isPending ? 'Reverting…' : 'Revert its changes'}
        </button>
      </div>
    </section>
  );
}
