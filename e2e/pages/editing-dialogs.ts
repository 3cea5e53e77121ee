/** The memory page's editing dialogs: Verify…, Reinforce…, Supersede…, Promote…, Flag contradiction…. */
import type { Locator, Page } from '@playwright/test';

export class EditingDialogs {
  readonly verify: Locator;
  readonly reinforce: Locator;
  readonly supersede: Locator;
  readonly promote: Locator;
  readonly flag: Locator;

  constructor(readonly page: Page) {
    this.verify = page.getByRole('dialog', { name: 'Verify' });
    this.reinforce = page.getByRole('dialog', { name: 'Reinforce' });
    this.supersede = page.getByRole('dialog', { name: 'Supersede' });
    this.promote = page.getByRole('dialog', { name: /^Promote/ });
    this.flag = page.getByRole('dialog', { name: 'Flag a contradiction' });
  }

  /** A button of the memory page's action bar. */
  action(name: 'Verify…' | 'Reinforce…' | 'Supersede…' | 'Promote…' | 'Flag contradiction…'): Locator {
    return this.page.getByRole('toolbar', { name: 'Memory actions' }).getByRole('button', { name, exact: true });
  }
}
