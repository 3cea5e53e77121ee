/** File → Import… and Export…: the two dialogs, reached from the window's File menu. */
import { expect, type Locator, type Page } from '@playwright/test';

export class InteropDialogs {
  readonly fileMenuButton: Locator;
  readonly exportDialog: Locator;
  readonly exportFormat: Locator;
  readonly exportPath: Locator;
  readonly exportButton: Locator;
  readonly exportResult: Locator;
  readonly importDialog: Locator;
  readonly importKind: Locator;
  readonly importPath: Locator;
  /** Kernle: the stack to import, offered once a preview has found more than one. */
  readonly importStack: Locator;
  readonly previewButton: Locator;
  readonly importButton: Locator;
  readonly preview: Locator;
  readonly imported: Locator;

  constructor(readonly page: Page) {
    this.fileMenuButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'File' });
    this.exportDialog = page.getByRole('dialog', { name: 'Export this mind' });
    this.exportFormat = this.exportDialog.getByLabel('Format');
    this.exportPath = this.exportDialog.getByLabel(/^Export to/);
    this.exportButton = this.exportDialog.getByRole('button', { name: 'Export', exact: true });
    this.exportResult = this.exportDialog.getByRole('status').filter({ hasText: 'Exported' });
    this.importDialog = page.getByRole('dialog', { name: 'Import into this mind' });
    this.importKind = this.importDialog.getByLabel('Kind of source');
    this.importPath = this.importDialog.getByLabel(/^File to import/);
    this.importStack = this.importDialog.getByLabel(/^Stack/);
    this.previewButton = this.importDialog.getByRole('button', { name: 'Preview', exact: true });
    this.importButton = this.importDialog.getByRole('button', { name: 'Import', exact: true });
    this.preview = this.importDialog.getByRole('region', { name: /^Preview/ });
    this.imported = this.importDialog.getByRole('region', { name: 'Imported' });
  }

  /** Opens File → `item` with the keyboard: Arrow Down opens the menu, Enter picks the item. */
  async open(item: 'Import…' | 'Export…'): Promise<void> {
    await this.fileMenuButton.focus();
    await this.page.keyboard.press('ArrowDown');
    const menuItem = this.page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: item });
    await menuItem.focus();
    await this.page.keyboard.press('Enter');
    await expect(item === 'Import…' ? this.importDialog : this.exportDialog).toBeVisible();
  }

  /** The result's link to the imported memories of one type (`beliefs`) or to `all memories`. */
  resultLink(name: string): Locator {
    return this.importDialog.getByRole('link', { name, exact: true });
  }

  /** The count a summary table shows for one row (`belief`, `links`, `already in this mind (skipped)`). */
  countOf(summary: Locator, row: string): Locator {
    return summary.getByRole('row', { name: new RegExp(`^${row.replace(/[()]/g, '\\$&')} `) }).getByRole('cell');
  }
}
