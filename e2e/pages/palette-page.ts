/** The command palette (Ctrl/Cmd-K): jump to a view, a filtered Browser, or a memory found by its words. */
import { expect, type Locator, type Page } from '@playwright/test';

export class PalettePage {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly options: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Command palette' });
    this.input = this.dialog.getByRole('combobox', { name: 'Jump to a view or memory' });
    this.options = this.dialog.getByRole('listbox', { name: 'Results' }).getByRole('option');
  }

  async open(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+k');
    await expect(this.dialog).toBeVisible();
    await expect(this.input).toBeFocused();
  }

  async type(text: string): Promise<void> {
    await this.input.fill(text);
  }

  option(name: string | RegExp): Locator {
    return this.options.filter({ hasText: name });
  }

  /** The memory hit for an id (search results show the id beside the snippet). */
  memoryOption(id: string): Locator {
    return this.options.filter({ has: this.page.locator('code', { hasText: id }) });
  }
}
