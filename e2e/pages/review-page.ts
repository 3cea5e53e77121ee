/** #/review: the queue (list and current item), its dialogs, bulk decisions and conflicts. */
import { expect, type Locator, type Page } from '@playwright/test';

export class ReviewPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly current: Locator;
  readonly card: Locator;
  readonly content: Locator;
  readonly total: Locator;
  readonly conflict: Locator;
  readonly bulkBar: Locator;
  readonly evidence: Locator;
  readonly duplicates: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Review' });
    this.list = page.getByRole('list', { name: 'Waiting for review' });
    this.current = this.list.locator('li[aria-current="true"]');
    this.card = page.locator('article.review-item');
    this.content = this.card.getByTestId('review-content');
    this.total = page.getByTestId('review-total');
    this.conflict = page.locator('.conflict-banner');
    this.bulkBar = page.getByRole('toolbar', { name: 'Bulk decisions' });
    this.evidence = this.card.getByRole('list', { name: 'Evidence', exact: true });
    this.duplicates = this.card.getByRole('list', { name: 'Possible duplicates' });
  }

  async open(go: (hash: string) => Promise<void>): Promise<void> {
    await go('#/review');
    await expect(this.heading).toBeVisible();
  }

  async expectCurrent(text: string): Promise<void> {
    await expect(this.content).toHaveText(text);
    await expect(this.current).toContainText(text);
  }

  async expectWaiting(count: number): Promise<void> {
    await expect(this.total).toHaveText(`${count} waiting`);
  }

  /** Presses a shortcut with focus away from any field (as a person reviewing by keyboard does). */
  async key(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }

  /** Selects the current item and the next `count - 1` from the keyboard: x selects, j moves on. */
  async selectFromCurrent(count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      await this.key('x');
      if (i < count - 1) await this.key('j');
    }
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  get rejectDialog(): Locator {
    return this.dialog(/^(Reject this memory|Decline this proposal)$/);
  }

  get mergeDialog(): Locator {
    return this.dialog('Merge into an existing memory');
  }

  get keysDialog(): Locator {
    return this.dialog('Keys');
  }

  bulkDialog(action: 'Approve' | 'Reject', count: number): Locator {
    return this.dialog(`${action} ${count} selected`);
  }

  listItem(text: string): Locator {
    return this.list.locator('li').filter({ hasText: text });
  }

  /** The texts the list shows, in order. */
  async listedTexts(): Promise<string[]> {
    return this.list.locator('.review-list-text').allInnerTexts();
  }

  evidenceToggle(text: string | RegExp): Locator {
    return this.evidence.getByRole('button', { name: text });
  }
}
