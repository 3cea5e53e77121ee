/** The review queue's dialogs: reject with a reason, merge into an existing memory, and the keys. */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { QueueItem } from '../../../shared/contract/review';
import { useApi } from '../../api/client';
import { editingQueries } from '../../api/editing-queries';
import { memoryQueries } from '../../api/queries';
import { Dialog } from '../../components/dialog';
import { FormButtons, FormProblem } from '../../components/form-parts';
import { percent } from '../../components/format';
import { TypeBadge } from '../../components/badges';

/** A reason is required, here and by the contract: it is kept with the never-learn-again rejection. */
export function ReasonField({ value, onChange, problem }: { value: string; onChange(value: string): void; problem: string | null }) {
  const hint = useId();
  const error = useId();
  return (
    <>
      <label className="field">
        <span>Reason (required)</span>
        <textarea
          data-autofocus
          required
          rows={3}
          value={value}
          aria-invalid={problem !== null}
          aria-describedby={`${hint}${problem !== null ? ` ${error}` : ''}`}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter decides, Shift+Enter starts a new line: a reason is usually one line.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
      </label>
      <p id={hint} className="dim">
        Kept with the rejection, so the mind does not learn this again (you can revoke it under Rejections).
      </p>
      <FormProblem problem={problem} id={error} />
    </>
  );
}

export const EMPTY_REASON = 'Say why it is rejected: the reason is kept so the mind does not learn this again.';

export function RejectDialog({ item, onReject, onClose }: { item: QueueItem; onReject(reason: string): void; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setProblem(EMPTY_REASON);
      return;
    }
    onReject(reason.trim());
  };
  return (
    <Dialog title={item.kind === 'proposal' ? 'Decline this proposal' : 'Reject this memory'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="dialog-quote">{item.kind === 'memory' ? item.memory.content : `${item.what} proposal ${item.id}`}</p>
        <ReasonField value={reason} onChange={setReason} problem={problem} />
        <FormButtons submit="Reject" danger onCancel={onClose} />
      </form>
    </Dialog>
  );
}

type Target = { id: string; version: number; content: string; similarity: number | null };

/** Merge into an existing memory of the same type: the possible duplicates first, or any found by search. */
export function MergeDialog({ item, onMerge, onClose }: { item: Extract<QueueItem, { kind: 'memory' }>; onMerge(target: Target): void; onClose(): void }) {
  const api = useApi();
  const nearest = useQuery(editingQueries.nearest(api, item.id));
  const [query, setQuery] = useState('');
  const search = useQuery(memoryQueries.search(api, query, 20));
  const [picked, setChosen] = useState<string | null>(null);
  const near: Target[] = (nearest.data ?? []).map((n) => ({ id: n.memory.id, version: n.memory.version, content: n.memory.content, similarity: n.similarity }));
  const found: Target[] = (search.data ?? [])
    .filter((hit) => hit.type === item.memory.type && hit.status === 'active' && hit.id !== item.id && !near.some((n) => n.id === hit.id))
    .map((hit) => ({ id: hit.id, version: hit.version, content: hit.content, similarity: null }));
  const options = [...near, ...found];
  // The closest duplicate is chosen to begin with: Enter merges into it.
  const chosen = picked ?? options[0]?.id ?? null;
  const target = options.find((o) => o.id === chosen) ?? null;
  return (
    <Dialog title="Merge into an existing memory" onClose={onClose} wide>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (target !== null) onMerge(target);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.target as HTMLInputElement).type === 'radio') {
            event.preventDefault();
            event.currentTarget.requestSubmit();
          }
        }}
      >
        <p className="dialog-quote">{item.memory.content}</p>
        <p className="dim">
          The {item.memory.type} you choose takes its evidence (each new episode reinforces it); this one is superseded by it.
        </p>
        <label className="field">
          <span>Find another {item.memory.type}</span>
          {/* Focus starts here: typing searches, Enter merges into the chosen one (the closest to begin with). */}
          <input data-autofocus type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Words it contains" />
        </label>
        <fieldset className="merge-options">
          <legend>Merge into</legend>
          {options.length === 0 ? (
            <p className="dim">{nearest.isPending ? 'Looking for close memories…' : `No ${item.memory.type} to merge into yet: search for one.`}</p>
          ) : (
            options.map((option) => (
              <label key={option.id} className="check merge-option">
                <input
                  type="radio"
                  name="merge-target"
                  value={option.id}
                  checked={chosen === option.id}
                  onChange={() => setChosen(option.id)}
                />
                <TypeBadge type={item.memory.type} />
                <span className="ref-content">{option.content}</span>
                {option.similarity !== null && <span className="similarity">{percent(option.similarity)} similar</span>}
              </label>
            ))
          )}
        </fieldset>
        <FormButtons submit="Merge" disabled={target === null} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export const REVIEW_KEYS: readonly [string, string][] = [
  ['j / k', 'next / previous item'],
  ['a', 'approve (a proposal: apply it)'],
  ['e', 'edit, then approve'],
  ['m', 'merge into an existing memory'],
  ['r', 'reject, with a reason'],
  ['s', 'skip (it stays in the queue)'],
  ['x', 'select for a bulk decision'],
  ['u', 'undo the last action'],
  ['?', 'show these keys'],
];

export function KeysDialog({ keys, onClose }: { keys: readonly [string, string][]; onClose(): void }) {
  return (
    <Dialog title="Keys" onClose={onClose}>
      <dl className="keys-list">
        {keys.map(([key, what]) => (
          <div key={key} className="kv-pair">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <div className="actions">
        <button type="button" data-autofocus onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
