/**
 * File → Export…: the open mind as Mindloom JSON (every row, to import elsewhere) or Markdown
 * (active beliefs, values and goals by tier, to read), to a path, with progress and the result.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/contract/interop';
import { useApi } from '../../api/client';
import { ChoiceField } from '../../components/choice-field';
import { count } from '../../components/format';
import { FormActions } from '../../components/form-actions';
import { FormError } from '../../components/form-error';
import { ModalDialog } from '../../components/modal-dialog';
import { InteropProgressLine, useInteropProgress } from './interop-progress';
import { PathField } from './path-field';

const FORMAT_LABELS: Record<ExportFormat, string> = {
  json: 'Mindloom JSON: every row, to import into another mind',
  markdown: 'Markdown: active beliefs, values and goals by tier, to read',
};

export function ExportDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const titleId = useId();
  const progress = useInteropProgress();
  const [format, setFormat] = useState<ExportFormat>('json');
  const [path, setPath] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const run = useMutation({ mutationFn: () => api.call('interop.export', { format, path: path.trim(), overwrite }) });

  return (
    <ModalDialog labelledBy={titleId} className="interop-dialog" onClose={onClose}>
      <h2 id={titleId}>Export this mind</h2>
      {run.data ? (
        <div className="export-result" role="status">
          <p>
            Exported {count(run.data.rows)} {run.data.format === 'json' ? 'rows' : 'memories'} to <code>{run.data.path}</code> ({(run.data.bytes / 1_048_576).toFixed(1)} MB).
          </p>
          <div className="actions">
            <button type="button" className="primary" onClick={onClose} autoFocus>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run.mutate();
          }}
        >
          <ChoiceField label="Format" names={EXPORT_FORMATS} labels={FORMAT_LABELS} value={format} onChange={setFormat} />
          <PathField label="Export to (a path on the machine running Mindloom; relative: beside the mind)" purpose="export" value={path} onChange={setPath} />
          <label className="check">
            <input type="checkbox" checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} />
            Replace a file already there
          </label>
          {run.isPending && <InteropProgressLine progress={progress} label="Exporting…" />}
          <FormError error={run.error} />
          <FormActions label="Export" busyLabel="Exporting…" busy={run.isPending} disabled={path.trim() === ''} onCancel={onClose} />
        </form>
      )}
    </ModalDialog>
  );
}
