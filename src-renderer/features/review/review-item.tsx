/**
 * The item under review: what it is and what approving it does, its words, why it is here, the
 * episodes it came from (opened in place), and the existing memories that may already say it.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { QueueItem } from '../../../shared/contract/review';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { hrefOf } from '../../app/router';
import { ConfidenceMeter, TierBadge, TypeBadge } from '../../components/badges';
import { percent, words } from '../../components/format';
import { FormProblem } from '../../components/form-parts';
import { MemoryLink } from '../../components/memory-link';
import { ErrorState, Loading } from '../../components/states';
import { TimeAgo } from '../../components/time-ago';
import { useLingered } from '../../components/use-timers';
import { FieldInput } from '../memory/edit-form';
import { fieldSpecs, fieldsPatch, toDraft } from '../memory/field-specs';
import { sourcesInWords } from './drafted-from';
import { EvidenceList } from './evidence-list';

/** "new belief", "revision", "archive proposal": what the item is, in words. */
export function whatOf(item: QueueItem): string {
  if (item.kind === 'proposal') return `${item.what} proposal`;
  const drafted = { new: 'new', revise: 'revision', split: 'split part', merge: 'merged', archive: 'archive' } as const;
  return `${drafted[item.what]} ${item.what === 'new' ? item.memory.type : ''}`.trim();
}

export function textOf(item: QueueItem): string {
  if (item.kind === 'memory') return item.memory.content;
  const payload = item.proposal.payload;
  switch (payload.kind) {
    case 'archive':
      return `Archive: ${item.proposal.targets.map((t) => t.content).join(' / ')}`;
    case 'split':
      return payload.parts.map((part) => part.statement).join(' / ');
    default:
      return payload.statement;
  }
}

export interface ItemActions {
  approve(): void;
  edit(): void;
  merge(): void;
  reject(): void;
  skip(): void;
}

interface Props {
  item: QueueItem;
  editing: boolean;
  busy: boolean;
  actions: ItemActions;
  onEditDone(edit: { content: string; fields: Record<string, unknown> } | null): void;
}

export function ReviewItemCard({ item, editing, busy, actions, onEditDone }: Props) {
  return (
    <article className="card review-item" aria-labelledby="review-item-title" data-item-id={item.id}>
      <header className="review-item-head">
        <span className={`badge badge-what what-${item.what}`}>{whatOf(item)}</span>
        {item.kind === 'memory' ? <MemoryFacts item={item} /> : <span className="dim">from run {item.proposal.runId}</span>}
      </header>
      <h2 id="review-item-title" className="visually-hidden">
        {whatOf(item)}: {textOf(item)}
      </h2>
      {item.kind === 'memory' ? (
        editing ? (
          <EditAndApprove item={item} busy={busy} onDone={onEditDone} />
        ) : (
          <>
            <p className="review-content" data-testid="review-content">
              {item.memory.content}
            </p>
            <Fields type={item.memory.type} fields={item.memory.fields} />
          </>
        )
      ) : (
        <ProposalBody item={item} />
      )}
      {!editing && <ActionBar item={item} busy={busy} actions={actions} />}
      <ItemDetail item={item} onMerge={actions.merge} />
    </article>
  );
}

function MemoryFacts({ item }: { item: Extract<QueueItem, { kind: 'memory' }> }) {
  const m = item.memory;
  return (
    <>
      <TypeBadge type={m.type} />
      <TierBadge tier={m.tier} />
      <ConfidenceMeter effective={m.effectiveConfidence} stored={m.confidence} />
      {item.draftedFrom !== null && item.draftedFrom.length > 0 && <span className="badge badge-drafted">drafted from {sourcesInWords(item.draftedFrom)}</span>}
      {m.timesReinforced > 0 && <span className="badge">reinforced ×{m.timesReinforced}</span>}
      <p className="review-provenance dim">
        <a href={hrefOf.memory(m.id)}>
          <code>{m.id}</code>
        </a>
        {' · '}
        <span title="Priority: (1 + pieces of evidence) × confidence">
          priority {item.priority.toFixed(2)} = (1 + {m.eventEvidenceCount}) × {percent(m.confidence)}
        </span>{' '}
        · written by {item.createdBy} <TimeAgo iso={m.createdAt} />
        {item.reason !== null && <> · {item.reason}</>}
      </p>
    </>
  );
}

