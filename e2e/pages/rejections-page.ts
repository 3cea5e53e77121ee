/** #/rejections: never-learn-again rejections with their reasons, revoked one at a time. */
import { expect, type Locator, type Page } from '@playwright/test';

export class RejectionsPage {
  readonly heading: Locator;
  readonly inForce: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Rejections' });
    this.inForce = page.getByRole('list', { name: 'Rejections in force' });
  }

  async open(go: (hash: string) => Promise<void>): Promise<void> {
    await go('#/rejections');
    await expect(this.heading).toBeVisible();
  }

  rejection(text: string): Locator {
    return this.inForce.locator('li').filter({ hasText: text });
  }
}
