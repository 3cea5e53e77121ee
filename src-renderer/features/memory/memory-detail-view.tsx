/** Memory detail: every field, where it came from, how sure the mind is and why, and its history. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { MemoryView } from '../../../shared/contract';
import { useApi } from '../../api/client';
import { isApiError } from '../../api/errors';
import { memoryQueries } from '../../api/queries';
import { hrefOf, type MemoryTab } from '../../app/router';
import { StatusBadge, TierBadge, TypeBadge } from '../../components/badges';
import { dateTime, words } from '../../components/format';
import { ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { ConfidenceCard } from './confidence-card';
import { EditForm } from './edit-form';
import { EditingActions } from './editing-actions';
import { ExplanationCard } from './explanation-card';
import { fieldSpecs, toDraft } from './field-specs';
import { ForgetAction } from './forget-dialog';
import { HistoryList } from './history-list';
import { useMemoryAction } from './memory-mutations';
import { MemoryTabStrip, memoryTabPanel, prefetchMemoryTab } from './memory-tabs';
import { ProvenanceCard } from './provenance-card';

export function MemoryDetailView({ id, tab, asOf }: { id: string; tab: MemoryTab; asOf: string | null }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const memory = useQuery(memoryQueries.detail(api, id, asOf));
  useEffect(() => prefetchMemoryTab(queryClient, api, tab, { id, asOf }), [queryClient, api, tab, id, asOf]);
  if (memory.isPending) return <Loading label="Loading memory…" />;
  if (memory.isError) {
    if (isApiError(memory.error) && memory.error.code === 'not_found' && asOf !== null) {
      return (
        <div className="state state-empty" role="alert">
          <h1 tabIndex={-1}>Not there yet</h1>
          <p>
            <code>{id}</code> did not exist on {dateTime(asOf)}: the mind learned it later.
          </p>
          <a href={hrefOf.memory(id, tab)}>See it now</a>
        </div>
      );
    }
    if (isApiError(memory.error) && memory.error.code === 'not_found') {
      return (
        <div className="state state-empty" role="alert">
          <h1 tabIndex={-1}>Memory not found</h1>
          <p>
            There is no memory <code>{id}</code> in this mind.
          </p>
          <a href={hrefOf.browser()}>Go to the Browser</a>
        </div>
      );
    }
    return <ErrorState error={memory.error} title={`Could not load ${id}`} onRetry={() => void memory.refetch()} />;
  }
  // Keyed by id: moving to another memory starts with a closed editor.
  return <MemoryDetail key={id} view={memory.data} tab={tab} asOf={asOf} />;
}

function MemoryDetail({ view, tab, asOf }: { view: MemoryView; tab: MemoryTab; asOf: string | null }) {
  /** The version the editor was opened on; later refreshes do not move it (that is what a conflict catches). */
  const [editing, setEditing] = useState<MemoryView | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  /** The form leaves the page: focus goes back to the Edit button, not to the document body. */
  const closeEditor = () => {
    flushSync(() => setEditing(null));
    editButton.current?.focus();
  };

  return (
    <article className="memory-detail" aria-labelledby="memory-title" data-memory-id={view.id}>
      <header className="view-head memory-head">
        <div className="memory-title-line">
          <TypeBadge type={view.type} />
          <h1 id="memory-title" tabIndex={-1}>
            <code>{view.id}</code>
          </h1>
          <StatusBadge status={view.status} />
          <TierBadge tier={view.tier} why={view.tierWhy} />
          {view.protected && <span className="badge badge-flag">protected</span>}
          {view.stale && <span className="badge badge-flag">stale</span>}
          {view.reviewStatus !== null && <span className="badge badge-review">review: {view.reviewStatus}</span>}
        </div>
        {/* The past is read-only: changes happen in the present. */}
        {asOf === null && <MemoryActions view={view} editing={editing !== null} onEdit={() => setEditing(view)} editButton={editButton} />}
      </header>
      <MemoryTabStrip id={view.id} current={tab} asOf={asOf} />

      {tab !== 'details' ? (
        (memoryTabPanel(tab, { id: view.id, asOf }) ?? (
          <p className="state state-empty" role="status">
            This memory has no {tab} view.
          </p>
        ))
      ) : (
        <DetailsTab view={view} editing={editing} closeEditor={closeEditor} />
      )}
    </article>
  );
}

