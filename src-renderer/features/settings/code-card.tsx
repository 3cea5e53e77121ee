/**
 * Settings → Code: the repositories this mind speaks about. Adding one anchors the code and file
 * references it holds at its HEAD; "Check now" compares every anchored reference with HEAD (the
 * app also checks when a repository's HEAD moves), and what changed is listed with its memory.
 * Adding, removing and a check are each one action: the toast offers Undo.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useApi } from '../../api/client';
import { codeRefQueries, codeReposKey } from '../../api/code-refs-queries';
import { FormError } from '../../components/form-error';
import { ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useToast } from '../../components/toasts';
import { hrefOf } from '../../app/router';
import { useUndo } from '../undo/use-undo';

const short = (commit: string | null) => (commit === null ? '—' : commit.slice(0, 7));

export function CodeCard() {
  const api = useApi();
  const repos = useQuery(codeRefQueries.repos(api));
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId} data-testid="code-card">
      <h2 id={titleId}>Code</h2>
      <p className="note">
        Repositories this mind speaks about. A code or file reference into one is anchored at the commit it was verified at; when those lines change
        or the file goes, the memory stops counting as grounded until someone re-verifies it.
      </p>
      {repos.isPending ? (
        <Loading />
      ) : repos.isError ? (
        <ErrorState error={repos.error} title="Could not list the repositories" onRetry={() => void repos.refetch()} />
      ) : repos.data.repos.length === 0 ? (
        <p className="dim">No repositories yet.</p>
      ) : (
        <ul className="repo-list" aria-label="Repositories">
          {repos.data.repos.map((repo) => (
            <RepoItem key={repo.path} path={repo.path} head={repo.head} checkedHead={repo.checkedHead} checkedAt={repo.checkedAt} refs={repo.refs} />
          ))}
        </ul>
      )}
      <AddRepoForm />
      <CheckNow />
      <StaleRefs />
    </section>
  );
}

function RepoItem(props: { path: string; head: string | null; checkedHead: string | null; checkedAt: string | null; refs: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const undo = useUndo();
  const remove = useMutation({
    mutationFn: () => api.call('codeRefs.removeRepo', { path: props.path }),
    onSuccess: (done) => {
      undo.refresh();
      void queryClient.invalidateQueries({ queryKey: codeReposKey });
      undo.done(`Removed ${done.path}; ${done.unanchored} references no longer anchored.`, done.action);
    },
    onError: (error) => toast.error(error, 'Could not remove the repository'),
  });
  return (
    <li>
      <code>{props.path}</code> <span className="dim">HEAD {short(props.head)}</span> · {props.refs} refs ·{' '}
      {props.checkedAt === null ? (
        <span className="dim">never checked</span>
      ) : (
        <span>
          checked at {short(props.checkedHead)} <TimeAgo iso={props.checkedAt} />
        </span>
      )}{' '}
      <button type="button" onClick={() => remove.mutate()} disabled={remove.isPending} aria-label={`Remove ${props.path}`}>
        Remove
      </button>
    </li>
  );
}

function AddRepoForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [path, setPath] = useState('');
  const inputId = useId();
  const add = useMutation({
    mutationFn: (folder: string) => api.call('codeRefs.addRepo', { path: folder }),
    onSuccess: (done) => {
      setPath('');
      undo.refresh();
      void queryClient.invalidateQueries({ queryKey: codeReposKey });
      undo.done(`Added ${done.repo.path}; anchored ${done.anchored} references.`, done.action);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim() !== '') add.mutate(path.trim());
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a repository">
      <label htmlFor={inputId}>Repository folder</label>
      <input id={inputId} value={path} onChange={(e) => setPath(e.target.value)} placeholder="/home/me/src/project" spellCheck={false} />
      <button type="submit" disabled={add.isPending || path.trim() === ''}>
        {add.isPending ? 'Adding…' : 'Add'}
      </button>
      {add.isError && <FormError error={add.error} />}
    </form>
  );
}

function CheckNow() {
  const api = useApi();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const check = useMutation({
    mutationFn: () => api.call('codeRefs.check'),
    onSuccess: (result) => {
      undo.refresh();
      void queryClient.invalidateQueries({ queryKey: codeReposKey });
      const changed = result.changes.length;
      undo.done(
        changed === 0
          ? `Checked ${result.checked} references: nothing changed.`
          : `Checked ${result.checked} references: ${changed} changed state (${result.states.changed} changed, ${result.states.gone} gone, ${result.states.moved} moved).`,
        result.action,
      );
    },
  });
  return (
    <div className="actions">
      <button type="button" onClick={() => check.mutate()} disabled={check.isPending}>
        {check.isPending ? 'Checking…' : 'Check references now'}
      </button>
      {check.isError && <FormError error={check.error} />}
    </div>
  );
}

function StaleRefs() {
  const api = useApi();
  const stale = useQuery(codeRefQueries.stale(api));
  if (!stale.data || stale.data.refs.length === 0) return null;
  return (
    <div role="group" aria-label="Code changed">
      <h3>
        Code changed <span className="dim">({stale.data.memories} memories)</span>
      </h3>
      <ul className="evidence-list" data-testid="stale-refs">
        {stale.data.refs.map((ref) => (
          <li key={ref.refSeq}>
            <a href={hrefOf.memory(ref.memoryId)}>{ref.memoryId}</a> <span className="badge">{ref.state}</span> <span>{ref.reason ?? ref.ref}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
