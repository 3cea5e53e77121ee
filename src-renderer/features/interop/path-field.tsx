/**
 * A file path on the machine running Mindloom: typed (the served app cannot open a native dialog),
 * or, in the desktop app, chosen with its native dialog through Choose….
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useApi } from '../../api/client';
import { appQueries } from '../../api/queries';

export function PathField({ label, purpose, value, onChange }: { label: string; purpose: 'import' | 'export'; value: string; onChange(path: string): void }) {
  const api = useApi();
  const id = useId();
  const info = useQuery(appQueries.info(api));
  const pick = useMutation({
    mutationFn: () => api.call('interop.pickPath', { purpose }),
    onSuccess: (path) => {
      if (path !== null) onChange(path);
    },
  });
  return (
    <div className="field-row">
      <label className="field" htmlFor={id}>
        <span>{label}</span>
        <input id={id} type="text" value={value} spellCheck={false} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      </label>
      {info.data?.capabilities.pickFile && (
        <button type="button" onClick={() => pick.mutate()} disabled={pick.isPending}>
          Choose…
        </button>
      )}
    </div>
  );
}
