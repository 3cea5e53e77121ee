/**
 * Edit in place: content, the type's fields, scope and project, sent with the version the form was
 * opened on. If someone else changed the memory meanwhile, the save is refused with
 * `version_conflict`; the form then shows both versions and lets the person keep theirs or re-apply
 * their own changes on top of the newer version.
 */
import { useState, type FormEvent } from 'react';
import type { EditMemoryRequest, MemoryView } from '../../../shared/contract';
import { describeError, isApiError } from '../../api/errors';
import { valueText, words } from '../../components/format';
import { useToast } from '../../components/toasts';
import { checkFields, fieldSpecs, fieldsPatch, type FieldSpec, toDraft } from './field-specs';
import { useEditMemory } from './memory-mutations';

interface Draft {
  content: string;
  fields: Record<string, string>;
  scope: string;
  project: string;
}

function draftOf(view: MemoryView): Draft {
  return {
    content: view.content,
    fields: Object.fromEntries(fieldSpecs(view.type).map((spec) => [spec.key, toDraft(spec, view.fields[spec.key])])),
    scope: view.scope,
    project: view.project ?? '',
  };
}

type Changes = Omit<EditMemoryRequest, 'id' | 'expectedVersion'>;

/** What the person changed relative to the version they started from. */
function changesOf(base: MemoryView, draft: Draft): Changes {
  const changes: Changes = {};
  if (draft.content !== base.content) changes.content = draft.content;
  const fields = fieldsPatch(base.type, base.fields, draft.fields);
  if (Object.keys(fields).length > 0) changes.fields = fields;
  if (draft.scope.trim() !== base.scope) changes.scope = draft.scope.trim();
  const project = draft.project.trim() === '' ? null : draft.project.trim();
  if (project !== base.project) changes.project = project;
  return changes;
}

/** The newer version a conflict carries (details.current), when it is there and looks like a view. */
function conflictingView(error: unknown): MemoryView | null {
  if (!isApiError(error) || error.code !== 'version_conflict') return null;
  const current = error.details?.current;
  if (typeof current !== 'object' || current === null || typeof (current as { version?: unknown }).version !== 'number') return null;
  return current as MemoryView;
}

interface Props {
  base: MemoryView;
  onDone(): void;
  /** The person chose the other version: show it. */
  onKeepTheirs(theirs: MemoryView): void;
}

