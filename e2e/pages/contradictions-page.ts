/** #/contradictions: the workbench (open and resolved tabs, the scan, a case side by side, its resolution). */
import { expect, type Locator, type Page } from '@playwright/test';

export class ContradictionsPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly card: Locator;
  readonly resolveForm: Locator;
  readonly scanButton: Locator;
  readonly scanStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Contradictions' });
    this.list = page.getByRole('list', { name: 'Contradictions' });
    this.card = page.locator('article.case');
    this.resolveForm = this.card.getByRole('form', { name: 'Resolve' });
    this.scanButton = page.getByRole('button', { name: 'Scan for contradictions' });
    this.scanStatus = page.locator('.scan-progress');
  }

  async open(go: (hash: string) => Promise<void>): Promise<void> {
    await go('#/contradictions');
    await expect(this.heading).toBeVisible();
  }

  tab(name: 'Open' | 'Resolved'): Locator {
    return this.page.getByRole('group', { name: 'Which contradictions' }).getByRole('button', { name: new RegExp(`^${name}`) });
  }

  /** Shows the case whose sides include this text. */
  async show(text: string): Promise<void> {
    await this.list.locator('li').filter({ hasText: text }).getByRole('button').click();
    await expect(this.card).toContainText(text);
  }

  side(label: 'A' | 'B'): Locator {
    return this.card.getByRole('region', { name: `Side ${label}` });
  }

  resolution(label: RegExp): Locator {
    return this.resolveForm.getByRole('radio', { name: label });
  }

  keep(label: 'A' | 'B'): Locator {
    return this.resolveForm.getByRole('group', { name: 'Keep' }).getByRole('radio', { name: label, exact: true });
  }

  async resolve(): Promise<void> {
    await this.resolveForm.getByRole('button', { name: 'Resolve' }).click();
  }
}
