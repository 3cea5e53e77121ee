/** The command palette (Ctrl/Cmd-K): jump to a view, a filtered Browser, or a memory found by its words. */
import { expect, type Locator, type Page } from '@playwright/test';

export class PalettePage {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly options: Locator;
  /** The options that are memories found by their words (each shows its id). */
  readonly memoryOptions: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Command palette' });
    this.input = this.dialog.getByRole('combobox', { name: 'Jump to a view or memory' });
    this.options = this.dialog.getByRole('listbox', { name: 'Results' }).getByRole('option');
    this.memoryOptions = this.options.filter({ has: page.locator('code') });
  }

  async open(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+k');
    await expect(this.dialog).toBeVisible();
    await expect(this.input).toBeFocused();
  }

  async type(text: string): Promise<void> {
    await this.input.fill(text);
  }

  /**
   * From now on, notes every state the open palette shows: the text in its box and the text of each
   * memory hit shown with it (read back with `shownHits`).
   */
  async recordShownHits(): Promise<void> {
    await this.dialog.evaluate((dialog) => {
      const states: ShownHits[] = [];
      const input = dialog.querySelector('input');
      const note = () =>
        states.push({
          value: input?.value ?? '',
          hits: [...dialog.querySelectorAll('[role="option"]')].filter((option) => option.querySelector('code') !== null).map((option) => option.textContent ?? ''),
        });
      // On each change the page makes (React renders a typed text and its hits in one commit).
      new MutationObserver(note).observe(dialog, { subtree: true, childList: true, characterData: true, attributes: true });
      (window as unknown as { shownHits: ShownHits[] }).shownHits = states;
    });
  }

  async shownHits(): Promise<ShownHits[]> {
    return this.page.evaluate(() => (window as unknown as { shownHits: ShownHits[] }).shownHits);
  }

  option(name: string | RegExp): Locator {
    return this.options.filter({ hasText: name });
  }

  /** The memory hit for an id (search results show the id beside the snippet). */
  memoryOption(id: string): Locator {
    return this.options.filter({ has: this.page.locator('code', { hasText: id }) });
  }
}

/** One moment of the palette: the text in its box and the memory hits it showed. */
export interface ShownHits {
  value: string;
  hits: string[];
}