/** The Details tab: content and fields (or the editor), confidence, provenance, details and history. */
function DetailsTab({ view, editing, closeEditor }: { view: MemoryView; editing: MemoryView | null; closeEditor(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  return (
    <>
      {editing !== null ? (
        <EditForm
          base={editing}
          onDone={closeEditor}
          onKeepTheirs={(theirs) => {
            queryClient.setQueryData(memoryQueries.detail(api, theirs.id).queryKey, theirs);
            closeEditor();
          }}
        />
      ) : (
        <section className="card content-card" aria-label="Content">
          <p className="memory-content">{view.content}</p>
          <FieldsList view={view} />
        </section>
      )}

      <div className="detail-grid">
        <ConfidenceCard view={view} />
        <ProvenanceCard view={view} />
        <MetaCard view={view} />
        {view.type === 'belief' && <ExplanationCard id={view.id} />}
        <HistoryList id={view.id} asOf={view.asOf} brief />
      </div>
    </>
  );
}

function MemoryActions({
  view,
  editing,
  onEdit,
  editButton,
}: {
  view: MemoryView;
  editing: boolean;
  onEdit(): void;
  editButton: RefObject<HTMLButtonElement | null>;
}) {
  const archive = useMemoryAction('memories.archive', { done: 'Archived.', failed: 'Could not archive' });
  const restore = useMemoryAction('memories.restore', { done: 'Restored.', failed: 'Could not restore' });
  const protect = useMemoryAction('memories.setProtected', {
    done: (changed) => (changed.protected ? 'Protected: it no longer decays.' : 'Unprotected: it decays again.'),
    failed: 'Could not change protection',
  });
  const busy = archive.isPending || restore.isPending || protect.isPending;
  const gone = view.status === 'forgotten';
  return (
    <div className="actions" role="toolbar" aria-label="Memory actions">
      <button type="button" className="primary" ref={editButton} onClick={onEdit} disabled={editing || gone}>
        Edit
      </button>
      <EditingActions view={view} busy={busy} />
      {view.status === 'archived' ? (
        <button type="button" onClick={() => restore.mutate({ id: view.id, expectedVersion: view.version })} disabled={busy}>
          Restore
        </button>
      ) : (
        <button type="button" onClick={() => archive.mutate({ id: view.id, expectedVersion: view.version })} disabled={busy || gone}>
          Archive
        </button>
      )}
      <button
        type="button"
        aria-pressed={view.protected}
        onClick={() => protect.mutate({ id: view.id, protected: !view.protected })}
        disabled={busy || gone}
      >
        {view.protected ? 'Unprotect' : 'Protect'}
      </button>
      <ForgetAction view={view} />
    </div>
  );
}

function FieldsList({ view }: { view: MemoryView }) {
  const specs = fieldSpecs(view.type).filter((spec) => view.fields[spec.key] !== undefined);
  if (specs.length === 0) return <p className="dim">No {view.type} fields set.</p>;
  return (
    <dl className="kv fields" aria-label={`${view.type} fields`}>
      {specs.map((spec) => {
        const value = view.fields[spec.key];
        return (
          <div key={spec.key} className="kv-pair">
            <dt>{words(spec.key)}</dt>
            <dd>
              {spec.kind === 'list' && Array.isArray(value) ? (
                <ul className="plain-list">
                  {value.map((item, i) => (
                    <li key={i}>{String(item)}</li>
                  ))}
                </ul>
              ) : (
                toDraft(spec, value)
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function MetaCard({ view }: { view: MemoryView }) {
  const time = (iso: string | null) => (iso === null ? <span className="dim">never</span> : <TimeAgo iso={iso} />);
  return (
    <section className="card" aria-labelledby="meta-title">
      <h2 id="meta-title">Details</h2>
      <dl className="kv">
        <dt>Scope</dt>
        <dd>{view.scope}</dd>
        <dt>Project</dt>
        <dd>{view.project ?? <span className="dim">none</span>}</dd>
        <dt>Review</dt>
        <dd>{view.reviewStatus ?? <span className="dim">entered directly</span>}</dd>
        <dt>Version</dt>
        <dd data-testid="memory-version">{view.version}</dd>
        <dt>Created</dt>
        <dd>{time(view.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{time(view.updatedAt)}</dd>
        <dt>Accessed</dt>
        <dd>
          {view.accessCount} {view.accessCount === 1 ? 'time' : 'times'}, last {time(view.lastAccessedAt)}
        </dd>
        <dt>Stability</dt>
        <dd>{view.stability.toFixed(1)} days</dd>
        <dt>Evidence</dt>
        <dd>
          {view.codeRefCount} code/file, {view.eventEvidenceCount} event
        </dd>
      </dl>
    </section>
  );
}
