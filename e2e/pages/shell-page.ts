/** The frame around an open mind: main navigation and the mind's name. */
import { expect, type Locator, type Page } from '@playwright/test';

export type Section = 'Overview' | 'Browser' | 'Recall' | 'Mind diff' | 'Runs' | 'Settings';

export class ShellPage {
  readonly nav: Locator;
  readonly mindName: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.mindName = this.nav.locator('.mind-name');
  }

  link(section: Section): Locator {
    return this.nav.getByRole('link', { name: section, exact: true });
  }

  async goTo(section: Section): Promise<void> {
    await this.link(section).click();
    await this.expectCurrent(section);
  }

  async expectCurrent(section: Section): Promise<void> {
    await expect(this.link(section)).toHaveAttribute('aria-current', 'page');
  }
}