export function EditForm({ base, onDone, onKeepTheirs }: Props) {
  const [draft, setDraft] = useState(() => draftOf(base));
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ theirs: MemoryView; mine: Changes } | null>(null);
  const edit = useEditMemory();
  const toast = useToast();
  const specs = fieldSpecs(base.type);

  const save = async (changes: Changes, expectedVersion: number) => {
    try {
      await edit.mutateAsync({ id: base.id, expectedVersion, ...changes });
      toast.success('Saved.');
      onDone();
    } catch (error) {
      const theirs = conflictingView(error);
      if (theirs !== null) {
        setConflict({ theirs, mine: changes });
        return;
      }
      const { code, message } = describeError(error);
      setProblem(`${code}: ${message}`);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const changes = changesOf(base, draft);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    if (changes.fields !== undefined) {
      const invalid = checkFields(base.type, base.fields, changes.fields);
      if (invalid !== null) {
        setProblem(`invalid_fields: ${invalid}`);
        return;
      }
    }
    void save(changes, base.version);
  };

  if (conflict !== null) {
    return (
      <ConflictPanel
        base={base}
        mine={conflict.mine}
        theirs={conflict.theirs}
        busy={edit.isPending}
        onKeepTheirs={() => onKeepTheirs(conflict.theirs)}
        onReapply={() => {
          const { mine, theirs } = conflict;
          setConflict(null);
          void save(mine, theirs.version);
        }}
      />
    );
  }

  return (
    <form className="card edit-form" aria-label="Edit memory" onSubmit={onSubmit} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <h2>Edit {base.type}</h2>
      <label className="field">
        <span>Content</span>
        <textarea
          autoFocus
          rows={5}
          value={draft.content}
          onChange={(event) => setDraft({ ...draft, content: event.target.value })}
        />
      </label>
      {specs.map((spec) => (
        <FieldInput
          key={spec.key}
          spec={spec}
          value={draft.fields[spec.key] ?? ''}
          onChange={(value) => setDraft({ ...draft, fields: { ...draft.fields, [spec.key]: value } })}
        />
      ))}
      <div className="field-row">
        <label className="field">
          <span>Scope</span>
          <input type="text" value={draft.scope} onChange={(event) => setDraft({ ...draft, scope: event.target.value })} />
        </label>
        <label className="field">
          <span>Project</span>
          <input type="text" value={draft.project} onChange={(event) => setDraft({ ...draft, project: event.target.value })} />
        </label>
      </div>
      {problem !== null && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <span className="dim">Editing version {base.version}</span>
      </div>
    </form>
  );
}

export function FieldInput({ spec, value, onChange }: { spec: FieldSpec; value: string; onChange(value: string): void }) {
  const label = words(spec.key);
  switch (spec.kind) {
    case 'enum':
      return (
        <label className="field">
          <span>{label}</span>
          <select value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">(none)</option>
            {spec.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      );
    case 'number':
      return (
        <label className="field">
          <span>
            {label}
            {spec.min !== null && spec.max !== null && <span className="dim"> ({spec.min} to {spec.max})</span>}
          </span>
          <input
            type="number"
            value={value}
            min={spec.min ?? undefined}
            max={spec.max ?? undefined}
            step={spec.integer ? 1 : 0.01}
            onChange={(event) => onChange(event.target.value)}
          />
        </label>
      );
    case 'list':
      return (
        <label className="field">
          <span>
            {label} <span className="dim">(one per line)</span>
          </span>
          <textarea rows={3} value={value} onChange={(event) => onChange(event.target.value)} />
        </label>
      );
    case 'text':
      return (
        <label className="field">
          <span>{label}</span>
          <input type="text" value={value} onChange={(event) => onChange(event.target.value)} />
        </label>
      );
    case 'readonly':
      return (
        <div className="field">
          <span>{label}</span>
          <code className="readonly-value">{value === '' ? '—' : value}</code>
        </div>
      );
  }
}

/** Side by side, for each part the person changed: what they wrote, and what is stored now. */
function ConflictPanel({
  base,
  mine,
  theirs,
  busy,
  onKeepTheirs,
  onReapply,
}: {
  base: MemoryView;
  mine: Changes;
  theirs: MemoryView;
  busy: boolean;
  onKeepTheirs(): void;
  onReapply(): void;
}) {
  const rows: { label: string; mine: unknown; theirs: unknown }[] = [];
  if (mine.content !== undefined) rows.push({ label: 'Content', mine: mine.content, theirs: theirs.content });
  for (const [key, value] of Object.entries(mine.fields ?? {})) rows.push({ label: words(key), mine: value, theirs: theirs.fields[key] });
  if (mine.scope !== undefined) rows.push({ label: 'Scope', mine: mine.scope, theirs: theirs.scope });
  if (mine.project !== undefined) rows.push({ label: 'Project', mine: mine.project, theirs: theirs.project });
  return (
    <section className="card conflict" role="alertdialog" aria-labelledby="conflict-title" aria-describedby="conflict-desc">
      <h2 id="conflict-title">
        <code className="error-code">version_conflict</code> Someone else changed this memory
      </h2>
      <p id="conflict-desc">
        You edited version {base.version}; it is now at version {theirs.version}. Choose which to keep.
      </p>
      <table className="conflict-table">
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs (version {theirs.version})</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td className="conflict-mine">{valueText(row.mine)}</td>
              <td className="conflict-theirs">{valueText(row.theirs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="primary" onClick={onReapply} disabled={busy}>
          Re-apply mine on top
        </button>
        <button type="button" onClick={onKeepTheirs} disabled={busy}>
          Keep theirs
        </button>
      </div>
    </section>
  );
}
