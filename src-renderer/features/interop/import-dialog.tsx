/**
 * File → Import…: what kind of source, which file, a preview (the importer's dry run: counts per
 * type, links, journal entries, rows already there, problems), then the import with a progress
 * bar, and the result with links to what came in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { IMPORT_KIND_NAMES, type ImportSummaryView } from '../../../shared/contract/interop';
import { MEMORY_TYPES, type MemoryType } from '../../../shared/model';
import { useApi } from '../../api/client';
import { KEYS } from '../../api/queries';
import { hrefOf } from '../../app/router';
import { ChoiceField } from '../../components/choice-field';
import { count } from '../../components/format';
import { FormError } from '../../components/form-error';
import { ModalDialog } from '../../components/modal-dialog';
import { browserParams } from '../browser/browser-query';
import { InteropProgressLine, useInteropProgress } from './interop-progress';
import { PathField } from './path-field';
import { typePlural } from '../../components/type-nouns';

type ImportKindName = (typeof IMPORT_KIND_NAMES)[number];

const KIND_LABELS: Record<ImportKindName, string> = {
  json: 'Mindloom JSON (an export of a mind)',
  kernle: 'Kernle database (memories.db)',
  engram: 'Engram database (~/.claude-memory/memory.db)',
  alexandria: 'Alexandria database (alexandria.db)',
  'mcp-memory': 'MCP memory server (JSONL)',
  transcripts: 'Transcripts (JSONL, one turn a line)',
};

export function ImportDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const titleId = useId();
  const stackId = useId();
  const progress = useInteropProgress();
  const [kind, setKind] = useState<ImportKindName>('json');
  const [path, setPath] = useState('');
  // A Kernle file's stacks are known from its first preview; '' imports every one of them.
  const [stacks, setStacks] = useState<readonly string[]>([]);
  const [stack, setStack] = useState('');
  const request = (chosen = stack) => ({ kind, path: path.trim(), ...(kind === 'kernle' && chosen !== '' ? { stack: chosen } : {}) });
  const preview = useMutation({
    mutationFn: (previewed: ReturnType<typeof request>) => api.call('interop.preview', previewed),
    onSuccess: (summary) => setStacks(summary.stacks ?? []),
  });
  const run = useMutation({
    mutationFn: () => api.call('interop.import', request()),
    onSuccess: () => {
      for (const key of [KEYS.overview, KEYS.memories, KEYS.consolidation]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const reset = () => {
    preview.reset();
    run.reset();
    setStacks([]);
    setStack('');
  };

  return (
    <ModalDialog labelledBy={titleId} className="interop-dialog" onClose={onClose}>
      <h2 id={titleId}>Import into this mind</h2>
      {run.data ? (
        <ImportResult summary={run.data} onClose={onClose} />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            preview.mutate(request());
          }}
        >
          <ChoiceField
            label="Kind of source"
            names={IMPORT_KIND_NAMES}
            labels={KIND_LABELS}
            value={kind}
            onChange={(next) => {
              setKind(next);
              reset();
            }}
          />
          <PathField
            label="File to import (a path on the machine running Mindloom)"
            purpose="import"
            value={path}
            onChange={(next) => {
              setPath(next);
              reset();
            }}
          />
          {kind === 'kernle' && stacks.length > 1 && (
            <label className="field" htmlFor={stackId}>
              <span>Stack</span>
              <select
                id={stackId}
                value={stack}
                disabled={preview.isPending || run.isPending}
                onChange={(event) => {
                  // The preview follows the choice, so its counts are always those of what Import would bring in.
                  setStack(event.target.value);
                  preview.mutate(request(event.target.value));
                }}
              >
                <option value="">Every stack ({stacks.length})</option>
                {stacks.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {preview.data && <ImportCounts summary={preview.data} heading="Preview: importing this file would bring in" />}
          {run.isPending && <InteropProgressLine progress={progress} label="Importing…" />}
          <FormError error={preview.error ?? run.error} />
          <div className="actions">
            <button type="submit" className={preview.data ? undefined : 'primary'} disabled={path.trim() === '' || preview.isPending || run.isPending}>
              {preview.isPending ? 'Previewing…' : 'Preview'}
            </button>
            <button type="button" className={preview.data ? 'primary' : undefined} disabled={!preview.data || run.isPending} onClick={() => run.mutate()}>
              {run.isPending ? 'Importing…' : 'Import'}
            </button>
            <button type="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

function ImportCounts({ summary, heading }: { summary: ImportSummaryView; heading: string }) {
  const types = MEMORY_TYPES.filter((type) => (summary.imported.byType[type] ?? 0) > 0);
  return (
    <section className="import-counts" aria-label={heading}>
      <h3>{heading}</h3>
      <table>
        <tbody>
          {types.map((type) => (
            <tr key={type}>
              <th scope="row">{type}</th>
              <td>{count(summary.imported.byType[type] ?? 0)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">links</th>
            <td>{count(summary.imported.links)}</td>
          </tr>
          <tr>
            <th scope="row">journal entries</th>
            <td>{count(summary.imported.journal)}</td>
          </tr>
          <tr>
            <th scope="row">already in this mind (skipped)</th>
            <td>{count(summary.skipped)}</td>
          </tr>
        </tbody>
      </table>
      {summary.problems.length > 0 && (
        <>
          <h3>Problems found ({summary.problems.length})</h3>
          <ul className="import-problems">
            {summary.problems.map((problem, index) => (
              <li key={index}>
                <code>{problem.place}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ImportResult({ summary, onClose }: { summary: ImportSummaryView; onClose(): void }) {
  const types = (Object.keys(summary.imported.byType) as MemoryType[]).filter((type) => (summary.imported.byType[type] ?? 0) > 0);
  return (
    <div className="import-result" role="status">
      <ImportCounts summary={summary} heading="Imported" />
      {types.length > 0 && (
        <p>
          See them:{' '}
          {types.map((type, index) => (
            <span key={type}>
              {index > 0 && ', '}
              <a href={hrefOf.browser(browserParams({ types: [type] }))} onClick={onClose}>
                {typePlural(type)}
              </a>
            </span>
          ))}{' '}
          or <a href={hrefOf.browser(browserParams({}))} onClick={onClose}>all memories</a>.
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
