/** #/runs: consolidation runs newest first; #/runs/ID: one run's changes and its Revert. */
import { expect, type Locator, type Page } from '@playwright/test';

export class RunsPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly changes: Locator;
  readonly runCard: Locator;
  readonly revertButton: Locator;
  readonly revertDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.list = page.getByRole('list', { name: 'Runs, newest first' });
    this.changes = page.getByRole('list', { name: 'Changes' });
    this.runCard = page.getByRole('region', { name: 'The run' });
    this.revertButton = this.runCard.getByRole('button', { name: 'Revert this run…' });
    this.revertDialog = page.getByRole('dialog', { name: 'Revert this run' });
  }

  async open(go: (hash: string) => Promise<void>): Promise<void> {
    await go('#/runs');
    await expect(this.heading).toHaveText('Consolidation runs');
  }

  run(id: string): Locator {
    return this.list.locator(`li[data-run="${id}"]`);
  }

  /** Opens a run from the list, by its link. */
  async openRun(id: string): Promise<void> {
    await this.run(id).getByRole('link', { name: `Run ${id}` }).click();
    await expect(this.heading).toHaveText(`Run ${id}`);
    await expect(this.changes.or(this.page.getByText('This run changed nothing'))).toBeVisible();
  }

  /** Reverts the open run through its confirmation. */
  async revert(): Promise<void> {
    await this.revertButton.click();
    await this.revertDialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect(this.revertDialog).toBeHidden();
  }

  /** The changes of memories the standing revert left as they were. */
  leftByRevert(): Locator {
    return this.changes.locator('li').filter({ has: this.page.locator('.change-left') });
  }

  change(op: string, memoryId: string): Locator {
    return this.changes.locator('li').filter({ has: this.page.locator(`.change-op:text-is("${op}")`) }).filter({ has: this.page.locator(`[data-memory-id="${memoryId}"]`) });
  }
}
