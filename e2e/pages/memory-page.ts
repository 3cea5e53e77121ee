/** Memory detail: header badges, actions, content, provenance links, history, and the edit form. */
import { expect, type Locator, type Page } from '@playwright/test';

export type Relation =
  | 'Derived from'
  | 'Processed into'
  | 'Supported by'
  | 'Contradicted by'
  | 'Supersedes'
  | 'Superseded by'
  | 'Merged from'
  | 'Split from';

export class MemoryPage {
  readonly article: Locator;
  readonly title: Locator;
  readonly actions: Locator;
  readonly content: Locator;
  readonly version: Locator;
  readonly provenance: Locator;
  readonly history: Locator;
  readonly editForm: Locator;
  readonly conflict: Locator;

  constructor(readonly page: Page) {
    this.article = page.locator('article.memory-detail');
    this.title = page.getByRole('heading', { level: 1 }).locator('code');
    this.actions = page.getByRole('toolbar', { name: 'Memory actions' });
    this.content = page.getByRole('region', { name: 'Content' }).locator('.memory-content');
    this.version = page.getByTestId('memory-version');
    this.provenance = page.getByRole('region', { name: 'Provenance' });
    this.history = page.getByRole('list', { name: 'History entries' });
    this.editForm = page.getByRole('form', { name: 'Edit memory' });
    this.conflict = page.getByRole('alertdialog');
  }

  async expectShowing(id: string): Promise<void> {
    await expect(this.article).toHaveAttribute('data-memory-id', id);
    await expect(this.title).toHaveText(id);
  }

  action(name: 'Edit' | 'Verify' | 'Archive' | 'Restore' | 'Protect' | 'Unprotect'): Locator {
    return this.actions.getByRole('button', { name, exact: true });
  }

  /** A header badge such as "archived" or "protected". */
  badge(text: string): Locator {
    return this.page.locator('.memory-title-line .badge', { hasText: new RegExp(`^${text}$`) });
  }

  relation(name: Relation): Locator {
    return this.provenance.getByRole('group', { name, exact: true });
  }

  relationLink(name: Relation, id: string): Locator {
    return this.relation(name).locator(`a.ref-link[data-memory-id="${id}"]`);
  }

  async relationIds(name: Relation): Promise<string[]> {
    return this.relation(name)
      .locator('a.ref-link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('data-memory-id') ?? ''));
  }

  // The edit form.
  get contentInput(): Locator {
    return this.editForm.getByLabel('Content');
  }

  async startEdit(): Promise<void> {
    await this.action('Edit').click();
    await expect(this.editForm).toBeVisible();
  }

  async save(): Promise<void> {
    await this.editForm.getByRole('button', { name: 'Save' }).click();
  }

  /** How many lines the conflict table's name of a part takes on screen (a squeezed column wraps it). */
  async conflictPartLines(part: string): Promise<number> {
    const header = this.conflict.getByRole('rowheader', { name: part, exact: true });
    return header.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
  }

  conflictCell(part: string, side: 'mine' | 'theirs'): Locator {
    return this.conflict.getByRole('row', { name: new RegExp(`^${part}`) }).locator(side === 'mine' ? '.conflict-mine' : '.conflict-theirs');
  }
}
