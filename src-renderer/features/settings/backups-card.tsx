/**
 * Settings → Backups: back up now, the optional daily backup and how many of them to keep, where
 * backups go, and the latest ones. Backups keep what the mind held when they were taken, forgotten
 * memories included: the card says so where the person decides about them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { SettingsView as SettingsData } from '../../../shared/contract';
import { type BackupSettings, SettingsPatchSchema } from '../../../shared/settings';
import { useApi } from '../../api/client';
import { FormActions } from '../../components/form-actions';
import { FormError } from '../../components/form-error';
import { settingsQueries } from '../../api/queries';
import { trustQueries } from '../../api/trust-queries';
import { count } from '../../components/format';
import { ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../components/toasts';
import { useStateFor } from '../../components/use-state-for';
import { useBackUp } from '../backup/backup-status';
import '../../styles/trust.css';

const SHOWN = 8;

export function BackupsCard() {
  const api = useApi();
  const settings = useQuery(settingsQueries.settings(api));
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>Backups</h2>
      <p className="note" data-testid="backups-forgotten-note">
        A backup keeps what the mind held when it was taken, memories forgotten later included: forgetting reaches this file, never its copies.
        Delete the backups that must not keep what you forgot.
      </p>
      <BackUpNow />
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorState error={settings.error} title="Could not load the settings" onRetry={() => void settings.refetch()} />
      ) : (
        <DailyForm data={settings.data} />
      )}
      <BackupList />
    </section>
  );
}

function BackUpNow() {
  const backUp = useBackUp();
  return (
    <div className="actions backup-now">
      <button type="button" className="primary" onClick={() => backUp.mutate({})} disabled={backUp.isPending}>
        {backUp.isPending ? 'Backing up…' : 'Back up now'}
      </button>
      {backUp.isError && <FormError error={backUp.error} />}
    </div>
  );
}

function DailyForm({ data }: { data: SettingsData }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useStateFor(data.settings.backup, data.settings.backup);
  const save = useMutation({
    mutationFn: (backup: BackupSettings) => {
      const checked = SettingsPatchSchema.safeParse({ backup });
      if (!checked.success) throw new Error(`${checked.error.issues[0]?.path.join('.') ?? 'backup'}: ${checked.error.issues[0]?.message ?? 'invalid'}`);
      return api.call('settings.update', checked.data);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueries.settings(api).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: trustQueries.backups(api).queryKey });
      toast.success('Backup settings saved.');
    },
  });
  return (
    <form
      aria-label="Daily backup"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ ...draft, folder: draft.folder?.trim() ? draft.folder.trim() : null });
      }}
    >
      <label className="check">
        <input type="checkbox" checked={draft.daily} onChange={(event) => setDraft({ ...draft, daily: event.target.checked })} />
        Back up automatically once a day
      </label>
      <div className="field-row">
        <label className="field">
          <span>Daily backups to keep</span>
          <input
            type="number"
            min={1}
            max={365}
            step={1}
            value={Number.isNaN(draft.keep) ? '' : draft.keep}
            onChange={(event) => setDraft({ ...draft, keep: event.target.valueAsNumber })}
          />
        </label>
        <label className="field">
          <span>Folder (empty: beside the mind file)</span>
          <input type="text" value={draft.folder ?? ''} spellCheck={false} onChange={(event) => setDraft({ ...draft, folder: event.target.value })} />
        </label>
      </div>
      <p className="dim">Older daily backups beyond that number are deleted; backups made by hand are never deleted.</p>
      {save.isError && <FormError error={save.error} />}
      <FormActions label="Save backup settings" busyLabel="Saving…" busy={save.isPending} tone="plain" />
    </form>
  );
}

function BackupList() {
  const api = useApi();
  const backups = useQuery(trustQueries.backups(api));
  if (backups.isPending) return <Loading label="Looking for backups…" />;
  if (backups.isError) return <ErrorState error={backups.error} title="Could not list the backups" onRetry={() => void backups.refetch()} />;
  const { folder, backups: files } = backups.data;
  return (
    <div className="backup-list">
      <p className="dim">
        In <code data-testid="backup-folder">{folder}</code>
      </p>
      {files.length === 0 ? (
        <p className="dim">No backups yet.</p>
      ) : (
        <ul aria-label="Latest backups">
          {files.slice(0, SHOWN).map((file) => (
            <li key={file.path}>
              <code>{file.name}</code> <span className="dim">{file.automatic ? 'daily' : 'by hand'}</span> <TimeAgo iso={file.at} />{' '}
              <span className="dim">{count(Math.ceil(file.bytes / 1024))} KB</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

