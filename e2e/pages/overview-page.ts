/** The Overview: counts by type / tier / status and what needs attention, each a link to the Browser. */
import { expect, type Locator, type Page } from '@playwright/test';

/** "1,234" → 1234 */
const parseCount = (text: string): number => Number(text.replace(/[^\d]/g, ''));

export class OverviewPage {
  readonly heading: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Overview' });
    this.emptyState = page.getByRole('status').filter({ hasText: 'This mind is empty' });
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.statLink('Memories').or(this.emptyState)).toBeVisible();
  }

  /** A headline figure ("Memories", "Review queue", "Uncertain") as a link into the Browser. */
  statLink(label: string): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^${label}: [\\d,]+\\+? — show in \\w+$`) });
  }

  async stat(label: string): Promise<number> {
    return parseCount(await this.statLink(label).innerText());
  }

  /** The bar of one key in a "By type" / "By tier" / "By status" card. */
  bar(card: 'By type' | 'By tier' | 'By status', key: string): Locator {
    return this.page
      .getByRole('region', { name: card })
      .getByRole('link', { name: new RegExp(`^${key} [\\d,]+ — show in Browser$`) });
  }

  async barCount(card: 'By type' | 'By tier' | 'By status', key: string): Promise<number> {
    return parseCount(await this.bar(card, key).locator('.bar-value').innerText());
  }

  /** A figure without a link (open contradictions). */
  async plainStat(label: string): Promise<number> {
    const value = this.page.locator('.stat', { has: this.page.locator('dt', { hasText: label }) }).locator('dd');
    return parseCount(await value.innerText());
  }
}
