/** Settings: which mind is open, the model provider, the consolidation scheduler, and the decay rules. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { EPISODE_COUNT_CAP, REEMBED_RUN_ID } from '../../../shared/consolidation-runs';
import type { ConsolidationStatus, SettingsView as SettingsData } from '../../../shared/contract';
import { DECAY } from '../../../shared/rules/decay';
import { MEMORY_TYPES } from '../../../shared/model';
import { type SettingsPatch, SettingsPatchSchema } from '../../../shared/settings';
import { useApi } from '../../api/client';
import { appQueries, consolidationQueries, consolidationStatusKey, KEYS, sessionQueries, settingsQueries } from '../../api/queries';
import { hrefOf } from '../../app/router';
import { percent, words } from '../../components/format';
import { FormError } from '../../components/form-error';
import { ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../components/toasts';
import { useStateFor } from '../../components/use-state-for';
import { ReviewSettingsCard } from '../review/review-settings-card';
import { LastRunInterruptedBanner } from '../consolidation/interrupted-run-banner';
import { SessionPicker } from '../welcome/session-picker';
import { BackupsCard } from './backups-card';
import { AgentModelOption, LocalModels, useModelSources } from './model-sources';
import { CodeCard } from './code-card';
import { LinkedSourcesCard } from './linked-sources-card';

export function SettingsView() {
  const api = useApi();
  const settings = useQuery(settingsQueries.settings(api));
  return (
    <div className="settings">
      <header className="view-head">
        <h1 tabIndex={-1}>Settings</h1>
      </header>
      <LastRunInterruptedBanner />
      <div className="settings-grid">
        <MindFileCard />
        {settings.isPending ? (
          <Loading label="Loading settings…" />
        ) : settings.isError ? (
          <ErrorState error={settings.error} title="Could not load the settings" onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <ProviderCard data={settings.data} />
            <SchedulerCard data={settings.data} />
            <ReviewSettingsCard data={settings.data} />
          </>
        )}
        <ConsolidationCard />
        <BackupsCard />
        <CodeCard />
        <LinkedSourcesCard />
        <DecayCard />
      </div>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function MindFileCard() {
  const api = useApi();
  const session = useQuery(sessionQueries.status(api));
  const status = session.data;
  return (
    <Card title="Mind file" id="mind-file-title">
      {status?.state === 'open' ? (
        <dl className="kv">
          <dt>Name</dt>
          <dd>
            {status.name} {status.isDemo && <span className="badge">demo</span>}
          </dd>
          <dt>Path</dt>
          <dd>
            <code data-testid="mind-path">{status.path}</code>
          </dd>
        </dl>
      ) : (
        <p className="dim">No mind is open.</p>
      )}
      <details className="switch-mind">
        <summary>Open or create another mind</summary>
        <SessionPicker />
      </details>
    </Card>
  );
}

/** Saves a settings patch after checking it against the shared schema; reports errors at the form. */
function useSaveSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => {
      const checked = SettingsPatchSchema.safeParse(patch);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new Error(`${issue?.path.join('.') ?? 'settings'}: ${issue?.message ?? 'invalid'}`);
      }
      return api.call('settings.update', checked.data);
    },
    onSuccess: (data) => {
      queryClient.setQueryData(settingsQueries.settings(api).queryKey, data);
      void queryClient.invalidateQueries({ queryKey: KEYS.consolidation });
      toast.success('Settings saved.');
    },
  });
}

function ProviderCard({ data }: { data: SettingsData }) {
  // Drafts of the saved values: a save or a change from elsewhere replaces them.
  const [provider, setProvider] = useStateFor(data.settings.provider, data.settings.provider);
  const [openai, setOpenai] = useStateFor(data.settings.openai, data.settings.openai);
  const save = useSaveSettings();
  const sources = useModelSources();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ provider, openai });
  };
  const disabled = provider !== 'openai';
  return (
    <Card title="Model provider" id="provider-title">
      <form onSubmit={onSubmit} aria-labelledby="provider-title">
        <fieldset className="radio-row">
          <legend>Provider</legend>
          <label className="check">
            <input type="radio" name="provider" value="offline" checked={provider === 'offline'} onChange={() => setProvider('offline')} />
            Offline (deterministic, no network)
          </label>
          <label className="check">
            <input type="radio" name="provider" value="openai" checked={provider === 'openai'} onChange={() => setProvider('openai')} />
            OpenAI-compatible endpoint
          </label>
          <AgentModelOption checked={provider === 'agent'} onChoose={() => setProvider('agent')} agents={sources.data?.agents} />
        </fieldset>
        <label className="field">
          <span>Base URL</span>
          <input type="url" value={openai.baseUrl} disabled={disabled} onChange={(e) => setOpenai({ ...openai, baseUrl: e.target.value })} />
        </label>
        <div className="field-row">
          <label className="field">
            <span>Chat model</span>
            <input type="text" value={openai.chatModel} disabled={disabled} onChange={(e) => setOpenai({ ...openai, chatModel: e.target.value })} />
          </label>
          <label className="field">
            <span>Embedding model</span>
            <input
              type="text"
              value={openai.embeddingModel}
              disabled={disabled}
              onChange={(e) => setOpenai({ ...openai, embeddingModel: e.target.value })}
            />
          </label>
        </div>
        <div className="field-row">
          <label className="field">
            <span>Timeout (ms)</span>
            <input
              type="number"
              value={openai.timeoutMs}
              disabled={disabled}
              onChange={(e) => setOpenai({ ...openai, timeoutMs: e.target.valueAsNumber })}
            />
          </label>
          <label className="field">
            <span>Retries</span>
            <input
              type="number"
              value={openai.maxRetries}
              disabled={disabled}
              onChange={(e) => setOpenai({ ...openai, maxRetries: e.target.valueAsNumber })}
            />
          </label>
        </div>
        <FormError error={save.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            Save provider
          </button>
        </div>
      </form>
      <LocalModels openai={data.settings.openai} saving={save.isPending} onUse={(patch) => save.mutate(patch)} />
      <ApiKeyForm apiKeySet={data.apiKeySet} />
    </Card>
  );
}

