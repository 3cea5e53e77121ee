/**
 * The memory page's tabs. Each tab beyond Details is a view of its own feature (lineage, timeline,
 * history); it registers here with its label and panel, and the strip and deep links follow.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../api/client';
import { memoryQueries } from '../../api/queries';
import { timelineQueries } from '../../api/timeline-queries';
import { hrefOf, type MemoryTab, type Route } from '../../app/router';
import { HistoryTab } from '../history/history-tab';
import { LineageTab } from '../lineage/lineage-tab';
import { TimelineTab } from '../timeline/timeline-tab';

/** What a tab's panel is given: the memory, and the instant it is seen at (null: now). */
export interface MemoryTabProps {
  id: string;
  asOf: string | null;
}

interface TabPanel {
  label: string;
  render(props: MemoryTabProps): ReactNode;
  /** Starts fetching the panel's data (a deep link to the tab fetches it alongside the memory, not after it). */
  prefetch?(client: QueryClient, api: ApiClient, props: MemoryTabProps): Promise<void>;
}

/** The tabs beyond Details, in the order the strip shows them. */
export const MEMORY_TAB_PANELS: Partial<Record<Exclude<MemoryTab, 'details'>, TabPanel>> = {
  lineage: { label: 'Lineage', render: (p) => <LineageTab {...p} /> },
  timeline: {
    label: 'Timeline',
    render: (p) => <TimelineTab {...p} />,
    prefetch: (client, api, p) => client.prefetchQuery(timelineQueries.timeline(api, p.id, p.asOf)),
  },
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

/** Starts fetching a tab's data, when its panel says how (see TabPanel.prefetch). */
export function prefetchMemoryTab(client: QueryClient, api: ApiClient, tab: MemoryTab, props: MemoryTabProps): void {
  if (tab === 'details') return;
  void MEMORY_TAB_PANELS[tab]?.prefetch?.(client, api, props);
}

/**
 * Starts fetching what a memory's page shows (the memory, and its tab's data when the tab says how)
 * as soon as the address names it: the host computes while the page is still rendering the route.
 */
export function prefetchMemoryPage(client: QueryClient, api: ApiClient, route: Route): void {
  if (route.view !== 'memory') return;
  void client.prefetchQuery(memoryQueries.detail(api, route.id, route.asOf));
  prefetchMemoryTab(client, api, route.tab, { id: route.id, asOf: route.asOf });
}
