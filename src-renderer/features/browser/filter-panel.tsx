/** The Browser's filters: each change rewrites the address, which is the one source of truth. */
import { words } from '../../components/format';
import { useStateFor } from '../../components/use-state-for';
import { type BrowserQuery, FILTER_VALUES, hasFilters, type ListFilterKey } from './browser-query';

const GROUPS: { key: ListFilterKey; legend: string }[] = [
  { key: 'types', legend: 'Type' },
  { key: 'tiers', legend: 'Tier' },
  { key: 'statuses', legend: 'Status' },
  { key: 'review', legend: 'Review' },
  { key: 'sources', legend: 'Source' },
];

interface Props {
  query: BrowserQuery;
  onChange(patch: Partial<BrowserQuery>): void;
  onClear(): void;
}

export function FilterPanel({ query, onChange, onClear }: Props) {
  const toggle = (key: ListFilterKey, value: string, on: boolean) => {
    const current = query[key] as string[];
    const next = on ? [...current, value] : current.filter((v) => v !== value);
    onChange({ [key]: next } as Partial<BrowserQuery>);
  };
  return (
    <aside className="filters" aria-label="Filters">
      <div className="filters-head">
        <h2>Filters</h2>
        <button type="button" className="link-button" onClick={onClear} disabled={!hasFilters({ ...query, text: '' })}>
          Clear filters
        </button>
      </div>
      {GROUPS.map((group) => (
        <fieldset key={group.key} className="filter-group">
          <legend>{group.legend}</legend>
          {FILTER_VALUES[group.key].map((value) => (
            <label key={value} className="check">
              <input
                type="checkbox"
                checked={(query[group.key] as string[]).includes(value)}
                onChange={(event) => toggle(group.key, value, event.target.checked)}
              />
              {value === 'none' ? 'never queued' : words(value)}
            </label>
          ))}
        </fieldset>
      ))}
      <fieldset className="filter-group">
        <legend>Stored confidence (%)</legend>
        <div className="range-inputs">
          <PercentInput label="Minimum confidence" value={query.minConfidence} onCommit={(v) => onChange({ minConfidence: v })} />
          <span aria-hidden="true">–</span>
          <PercentInput label="Maximum confidence" value={query.maxConfidence} onCommit={(v) => onChange({ maxConfidence: v })} />
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend>Scope</legend>
        <CommitInput label="Scope" value={query.scope} placeholder="any scope" onCommit={(scope) => onChange({ scope })} />
      </fieldset>
      <fieldset className="filter-group">
        <legend>Freshness</legend>
        <label className="check">
          <input type="checkbox" checked={query.stale} onChange={(event) => onChange({ stale: event.target.checked })} />
          stale only
        </label>
      </fieldset>
    </aside>
  );
}

/** A text field that applies its value on Enter or when it loses focus, not on every key. */
function CommitInput({ label, value, placeholder, onCommit }: { label: string; value: string; placeholder?: string; onCommit(v: string): void }) {
  const [draft, setDraft] = useStateFor(value, value);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <input
      type="text"
      aria-label={label}
      value={draft}
      placeholder={placeholder}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

function PercentInput({ label, value, onCommit }: { label: string; value: number | null; onCommit(v: number | null): void }) {
  const shown = value === null ? '' : String(Math.round(value * 100));
  const [draft, setDraft] = useStateFor(shown, shown);
  const commit = () => {
    if (draft.trim() === '') {
      if (value !== null) onCommit(null);
      return;
    }
    const number = Number(draft);
    if (!Number.isFinite(number)) {
      setDraft(shown);
      return;
    }
    const clamped = Math.max(0, Math.min(100, number)) / 100;
    if (clamped !== value) onCommit(clamped);
    else setDraft(shown);
  };
  return (
    <input
      type="number"
      min={0}
      max={100}
      step={1}
      inputMode="numeric"
      aria-label={label}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}