function ApiKeyForm({ apiKeySet }: { apiKeySet: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const info = useQuery(appQueries.info(api));
  const [key, setKey] = useState('');
  const setApiKey = useMutation({
    mutationFn: (value: string) => api.call('settings.setApiKey', { key: value }),
    onSuccess: () => {
      setKey('');
      void queryClient.invalidateQueries({ queryKey: KEYS.settings });
      toast.success('API key saved.');
    },
  });
  const canStore = info.data?.capabilities.secrets;
  return (
    <form
      className="api-key"
      aria-label="Provider API key"
      onSubmit={(event) => {
        event.preventDefault();
        if (key.trim() !== '') setApiKey.mutate(key);
      }}
    >
      <p className="dim" data-testid="api-key-status">
        {apiKeySet ? 'An API key is set.' : 'No API key is set.'}
      </p>
      <label className="field">
        <span>API key</span>
        <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} placeholder={apiKeySet ? '••••••••' : 'sk-…'} />
      </label>
      {canStore === false && (
        <p className="note" data-testid="api-key-note">
          This window cannot store secrets (it runs against the headless host). Set <code>OPENAI_API_KEY</code> in the environment of{' '}
          <code>mindloom serve</code> instead.
        </p>
      )}
      <FormError error={setApiKey.error} />
      <div className="actions">
        <button type="submit" disabled={setApiKey.isPending || key.trim() === ''}>
          Save key
        </button>
      </div>
    </form>
  );
}

function SchedulerCard({ data }: { data: SettingsData }) {
  const [scheduler, setScheduler] = useStateFor(data.settings.scheduler, data.settings.scheduler);
  const [autoApply, setAutoApply] = useStateFor(data.settings.autoApplyProposals, data.settings.autoApplyProposals);
  const save = useSaveSettings();
  return (
    <Card title="Consolidation scheduler" id="scheduler-title">
      <form
        aria-labelledby="scheduler-title"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ scheduler, autoApplyProposals: autoApply });
        }}
      >
        <label className="check">
          <input type="checkbox" checked={scheduler.enabled} onChange={(e) => setScheduler({ ...scheduler, enabled: e.target.checked })} />
          Run consolidation automatically
        </label>
        <div className="field-row">
          <label className="field">
            <span>Every N new episodes</span>
            <input
              type="number"
              min={1}
              max={EPISODE_COUNT_CAP}
              step={1}
              value={Number.isNaN(scheduler.everyEpisodes) ? '' : scheduler.everyEpisodes}
              onChange={(e) => setScheduler({ ...scheduler, everyEpisodes: e.target.valueAsNumber })}
            />
          </label>
          <label className="field">
            <span>Every H hours</span>
            <input
              type="number"
              min={0.05}
              step="any"
              value={Number.isNaN(scheduler.everyHours) ? '' : scheduler.everyHours}
              onChange={(e) => setScheduler({ ...scheduler, everyHours: e.target.valueAsNumber })}
            />
          </label>
        </div>
        <label className="check">
          <input type="checkbox" checked={autoApply} onChange={(e) => setAutoApply(e.target.checked)} />
          Apply revise / split / merge / archive proposals without review
        </label>
        <FormError error={save.error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={save.isPending}>
            Save scheduler
          </button>
        </div>
      </form>
    </Card>
  );
}

function ConsolidationCard() {
  const api = useApi();
  const status = useQuery(consolidationQueries.status(api));
  return (
    <Card title="Consolidation status" id="consolidation-title">
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <ErrorState error={status.error} title="Could not read the consolidation status" onRetry={() => void status.refetch()} />
      ) : (
        <>
          <ConsolidationDetails status={status.data} />
          <ConsolidationControls status={status.data} />
        </>
      )}
    </Card>
  );
}