function Fields({ type, fields }: { type: Extract<QueueItem, { kind: 'memory' }>['memory']['type']; fields: Record<string, unknown> }) {
  const shown = fieldSpecs(type).filter((spec) => fields[spec.key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="kv review-fields">
      {shown.map((spec) => (
        <div key={spec.key} className="kv-pair">
          <dt>{words(spec.key)}</dt>
          <dd>{toDraft(spec, fields[spec.key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProposalBody({ item }: { item: Extract<QueueItem, { kind: 'proposal' }> }) {
  const { proposal } = item;
  const payload = proposal.payload;
  return (
    <div className="proposal-body">
      <p className="dim">{proposal.reason}</p>
      <h3>{proposal.targets.length === 1 ? 'Belief it changes' : 'Beliefs it changes'}</h3>
      <ul className="ref-list">
        {proposal.targets.map((target) => (
          <li key={target.id}>
            <a href={hrefOf.memory(target.id)} className="ref-link">
              <code>{target.id}</code> <span className="ref-content">{target.content}</span>
            </a>
            {target.currentVersion !== target.version && <span className="badge badge-flag">changed since proposed</span>}
          </li>
        ))}
      </ul>
      {payload.kind === 'archive' ? (
        <p className="review-content">Archive it (it stays in the mind, inactive).</p>
      ) : payload.kind === 'split' ? (
        <>
          <h3>Split into</h3>
          <ol className="plain-list">
            {payload.parts.map((part) => (
              <li key={part.statement} className="review-content">
                {part.statement}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <>
          <h3>{payload.kind === 'revise' ? 'Revised to' : 'Merged as'}</h3>
          <p className="review-content" data-testid="review-content">
            {payload.statement}
          </p>
        </>
      )}
    </div>
  );
}

function ActionBar({ item, busy, actions }: { item: QueueItem; busy: boolean; actions: ItemActions }) {
  const memory = item.kind === 'memory';
  return (
    <div className="actions review-actions" role="toolbar" aria-label="Decide">
      <button type="button" className="primary" onClick={actions.approve} disabled={busy} aria-keyshortcuts="a">
        {memory ? 'Approve' : 'Apply'} <kbd>a</kbd>
      </button>
      {memory && (
        <>
          <button type="button" onClick={actions.edit} disabled={busy} aria-keyshortcuts="e">
            Edit and approve <kbd>e</kbd>
          </button>
          <button type="button" onClick={actions.merge} disabled={busy} aria-keyshortcuts="m">
            Merge into… <kbd>m</kbd>
          </button>
        </>
      )}
      <button type="button" className="danger-button" onClick={actions.reject} disabled={busy} aria-keyshortcuts="r">
        Reject… <kbd>r</kbd>
      </button>
      <button type="button" onClick={actions.skip} disabled={busy} aria-keyshortcuts="s">
        Skip <kbd>s</kbd>
      </button>
    </div>
  );
}

function EditAndApprove({
  item,
  busy,
  onDone,
}: {
  item: Extract<QueueItem, { kind: 'memory' }>;
  busy: boolean;
  onDone(edit: { content: string; fields: Record<string, unknown> } | null): void;
}) {
  const m = item.memory;
  const specs = fieldSpecs(m.type).filter((spec) => spec.kind !== 'readonly');
  const [content, setContent] = useState(m.content);
  const [drafts, setDrafts] = useState(() => Object.fromEntries(specs.map((spec) => [spec.key, toDraft(spec, m.fields[spec.key])])));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === '') {
      setProblem('The memory needs some words.');
      return;
    }
    onDone({ content: content.trim(), fields: fieldsPatch(m.type, m.fields, drafts) });
  };
  return (
    <form
      className="review-edit"
      aria-label="Edit and approve"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone(null);
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
      }}
    >
      <label className="field">
        <span>Content</span>
        <textarea autoFocus rows={4} value={content} onChange={(event) => setContent(event.target.value)} />
      </label>
      {specs.map((spec) => (
        <FieldInput key={spec.key} spec={spec} value={drafts[spec.key] ?? ''} onChange={(value) => setDrafts({ ...drafts, [spec.key]: value })} />
      ))}
      <FormProblem problem={problem} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Approve with these words <kbd>Ctrl Enter</kbd>
        </button>
        <button type="button" onClick={() => onDone(null)}>
          Cancel <kbd>Esc</kbd>
        </button>
      </div>
    </form>
  );
}

function ItemDetail({ item, onMerge }: { item: QueueItem; onMerge(): void }) {
  const api = useApi();
  const detail = useQuery(editingQueries.detail(api, item.id));
  if (detail.isPending) return <Loading label="Loading its evidence…" />;
  if (detail.isError) return <ErrorState error={detail.error} title="Could not load its evidence" onRetry={() => void detail.refetch()} />;
  const { evidence, counterEvidence } = detail.data;
  return (
    <div className="review-detail">
      <section aria-labelledby="review-evidence-title">
        <h3 id="review-evidence-title">
          Evidence <span className="dim">({evidence.length})</span>
        </h3>
        <EvidenceList items={evidence} label="Evidence" empty="No episodes stand behind it." />
        {counterEvidence.length > 0 && (
          <>
            <h3>Against it ({counterEvidence.length})</h3>
            <EvidenceList items={counterEvidence} label="Evidence against" empty="" />
          </>
        )}
      </section>
      {item.kind === 'memory' && <PossibleDuplicates item={item} onMerge={onMerge} />}
    </div>
  );
}

/**
 * Looking for duplicates is a full-text search (costly on a large mind): it starts once the item has
 * been on screen a moment, so moving quickly through the queue never waits behind it.
 */
const DUPLICATES_AFTER_MS = 400;

function PossibleDuplicates({ item, onMerge }: { item: Extract<QueueItem, { kind: 'memory' }>; onMerge(): void }) {
  const api = useApi();
  const lingered = useLingered(DUPLICATES_AFTER_MS);
  const nearest = useQuery({ ...editingQueries.nearest(api, item.id), enabled: lingered });
  return (
    <section aria-labelledby="review-nearest-title" aria-busy={nearest.isPending}>
      <h3 id="review-nearest-title">Possible duplicates</h3>
      {nearest.isPending ? (
        <p className="dim">Looking for close memories…</p>
      ) : nearest.isError ? (
        <ErrorState error={nearest.error} title="Could not look for duplicates" onRetry={() => void nearest.refetch()} />
      ) : nearest.data.length === 0 ? (
        <p className="dim">No existing {item.memory.type} says anything close.</p>
      ) : (
        <>
          <ul className="nearest-list" aria-label="Possible duplicates">
            {nearest.data.map((near) => (
              <li key={near.memory.id}>
                <span className="similarity" title="Shared words">
                  {percent(near.similarity)} similar
                </span>
                <MemoryLink memory={near.memory} />
              </li>
            ))}
          </ul>
          <button type="button" className="link-button" onClick={onMerge}>
            Merge into one of these…
          </button>
        </>
      )}
    </section>
  );
}
