/** #/inbox: raw captures newest first, promoted or dismissed one at a time or in a batch. */
import { expect, type Locator, type Page } from '@playwright/test';

export class InboxPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly batchBar: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Inbox' });
    this.list = page.getByRole('list', { name: 'Raw captures, newest first' });
    this.batchBar = page.getByRole('toolbar', { name: 'Batch triage' });
  }

  async open(go: (hash: string) => Promise<void>): Promise<void> {
    await go('#/inbox');
    await expect(this.heading).toBeVisible();
  }

  capture(text: string): Locator {
    return this.list.locator('li').filter({ hasText: text });
  }

  async texts(): Promise<string[]> {
    return this.list.locator('.capture-text').allInnerTexts();
  }

  select(text: string): Locator {
    return this.capture(text).getByRole('checkbox');
  }
}