/** Run now (or dry), pause / resume automatic runs, cancel the running one; a dry run's changeset is listed. */
function ConsolidationControls({ status }: { status: ConsolidationStatus }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const settle = (next: ConsolidationStatus) => queryClient.setQueryData(consolidationStatusKey, next);
  const run = useMutation({
    mutationFn: (dryRun: boolean) => api.call('consolidation.runNow', { dryRun }),
    onSuccess: (summary) => {
      void queryClient.invalidateQueries({ queryKey: KEYS.consolidation });
      toast.success(
        `${summary.status === 'dry_run' ? 'Dry run' : 'Run'} ${words(summary.status)}: ${summary.created} created, ${summary.reinforced} reinforced, ${summary.contradicted} contradicted, ${summary.proposals} proposals.`,
      );
    },
    onError: (error) => toast.error(error),
  });
  const control = useMutation({
    mutationFn: (call: 'consolidation.pause' | 'consolidation.resume' | 'consolidation.cancel') => api.call(call),
    onSuccess: settle,
    onError: (error) => toast.error(error),
  });
  const running = status.state === 'running';
  const dry = run.data?.status === 'dry_run' ? run.data : null;
  return (
    <>
      <div className="actions" role="group" aria-label="Consolidation controls">
        <button type="button" className="primary" disabled={running || run.isPending} onClick={() => run.mutate(false)}>
          Run now
        </button>
        <button type="button" disabled={running || run.isPending} onClick={() => run.mutate(true)}>
          Dry run
        </button>
        {status.state === 'paused' ? (
          <button type="button" disabled={control.isPending} onClick={() => control.mutate('consolidation.resume')}>
            Resume automatic runs
          </button>
        ) : (
          <button type="button" disabled={control.isPending} onClick={() => control.mutate('consolidation.pause')}>
            Pause automatic runs
          </button>
        )}
        {running && (
          <button type="button" disabled={control.isPending} onClick={() => control.mutate('consolidation.cancel')}>
            Cancel run
          </button>
        )}
      </div>
      {dry !== null && (
        <section aria-label="Dry run changeset" className="dry-run">
          <h3>Dry run: {dry.actions.length} actions, nothing written</h3>
          {dry.actions.length === 0 ? (
            <p className="dim">Nothing to do.</p>
          ) : (
            <ol>
              {dry.actions.slice(0, DRY_RUN_SHOWN).map((action, i) => (
                <li key={i}>
                  <code>{action.op}</code> {action.summary}
                </li>
              ))}
            </ol>
          )}
          {dry.actions.length > DRY_RUN_SHOWN && <p className="dim">… and {dry.actions.length - DRY_RUN_SHOWN} more.</p>}
        </section>
      )}
    </>
  );
}

const DRY_RUN_SHOWN = 50;

function ConsolidationDetails({ status }: { status: ConsolidationStatus }) {
  return (
    <dl className="kv">
      <dt>State</dt>
      <dd data-testid="consolidation-state">{status.state}</dd>
      {status.progress !== undefined && (
        <>
          <dt>Progress</dt>
          <dd>
            {status.runId === REEMBED_RUN_ID ? 'Rebuilding vectors for the new embedder' : words(status.progress.stage)}: {status.progress.done} /{' '}
            {status.progress.total}
          </dd>
        </>
      )}
      <dt>Episodes since last checkpoint</dt>
      <dd>
        {status.episodesSinceCheckpoint.toLocaleString()}
        {status.episodesSinceCheckpoint >= EPISODE_COUNT_CAP ? '+' : ''}
      </dd>
      <dt>Next timed run</dt>
      <dd>{status.nextTimerAt === null ? <span className="dim">none scheduled</span> : <TimeAgo iso={status.nextTimerAt} />}</dd>
      <dt>Last run</dt>
      <dd>
        {status.lastRun === null ? (
          <span className="dim">never</span>
        ) : (
          <>
            {words(status.lastRun.status)}, <TimeAgo iso={status.lastRun.startedAt} /> ({status.lastRun.trigger},{' '}
            {status.lastRun.provider}) · <a href={hrefOf.runs(status.lastRun.id)}>what it changed</a>
          </>
        )}
      </dd>
    </dl>
  );
}

function DecayCard() {
  return (
    <Card title="Confidence decay" id="decay-title">
      <p className="dim">Computed on read, never written. Protected memories do not decay; verifying or reinforcing restarts the clock.</p>
      <table className="decay-table" aria-labelledby="decay-title">
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Loses</th>
            <th scope="col">Every</th>
            <th scope="col">Floor</th>
          </tr>
        </thead>
        <tbody>
          {MEMORY_TYPES.map((type) => {
            const config = DECAY[type];
            return (
              <tr key={type}>
                <th scope="row">{type}</th>
                {config === undefined ? (
                  <td colSpan={3} className="dim">
                    does not decay
                  </td>
                ) : (
                  <>
                    <td>{percent(config.rate, 1)}</td>
                    <td>{config.periodDays} days</td>
                    <td>{percent(config.floor)}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
