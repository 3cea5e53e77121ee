/** The memory page's Timeline and History tabs: the chart, its events table, and the history's diffs and reverts. */
import { expect, type Locator, type Page } from '@playwright/test';

export class TimelinePage {
  readonly chart: Locator;
  readonly figure: Locator;
  readonly events: Locator;
  readonly selected: Locator;
  readonly overlays: Locator;
  readonly history: Locator;

  constructor(readonly page: Page) {
    this.chart = page.getByTestId('timeline-chart');
    this.figure = page.getByRole('group', { name: /^Confidence chart/ });
    this.events = page.getByRole('table', { name: 'Changes to confidence' }).locator('tbody tr');
    this.selected = page.getByTestId('timeline-selected');
    this.overlays = page.getByRole('group', { name: 'Overlay the supersession chain' });
    this.history = page.getByRole('list', { name: 'History entries' });
  }

  tab(name: 'Details' | 'Timeline' | 'History'): Locator {
    return this.page.getByRole('navigation', { name: 'Memory views' }).getByRole('link', { name, exact: true });
  }

  /** Waits for the chart to be drawn; returns how many change markers it drew. */
  async paintedMarkers(): Promise<number> {
    await expect(this.chart).toHaveAttribute('data-painted', /^\d+$/);
    return Number(await this.chart.getAttribute('data-painted'));
  }

  /** The events table's rows, newest first, as [op, cause]. */
  async eventRows(): Promise<[string, string][]> {
    return this.events.evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-op') ?? '', row.getAttribute('data-cause') ?? ''] as [string, string]));
  }

  historyEntry(op: string): Locator {
    return this.history.locator(`li.history-item[data-op="${op}"]`);
  }

  revertButton(entry: Locator, field: string): Locator {
    return entry.locator(`tr[data-field="${field}"]`).getByRole('button', { name: /^Revert this change/ });
  }
}
