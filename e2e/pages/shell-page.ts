/** The frame around an open mind: main navigation, the mind's name, the palette button. */
import { expect, type Locator, type Page } from '@playwright/test';

export type Section = 'Overview' | 'Browser' | 'Settings';

export class ShellPage {
  readonly nav: Locator;
  readonly mindName: Locator;
  readonly paletteButton: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.mindName = this.nav.locator('.mind-name');
    this.paletteButton = this.nav.getByRole('button', { name: /Jump to/ });
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

  /** The hash route the app shows (the address is the app's state). */
  async route(): Promise<string> {
    return new URL(this.page.url()).hash;
  }
}
