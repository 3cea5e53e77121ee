/** The first-run screen (no mind open) and the screen for a mind that failed to open. */
import { expect, type Locator, type Page } from '@playwright/test';

export class WelcomePage {
  readonly heading: Locator;
  readonly openDemoButton: Locator;
  readonly pathInput: Locator;
  readonly openExistingButton: Locator;
  readonly createButton: Locator;
  readonly errorHeading: Locator;
  readonly errorCode: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Welcome to Mindloom' });
    this.openDemoButton = page.getByRole('button', { name: 'Open demo mind' });
    this.pathInput = page.getByLabel('Mind file path');
    this.openExistingButton = page.getByRole('button', { name: 'Open existing', exact: true });
    this.createButton = page.getByRole('button', { name: 'Create a new mind', exact: true });
    this.errorHeading = page.getByRole('heading', { level: 1, name: 'This mind could not be opened' });
    this.errorCode = page.getByTestId('session-error-code');
  }

  async expectVisible(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.openDemoButton).toBeVisible();
  }

  async openDemo(): Promise<void> {
    await this.openDemoButton.click();
  }

  async createAt(path: string): Promise<void> {
    await this.pathInput.fill(path);
    await this.createButton.click();
  }

  /** The error screen's "File", "Details" and "What to do" entries. */
  errorEntry(term: 'File' | 'Details' | 'What to do'): Locator {
    return this.page.getByRole('alert').locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }
}
