/**
 * The window's File menu (the served app has no menu bar; the desktop app has its own too):
 * Back up…, Check this mind…, Import… and Export… (the desktop menu's Import…/Export… open the same dialogs). In the desktop app the backup's destination comes from the native save dialog; in a
 * browser the person types a path on the host, or leaves it empty for the mind's backup folder.
 * Any backup in progress shows under the menu (the one place that follows backups: one notice each).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../api/client';
import { appQueries } from '../../api/queries';
import { trustQueries } from '../../api/trust-queries';
import { FormActions } from '../../components/form-actions';
import { FormError } from '../../components/form-error';
import { ModalDialog } from '../../components/modal-dialog';
import { Loading } from '../../components/states';
import { KEYS } from '../../api/queries';
import { CheckReportView } from '../welcome/check-file';
import { ExportDialog } from '../interop/export-dialog';
import { ImportDialog } from '../interop/import-dialog';
import { type BackupProgress, BackupProgressLine, useBackUp, useBackupProgress } from './backup-status';
import '../../styles/trust.css';

export function FileMenu() {
  const api = useApi();
  const info = useQuery(appQueries.info(api));
  const progress = useBackupProgress();
  const backUp = useBackUp();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'backup' | 'check' | 'import' | 'export' | null>(null);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) firstItem.current?.focus();
  }, [open]);
  useEffect(() => api.subscribe((signal) => signal.type === 'interop.showDialog' && setDialog(signal.payload.dialog)), [api]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const openDialog = (which: 'check' | 'import' | 'export') => {
    setOpen(false);
    setDialog(which);
  };
  const startBackup = () => {
    setOpen(false);
    // The desktop shell asks where with its own dialog; a browser asks here.
    if (info.data?.capabilities.pickFile) backUp.mutate({});
    else setDialog('backup');
  };

  return (
    <div className="file-menu">
      <button
        ref={button}
        type="button"
        className="file-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        File
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="File"
          className="file-menu-list"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget !== button.current) setOpen(false);
          }}
        >
          <button ref={firstItem} type="button" role="menuitem" onClick={startBackup}>
            Back up…
          </button>
          <button type="button" role="menuitem" onClick={() => openDialog('check')}>
            Check this mind…
          </button>
          <button type="button" role="menuitem" onClick={() => openDialog('import')}>
            Import…
          </button>
          <button type="button" role="menuitem" onClick={() => openDialog('export')}>
            Export…
          </button>
        </div>
      )}
      {progress !== null && <BackupProgressLine progress={progress} />}
      {backUp.isError && dialog === null && <FormError error={backUp.error} />}
      {dialog === 'backup' && <BackupDialog progress={progress} onClose={() => setDialog(null)} />}
      {dialog === 'check' && <CheckDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog === 'export' && <ExportDialog onClose={() => setDialog(null)} />}
    </div>
  );
}

/** Where the backup goes, typed (a path on the host), or the mind's backup folder when left empty. */
function BackupDialog({ progress, onClose }: { progress: BackupProgress | null; onClose(): void }) {
  const api = useApi();
  const titleId = useId();
  const pathId = useId();
  const backups = useQuery(trustQueries.backups(api));
  const backUp = useBackUp();
  const [path, setPath] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  return (
    <ModalDialog labelledBy={titleId} className="backup-dialog" onClose={onClose}>
      <h2 id={titleId}>Back up this mind</h2>
      <p>A consistent copy of the mind as it is now; agents and the app may keep writing meanwhile.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const target = path.trim();
          backUp.mutate(target === '' ? {} : { path: target, overwrite }, { onSuccess: onClose });
        }}
      >
        <label className="field" htmlFor={pathId}>
          <span>Backup file (a path on the machine running Mindloom; empty: the backup folder)</span>
          <input
            id={pathId}
            type="text"
            value={path}
            autoFocus
            spellCheck={false}
            placeholder={backups.data ? `${backups.data.folder}/…` : ''}
            onChange={(event) => setPath(event.target.value)}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)} disabled={path.trim() === ''} />
          Replace a file already there
        </label>
        <p className="note">A backup keeps what the mind holds now, memories you forget later included: delete it when it must not keep them.</p>
        {backUp.isPending && progress !== null && <BackupProgressLine progress={progress} />}
        <FormError error={backUp.error} />
        <FormActions label="Back up" busyLabel="Backing up…" busy={backUp.isPending} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}

/** The open mind's health: the report of every check, and a repair of what can be rebuilt. */
function CheckDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const check = useMutation({
    mutationFn: (repair: boolean) => api.call('mind.check', { repair }),
    onSuccess: (report) => {
      if (report.repaired) for (const key of [KEYS.overview, KEYS.memories, KEYS.consolidation]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const { mutate } = check;
  useEffect(() => mutate(false), [mutate]);
  const report = check.data;
  const repairable = report?.checks.some((c) => !c.ok && c.repairable) ?? false;
  return (
    <ModalDialog labelledBy={titleId} className="check-dialog" onClose={onClose}>
      <h2 id={titleId}>Check this mind</h2>
      {check.isPending ? <Loading label="Checking every invariant…" /> : report !== undefined && <CheckReportView report={report} />}
      <FormError error={check.error} />
      <div className="actions">
        {repairable && (
          <button type="button" className="primary" onClick={() => check.mutate(true)} disabled={check.isPending}>
            Repair what can be rebuilt
          </button>
        )}
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
