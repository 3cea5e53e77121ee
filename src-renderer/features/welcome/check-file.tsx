/**
 * On the screen of a mind that did not open as damaged: check the file (SQLite's integrity check
 * and the mind's own invariants), and where what is wrong can be derived from the rows, repair it
 * and open the mind. What cannot be derived is said plainly: restore a backup.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionStatus } from '../../../shared/contract';
import type { CheckReport } from '../../../shared/contract/trust';
import { useApi } from '../../api/client';
import { forgetTheMind } from '../../api/live-updates';
import { sessionQueries } from '../../api/queries';
import { hrefOf, navigate } from '../../app/router';
import { FormError } from '../../components/form-error';
import '../../styles/trust.css';

export function CheckFile({ path }: { path: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const check = useMutation({ mutationFn: (repair: boolean) => api.call('mind.check', { path, repair }) });
  const reopen = useMutation({
    mutationFn: () => api.call('session.open', { path }),
    onSuccess: (status: SessionStatus) => {
      queryClient.setQueryData(sessionQueries.status(api).queryKey, status);
      forgetTheMind(queryClient);
      if (status.state === 'open') navigate(hrefOf.overview());
    },
  });
  const report = check.data;
  const repairable = report?.checks.some((c) => !c.ok && c.repairable) ?? false;
  return (
    <section className="check-file" aria-labelledby="check-file-title">
      <h2 id="check-file-title">Check this file</h2>
      <p>Mindloom can look at what is wrong with it, and repair what can be rebuilt from what is left (counts, the search index, unfinished runs).</p>
      <div className="actions">
        <button type="button" onClick={() => check.mutate(false)} disabled={check.isPending}>
          {check.isPending && check.variables === false ? 'Checking…' : 'Check the file'}
        </button>
        {report !== undefined && repairable && (
          <button type="button" className="primary" onClick={() => check.mutate(true, { onSuccess: (repaired) => repaired.ok && reopen.mutate() })} disabled={check.isPending}>
            Repair and open
          </button>
        )}
      </div>
      <FormError error={check.error ?? reopen.error} />
      {report !== undefined && <CheckReportView report={report} />}
    </section>
  );
}

export function CheckReportView({ report }: { report: CheckReport }) {
  const failing = report.checks.filter((c) => !c.ok);
  return (
    <div className="check-report" data-testid="check-report">
      <p role="status">
        {report.ok
          ? report.repaired
            ? 'Repaired: every check passes now.'
            : 'Every check passes.'
          : `${failing.length} of ${report.checks.length} checks found problems${report.opened ? '' : ' (the file does not open as a mind: only SQLite’s own check could run)'}.`}
      </p>
      <ul className="check-list">
        {report.checks.map((c) => (
          <li key={c.name} className={c.ok ? 'check-ok' : 'check-bad'}>
            <span className="badge">{c.ok ? (c.repaired ? 'repaired' : 'ok') : c.repairable ? 'repairable' : 'needs a backup'}</span> <strong>{c.name.replace(/_/g, ' ')}</strong>:{' '}
            {c.summary}
          </li>
        ))}
      </ul>
      {failing.some((c) => !c.repairable) && (
        <p className="note">
          Some of this cannot be rebuilt from what is left. Restore a backup: <code>mindloom restore BACKUP --to {report.path} --force</code> (the damaged
          file is kept beside it).
        </p>
      )}
    </div>
  );
}
