/** What each line style means: one entry per kind of link. */
import type { LinkKind } from '../../../shared/model';
import { EDGE_STYLES } from './edge-kinds';

export function LineageLegend() {
  return (
    <ul className="lineage-legend" aria-label="Link kinds">
      {(Object.entries(EDGE_STYLES) as [LinkKind, (typeof EDGE_STYLES)[LinkKind]][]).map(([kind, style]) => (
        <li key={kind} data-kind={kind}>
          <svg width="28" height="8" aria-hidden="true">
            <line x1="0" y1="4" x2="28" y2="4" stroke={style.colour} strokeWidth="2" strokeDasharray={style.dash || undefined} />
          </svg>
          {style.label}
        </li>
      ))}
      <li className="dim">border: tier · bar: confidence · faded: superseded, archived or forgotten</li>
    </ul>
  );
}
