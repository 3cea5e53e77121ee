/** Toasts: short notices in the "Notifications" live region; errors carry their typed code. */
import { type Locator, type Page } from '@playwright/test';

export class Toasts {
  readonly region: Locator;
  readonly all: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Notifications' });
    this.all = this.region.getByTestId('toast');
  }

  withText(text: string | RegExp): Locator {
    return this.all.filter({ hasText: text });
  }
}
