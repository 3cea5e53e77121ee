/** #/recall: a question, the types to keep to, and what the agent would be reminded of, best first. */
import { expect, type Locator, type Page } from '@playwright/test';

export class RecallPage {
  readonly heading: Locator;
  readonly question: Locator;
  readonly hits: Locator;
  readonly meaning: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Recall' });
    this.question = page.getByRole('searchbox', { name: 'Ask the mind' });
    this.hits = page.getByRole('list', { name: 'Recalled, best first' });
    this.meaning = page.getByTestId('recall-meaning');
  }

  async ask(question: string): Promise<void> {
    await this.question.fill(question);
    await this.question.press('Enter');
    await expect(this.hits.or(this.page.getByText('Nothing would come back'))).toBeVisible();
  }

  hit(id: string): Locator {
    return this.hits.locator(`li[data-memory-id="${id}"]`);
  }

  type(name: string): Locator {
    return this.page.getByRole('group', { name: /^Types/ }).getByRole('checkbox', { name, exact: true });
  }
}
