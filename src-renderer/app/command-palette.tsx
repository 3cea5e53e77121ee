/**
 * Command palette (Ctrl/Cmd-K): jump to any view or a filtered Browser by fuzzy name, open a memory
 * by its id, or find one by its words through full-text search.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isMemoryId, MEMORY_TYPES, TIERS } from '../../shared/model';
import { useApi } from '../api/client';
import { memoryQueries } from '../api/queries';
import { TypeBadge } from '../components/badges';
import { fuzzyFilter } from '../components/fuzzy';
import { excerptAround, Highlighted, type Range } from '../components/highlight';
import { useDebounced } from '../components/use-timers';
import { browserParams } from '../features/browser/browser-query';
import { hrefOf, navigate } from './router';

interface Command {
  id: string;
  label: string;
  hint: string;
  href: string;
}

const COMMANDS: Command[] = [
  { id: 'overview', label: 'Overview', hint: 'view', href: hrefOf.overview() },
  { id: 'browser', label: 'Browser', hint: 'view', href: hrefOf.browser() },
  { id: 'settings', label: 'Settings', hint: 'view', href: hrefOf.settings() },
  { id: 'diff', label: 'Mind diff: what changed between two dates', hint: 'view', href: hrefOf.diff() },
  { id: 'recall', label: 'Recall: what the agent would be reminded of (search by meaning)', hint: 'view', href: hrefOf.recall() },
  { id: 'runs', label: 'Consolidation runs: what each changed, and revert', hint: 'view', href: hrefOf.runs() },
  { id: 'review', label: 'Review queue', hint: 'browser filter', href: hrefOf.browser(browserParams({ review: ['pending'] })) },
  {
    id: 'uncertain',
    label: 'Uncertain memories',
    hint: 'browser filter',
    href: hrefOf.browser(browserParams({ statuses: ['active'], maxConfidence: 0.5, sort: 'confidence', direction: 'asc' })),
  },
  ...MEMORY_TYPES.map((type) => ({
    id: `type-${type}`,
    label: `Browse ${type} memories`,
    hint: 'browser filter',
    href: hrefOf.browser(browserParams({ types: [type] })),
  })),
  ...TIERS.map((tier) => ({
    id: `tier-${tier}`,
    label: `Browse ${tier} tier`,
    hint: 'browser filter',
    href: hrefOf.browser(browserParams({ tiers: [tier] })),
  })),
];

/** An imported memory's id where it came from, `kernle:UUID`: the mind resolves it to the memory. */
const ORIGIN_ID_PATTERN = /^[a-z][a-z0-9-]*:\S+$/;
const SEARCH_DEBOUNCE_MS = 150;
const SEARCH_LIMIT = 8;

type Option =
  | { kind: 'command'; key: string; command: Command }
  | { kind: 'id'; key: string; id: string }
  | { kind: 'memory'; key: string; id: string; type: (typeof MEMORY_TYPES)[number]; text: string; ranges: readonly Range[] };

export function CommandPalette({ open, onClose }: { open: boolean; onClose(): void }) {
  if (!open) return null;
  return <PaletteDialog onClose={onClose} />;
}

function PaletteDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const [text, setText] = useState('');
  const debounced = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const returnFocus = useRef<Element | null>(document.activeElement);

  useEffect(() => {
    input.current?.focus();
    const previous = returnFocus.current;
    return () => {
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, []);

  const search = useQuery({ ...memoryQueries.search(api, debounced, SEARCH_LIMIT), enabled: debounced.length >= 2 });
  const originId = ORIGIN_ID_PATTERN.test(debounced) ? debounced : '';
  // The same call that opens a memory by id; an origin id that names nothing simply offers nothing.
  const imported = useQuery({ ...memoryQueries.detail(api, originId), enabled: originId !== '', retry: false });

  const options = useMemo<Option[]>(() => {
    const trimmed = text.trim();
    const commands = fuzzyFilter(COMMANDS, trimmed, (c) => c.label).slice(0, trimmed === '' ? COMMANDS.length : 6);
    const list: Option[] = [];
    if (isMemoryId(trimmed)) list.push({ kind: 'id', key: `id-${trimmed}`, id: trimmed });
    if (originId !== '' && originId === trimmed && imported.data !== undefined) {
      const memory = imported.data;
      list.push({ kind: 'memory', key: `origin-${memory.id}`, id: memory.id, type: memory.type, text: memory.content, ranges: [] });
    }
    list.push(...commands.map((command): Option => ({ kind: 'command', key: command.id, command })));
    if (debounced.length >= 2 && debounced === trimmed) {
      for (const hit of search.data ?? []) {
        // A snippet centres its match in some sixteen words; a one-line row shows fewer, so it starts near the match.
        const shown = excerptAround(hit.snippet.text, hit.snippet.highlights);
        list.push({ kind: 'memory', key: `m-${hit.id}`, id: hit.id, type: hit.type, text: shown.text, ranges: shown.ranges });
      }
    }
    // Words may mean more than they match: the same words asked of the mind, as the agent's recall would.
    if (trimmed.length >= 2 && !isMemoryId(trimmed)) {
      const ask = { id: 'recall-query', label: `Ask the mind: “${trimmed}”`, hint: 'recall, by meaning', href: hrefOf.recall(trimmed) };
      list.push({ kind: 'command', key: ask.id, command: ask });
    }
    return list;
  }, [text, debounced, search.data, originId, imported.data]);

  const clamped = Math.min(active, Math.max(0, options.length - 1));

  const choose = (option: Option | undefined) => {
    if (option === undefined) return;
    onClose();
    navigate(option.kind === 'command' ? option.command.href : hrefOf.memory(option.id));
  };

  return (
    <div className="palette-backdrop" onMouseDown={onClose}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          } else if (event.key === 'ArrowDown' || (event.key === 'n' && event.ctrlKey)) {
            event.preventDefault();
            setActive((clamped + 1) % Math.max(1, options.length));
          } else if (event.key === 'ArrowUp' || (event.key === 'p' && event.ctrlKey)) {
            event.preventDefault();
            setActive((clamped - 1 + options.length) % Math.max(1, options.length));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            choose(options[clamped]);
          } else if (event.key === 'Tab') {
            // The input is the dialog's only stop; options are reached with the arrows.
            event.preventDefault();
          }
        }}
      >
        <input
          ref={input}
          type="text"
          role="combobox"
          aria-label="Jump to a view or memory"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options[clamped] === undefined ? undefined : `${listId}-${clamped}`}
          placeholder="Go to a view, a memory id, or search memories…"
          value={text}
          onChange={(event) => {
            // New words, new options: the first one is active again.
            setText(event.target.value);
            setActive(0);
          }}
        />
        <ul id={listId} role="listbox" aria-label="Results" className="palette-list">
          {options.map((option, i) => (
            <li
              key={option.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === clamped}
              className={i === clamped ? 'is-active' : undefined}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(option)}
            >
              {option.kind === 'command' && (
                <>
                  <span>{option.command.label}</span>
                  <span className="dim">{option.command.hint}</span>
                </>
              )}
              {option.kind === 'id' && (
                <>
                  <span>
                    Open memory <code>{option.id}</code>
                  </span>
                  <span className="dim">by id</span>
                </>
              )}
              {option.kind === 'memory' && (
                <>
                  <span className="palette-memory">
                    <TypeBadge type={option.type} /> <Highlighted text={option.text} ranges={option.ranges} />
                  </span>
                  <code className="dim">{option.id}</code>
                </>
              )}
            </li>
          ))}
        </ul>
        <div className="palette-foot dim" aria-live="polite">
          {search.isFetching ? 'Searching…' : search.isError ? 'Search failed' : debounced.length >= 2 && search.data?.length === 0 ? 'No memories match' : '↑↓ to move · Enter to open · Esc to close'}
        </div>
      </div>
    </div>
  );
}
