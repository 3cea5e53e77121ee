/** The mind diff view: the window's two pickers, the categories with their counts, a category's list. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { DiffCategory } from '../../shared/mind-diff';

export class MindDiffPage {
  readonly heading: Locator;
  readonly categories: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Mind diff' });
    this.categories = page.getByRole('group', { name: 'Categories' });
  }

  picker(which: 'From' | 'To'): Locator {
    return this.page.getByRole('group', { name: which, exact: true });
  }

  /** Sets one end of the window by typing it (the page's time zone is UTC in the specs). */
  async setEnd(which: 'From' | 'To', iso: string): Promise<void> {
    const picker = this.picker(which);
    await picker.getByLabel(which, { exact: true }).fill(iso.slice(0, 19));
    await picker.getByRole('button', { name: which === 'From' ? 'Show' : 'Set' }).click();
  }

  category(category: DiffCategory): Locator {
    return this.categories.locator(`button[data-category="${category}"]`);
  }

  async counts(): Promise<Record<string, number>> {
    await expect(this.categories).toBeVisible();
    const pairs = await this.categories
      .locator('button[data-category]')
      .evaluateAll((buttons) => buttons.map((b) => [b.getAttribute('data-category') ?? '', Number(b.querySelector('.diff-count')?.textContent?.replace(/,/g, ''))]));
    return Object.fromEntries(pairs) as Record<string, number>;
  }

  list(label: string): Locator {
    return this.page.getByRole('region', { name: `${label} memories` });
  }

  item(label: string, id: string): Locator {
    return this.list(label).locator(`li[data-memory-id="${id}"]`);
  }
}
