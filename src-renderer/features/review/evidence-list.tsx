/** Episodes an item stands on, each opened in place (its whole text, outcome and lessons) or on its page. */
import { useState } from 'react';
import type { EvidenceItem } from '../../../shared/contract/review';
import { hrefOf } from '../../app/router';
import { StatusBadge, TypeBadge } from '../../components/badges';
import { valueText, words } from '../../components/format';
import { TimeAgo } from '../../components/time-ago';

export function EvidenceList({ items, label, empty }: { items: readonly EvidenceItem[]; label: string; empty: string }) {
  if (items.length === 0) return <p className="dim">{empty}</p>;
  return (
    <ul className="evidence-items" aria-label={label}>
      {items.map((item) => (
        <EvidenceEntry key={item.id} item={item} />
      ))}
    </ul>
  );
}

function EvidenceEntry({ item }: { item: EvidenceItem }) {
  const [open, setOpen] = useState(false);
  const panel = `evidence-${item.id}`;
  const fields = Object.entries(item.fields).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return (
    <li className="evidence-entry">
      <button type="button" className="evidence-toggle" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
        <span className="evidence-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <TypeBadge type={item.type} />
        <span className="evidence-line">{item.content}</span>
      </button>
      {open && (
        <div id={panel} className="evidence-panel">
          <p className="evidence-text">{item.content}</p>
          {fields.length > 0 && (
            <dl className="kv">
              {fields.map(([key, value]) => (
                <div key={key} className="kv-pair">
                  <dt>{words(key)}</dt>
                  <dd>{Array.isArray(value) ? value.join('; ') : valueText(value)}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="dim">
            <code>{item.id}</code> <StatusBadge status={item.status} /> · <TimeAgo iso={item.createdAt} /> ·{' '}
            <a href={hrefOf.memory(item.id)}>Open {item.type}</a>
          </p>
        </div>
      )}
    </li>
  );
}
