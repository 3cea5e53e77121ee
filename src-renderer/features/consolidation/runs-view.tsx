/**
 * #/runs: what consolidation did, run by run, newest first, with what each reported; #/runs/ID: one
 * run's changeset, change by change with the memory it is about, and Revert (after a confirmation
 * that says what a revert does and what it leaves alone; its toast offers Undo, after which the run
 * shows as not reverted again: the change event refetches it).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RunChange, RunListItem } from '../../../shared/contract/runs';
import { useApi } from '../../api/client';
import { consolidationQueries } from '../../api/queries';
import { hrefOf } from '../../app/router';
import { Dialog } from '../../components/dialog';
import { FormButtons } from '../../components/form-parts';
import { count, percent, words } from '../../components/format';
import { LoadMore } from '../../components/load-more';
import { MemoryLink } from '../../components/memory-link';
import { Empty, ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useRevertRun } from './use-revert-run';
import './runs.css';

export function RunsView({ id }: { id: string | null }) {
  return id === null ? <RunList /> : <RunChangeset runId={id} />;
}

function RunList() {
  const api = useApi();
  const runs = useInfiniteQuery(consolidationQueries.runs(api));
  const items = (runs.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <div className="runs">
      <header className="view-head">
        <h1 tabIndex={-1}>Consolidation runs</h1>
        <a href={hrefOf.settings()}>Scheduler and Run now, in Settings</a>
      </header>
      <p className="dim">Each run is a changeset: open one to see what it changed, memory by memory, and to revert it.</p>
      {runs.isPending ? (
        <Loading label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorState error={runs.error} title="Could not load the runs" onRetry={() => void runs.refetch()} />
      ) : items.length === 0 ? (
        <Empty title="No consolidation run yet">Runs start by themselves as episodes arrive, or from Run now in Settings.</Empty>
      ) : (
        <ol className="run-list" aria-label="Runs, newest first">
          {items.map((run) => (
            <li key={run.id} className="card run" data-run={run.id}>
              <RunHeading run={run} link />
            </li>
          ))}
        </ol>
      )}
      <LoadMore list={runs} />
    </div>
  );
}

const plural = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;

/** A run in one glance: when, how, how it ended, and what it reported. */
function RunHeading({ run, link = false }: { run: RunListItem; link?: boolean }) {
  const took = run.finishedAt === null ? null : Date.parse(run.finishedAt) - Date.parse(run.startedAt);
  const { created, reinforced, contradicted, proposals, droppedByRejection } = run.counts;
  return (
    <div className="run-heading">
      <p className="run-title">
        {link ? <a href={hrefOf.runs(run.id)}>Run {run.id}</a> : <code>{run.id}</code>}
        <span className={`badge run-status run-${run.status}`}>{words(run.status)}</span>
        {run.revertedAt !== null && <span className="badge badge-flag">reverted</span>}
      </p>
      <p className="dim">
        {words(run.trigger)} · {run.provider} · started <TimeAgo iso={run.startedAt} />
        {took !== null && ` · took ${took < 1000 ? `${took} ms` : `${(took / 1000).toFixed(1)} s`}`}
        {run.revertedAt !== null && (
          <>
            {' '}
            · reverted <TimeAgo iso={run.revertedAt} />
          </>
        )}
      </p>
      <p className="run-counts">
        {count(created)} created · {count(reinforced)} reinforced · {count(contradicted)} contradicted · {plural(proposals, 'proposal')}
        {droppedByRejection > 0 && ` · ${count(droppedByRejection)} dropped as rejected`} · {plural(run.changes, 'change')}
      </p>
      {run.error !== null && <p className="dim">{run.error}</p>}
    </div>
  );
}

function RunChangeset({ runId }: { runId: string }) {
  const api = useApi();
  const changeset = useInfiniteQuery(consolidationQueries.changeset(api, runId));
  const [confirming, setConfirming] = useState(false);
  const run = changeset.data?.pages[0]?.run;
  const leftByRevert = changeset.data?.pages[0]?.memoriesLeftByRevert ?? 0;
  const changes = (changeset.data?.pages ?? []).flatMap((page) => page.items);
  const revertible = run !== undefined && run.revertedAt === null && run.status !== 'running' && run.status !== 'dry_run';
  return (
    <div className="runs">
      <header className="view-head">
        <h1 tabIndex={-1}>Run {runId}</h1>
        <a href={hrefOf.runs()}>All runs</a>
      </header>
      {changeset.isPending ? (
        <Loading label="Loading the run…" />
      ) : changeset.isError ? (
        <ErrorState error={changeset.error} title="Could not load this run" onRetry={() => void changeset.refetch()} />
      ) : run === undefined ? null : (
        <>
          <section className="card run" aria-label="The run">
            <RunHeading run={run} />
            {run.revertedAt !== null && leftByRevert > 0 && (
              <p className="note">
                The revert left {leftByRevert === 1 ? '1 memory as it was: it' : `${count(leftByRevert)} memories as they were: each`} changed after the run, and
                is marked below.
              </p>
            )}
            {revertible && (
              <div className="actions">
                <button type="button" onClick={() => setConfirming(true)}>
                  Revert this run…
                </button>
              </div>
            )}
          </section>
          <h2>Changes, in the order the run made them</h2>
          {changes.length === 0 ? (
            <Empty title="This run changed nothing" />
          ) : (
            <ol className="change-list" aria-label="Changes">
              {changes.map((change) => (
                <ChangeRow key={change.seq} change={change} />
              ))}
            </ol>
          )}
          <LoadMore list={changeset} />
          {confirming && <RevertDialog run={run} onClose={() => setConfirming(false)} />}
        </>
      )}
    </div>
  );
}

function ChangeRow({ change }: { change: RunChange }) {
  const moved = change.confidenceBefore !== null || change.confidenceAfter !== null;
  return (
    <li className="change" data-change={change.seq}>
      <div className="change-line">
        <code className="change-op">{change.op}</code>
        {change.memory === null ? <span className="dim">(not about one memory)</span> : <MemoryLink memory={change.memory} />}
        {moved && (
          <span className="change-confidence">
            {change.confidenceBefore === null ? '—' : percent(change.confidenceBefore)} → {change.confidenceAfter === null ? '—' : percent(change.confidenceAfter)}
          </span>
        )}
      </div>
      {change.reason !== null && <p className="dim change-reason">{change.reason}</p>}
      {change.leftByRevert !== null && (
        <p className="change-left">
          Left as it was by the revert, because {change.leftByRevert.actor} changed it after the run ({words(change.leftByRevert.op)},{' '}
          <TimeAgo iso={change.leftByRevert.at} />).
        </p>
      )}
    </li>
  );
}

function RevertDialog({ run, onClose }: { run: RunListItem; onClose(): void }) {
  const revert = useRevertRun(run.id);
  const describedBy = useId();
  return (
    <Dialog title="Revert this run" onClose={onClose} describedBy={describedBy}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          revert.mutate(undefined, { onSuccess: onClose });
        }}
      >
        <div id={describedBy}>
          <p>
            Take back the {plural(run.changes, 'change')} run <code>{run.id}</code> made. What it created is archived, what it changed gets its earlier values
            back, and the evidence links it added are set aside; each as a new entry in the history, and Undo takes the revert back.
          </p>
          <p className="dim">A memory someone changed after the run is left as it is. The run&apos;s episodes stay consolidated: the next run will not draft them again.</p>
        </div>
        <FormButtons submit="Revert" busy={revert.isPending} onCancel={onClose} autoFocus />
      </form>
    </Dialog>
  );
}
