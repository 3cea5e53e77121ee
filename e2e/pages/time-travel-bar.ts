/** The time control above the Browser and the memory page: its picker, the banner while travelling, "Back to now". */
import { expect, type Locator, type Page } from '@playwright/test';

export class TimeTravelBar {
  readonly open: Locator;
  readonly banner: Locator;
  readonly backToNow: Locator;
  readonly picker: Locator;

  constructor(readonly page: Page) {
    this.open = page.getByRole('button', { name: 'Time travel…' });
    this.banner = page.getByRole('region', { name: 'Time travel' });
    this.backToNow = this.banner.getByRole('button', { name: 'Back to now' });
    this.picker = page.getByRole('group', { name: 'See the mind as of', exact: true });
  }

  /**
   * Travels to `iso` through the picker: the date and time typed into the input in the page's
   * local time (specs pin the time zone to UTC, so it is the ISO text without its zone).
   */
  async travelTo(iso: string): Promise<void> {
    await this.open.click();
    await this.picker.getByLabel('See the mind as of', { exact: true }).fill(iso.slice(0, 19));
    await this.picker.getByRole('button', { name: 'Show' }).click();
    await expect(this.banner).toBeVisible();
  }

  async expectTravelling(dateText: RegExp): Promise<void> {
    await expect(this.banner.getByRole('status')).toHaveText(/^Seeing the mind as of /);
    await expect(this.banner.getByRole('status')).toHaveText(dateText);
  }
}
