/**
 * The memory page's tabs. Each tab beyond Details is a view of its own feature (lineage, timeline,
 * history); it registers here with its label and panel, and the strip and deep links follow.
 */
import type { ReactNode } from 'react';
import { hrefOf, type MemoryTab } from '../../app/router';
import { HistoryTab } from '../history/history-tab';
import { TimelineTab } from '../timeline/timeline-tab';

/** What a tab's panel is given: the memory, and the instant it is seen at (null: now). */
export interface MemoryTabProps {
  id: string;
  asOf: string | null;
}

interface TabPanel {
  label: string;
  render(props: MemoryTabProps): ReactNode;
}

/** The tabs beyond Details, in the order the strip shows them. */
export const MEMORY_TAB_PANELS: Partial<Record<Exclude<MemoryTab, 'details'>, TabPanel>> = {
  timeline: { label: 'Timeline', render: (p) => <TimelineTab {...p} /> },
  history: { label: 'History', render: (p) => <HistoryTab {...p} /> },
};

const tabsShown = (): { tab: MemoryTab; label: string }[] => [
  { tab: 'details', label: 'Details' },
  ...Object.entries(MEMORY_TAB_PANELS).map(([tab, panel]) => ({ tab: tab as MemoryTab, label: panel.label })),
];

export function MemoryTabStrip({ id, current, asOf }: { id: string; current: MemoryTab; asOf: string | null }) {
  const tabs = tabsShown();
  if (tabs.length < 2) return null;
  return (
    <nav className="memory-tabs" aria-label="Memory views">
      {tabs.map(({ tab, label }) => (
        <a key={tab} href={hrefOf.memory(id, tab, asOf)} aria-current={tab === current ? 'page' : undefined} data-tab={tab}>
          {label}
        </a>
      ))}
    </nav>
  );
}

/** The panel of a tab other than Details, or null when no feature provides that tab. */
export function memoryTabPanel(tab: Exclude<MemoryTab, 'details'>, props: MemoryTabProps): ReactNode {
  const panel = MEMORY_TAB_PANELS[tab];
  return panel === undefined ? null : panel.render(props);
}
