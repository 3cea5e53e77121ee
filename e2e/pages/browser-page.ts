/** The Browser: the virtualized grid of memories, its filters, search box and sort controls. */
import { expect, type Locator, type Page } from '@playwright/test';

export type FilterGroup = 'Type' | 'Tier' | 'Status' | 'Review' | 'Source';

export class BrowserPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly rows: Locator;
  readonly search: Locator;
  readonly sortSelect: Locator;
  readonly directionButton: Locator;
  readonly filters: Locator;
  readonly noMatches: Locator;
  /** The line above the grid: how many memories the list holds (or has loaded). */
  readonly listStatus: Locator;
  /** What the list says of how its search words were read (too common to list every match, words left out). */
  readonly searchNote: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Browser' });
    this.grid = page.getByRole('grid', { name: 'Memories' });
    // Body rows carry their memory's id; the header row does not.
    this.rows = this.grid.locator('[role="row"][data-memory-id]');
    this.search = page.getByRole('searchbox', { name: 'Search memories' });
    this.sortSelect = page.getByLabel('Sort by');
    this.directionButton = page.getByRole('button', { name: /^(Ascending|Descending)$/ });
    this.filters = page.getByRole('complementary', { name: 'Filters' });
    this.noMatches = page.getByText('No memories match');
    this.listStatus = page.getByRole('region', { name: 'Results' }).locator('.list-status');
    this.searchNote = page.getByRole('region', { name: 'Results' }).locator('.list-note');
  }

  async expectRows(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
  }

  row(id: string): Locator {
    return this.grid.locator(`[role="row"][data-memory-id="${id}"]`);
  }

  /** The confidence trail beside a row's meter (drawn only for a memory whose stored confidence moved). */
  trail(id: string): Locator {
    return this.row(id).getByTestId('confidence-trail');
  }

  /** The ids of the rows in the DOM (the virtualizer renders those in view plus a few), top to bottom. */
  async renderedIds(): Promise<string[]> {
    const rows = await this.rows.evaluateAll((elements) =>
      elements.map((e) => ({ id: e.getAttribute('data-memory-id') ?? '', index: Number(e.getAttribute('aria-rowindex')) })),
    );
    return rows.sort((a, b) => a.index - b.index).map((r) => r.id);
  }

  /** One column's text for each rendered row, top to bottom. */
  async renderedColumn(cell: 'type' | 'tier' | 'content' | 'confidence'): Promise<string[]> {
    const rows = await this.rows.evaluateAll(
      (elements, selector) =>
        elements.map((e) => ({ index: Number(e.getAttribute('aria-rowindex')), text: e.querySelector(selector)?.textContent ?? '' })),
      `.cell-${cell}`,
    );
    return rows.sort((a, b) => a.index - b.index).map((r) => r.text.trim());
  }

  filterBox(group: FilterGroup, label: string): Locator {
    return this.filters.getByRole('group', { name: group }).getByRole('checkbox', { name: label, exact: true });
  }

  async setFilter(group: FilterGroup, label: string, on = true): Promise<void> {
    const box = this.filterBox(group, label);
    if (on) await box.check();
    else await box.uncheck();
  }

  async clearFilters(): Promise<void> {
    await this.filters.getByRole('button', { name: 'Clear filters' }).click();
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }

  async sortBy(key: 'updated' | 'created' | 'confidence' | 'type' | 'tier'): Promise<void> {
    await this.sortSelect.selectOption(key);
  }

  columnHeader(label: string): Locator {
    return this.grid.getByRole('columnheader', { name: label });
  }

  /** The Browser's state as the address holds it (`#/browser?type=belief&sort=…`). */
  async params(): Promise<URLSearchParams> {
    const hash = new URL(this.page.url()).hash;
    return new URLSearchParams(hash.split('?')[1] ?? '');
  }
}
