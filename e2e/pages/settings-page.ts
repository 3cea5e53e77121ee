/** Settings: the open mind file, provider, scheduler and decay cards. */
import { type Locator, type Page } from '@playwright/test';

export class SettingsPage {
  readonly heading: Locator;
  readonly mindPath: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    this.mindPath = page.getByTestId('mind-path');
  }

  card(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }
}
