/**
 * The trust features' page objects: the Forget… dialog of a memory, the interrupted-run banner
 * (Overview and Settings), the File menu (Back up…, Check this mind…) with the Settings Backups
 * card, and the check on the screen of a damaged file.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ForgetDialog {
  readonly openButton: Locator;
  readonly dialog: Locator;
  readonly confirmInput: Locator;
  readonly reasonInput: Locator;
  readonly forgetButton: Locator;
  readonly preview: Locator;
  readonly dependents: Locator;
  readonly refusal: Locator;

  constructor(readonly page: Page) {
    this.openButton = page.getByRole('toolbar', { name: 'Memory actions' }).getByRole('button', { name: 'Forget…' });
    this.dialog = page.getByRole('dialog', { name: /^Forget / });
    this.confirmInput = this.dialog.getByLabel(/^Type .* to confirm$/);
    this.reasonInput = this.dialog.getByLabel(/^Why/);
    this.forgetButton = this.dialog.getByRole('button', { name: 'Forget for good' });
    this.preview = this.dialog.locator('.forget-preview');
    this.dependents = this.dialog.getByRole('region', { name: 'What stands on it' }).getByRole('listitem');
    this.refusal = this.dialog.getByRole('alert');
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await expect(this.dialog).toBeVisible();
  }

  /** The words the dialog asks for. */
  phrase(): Promise<string> {
    return this.dialog.locator('.confirm-phrase').innerText();
  }
}

export class InterruptedRunBanner {
  readonly banner: Locator;
  readonly revertButton: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByTestId('interrupted-run');
    this.revertButton = this.banner.getByRole('button', { name: 'Revert its changes' });
  }
}

export class BackupPages {
  readonly fileMenuButton: Locator;
  readonly backUpItem: Locator;
  readonly dialog: Locator;
  readonly pathInput: Locator;
  readonly backUpButton: Locator;
  readonly card: Locator;
  readonly latest: Locator;
  readonly forgottenNote: Locator;
  readonly checkItem: Locator;
  readonly checkDialog: Locator;

  constructor(readonly page: Page) {
    this.fileMenuButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'File' });
    this.backUpItem = page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: 'Back up…' });
    this.dialog = page.getByRole('dialog', { name: 'Back up this mind' });
    this.pathInput = this.dialog.getByLabel(/^Backup file/);
    this.backUpButton = this.dialog.getByRole('button', { name: 'Back up', exact: true });
    this.card = page.getByRole('region', { name: 'Backups' });
    this.latest = this.card.getByRole('list', { name: 'Latest backups' }).getByRole('listitem');
    this.forgottenNote = page.getByTestId('backups-forgotten-note');
    this.checkItem = page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: 'Check this mind…' });
    this.checkDialog = page.getByRole('dialog', { name: 'Check this mind' });
  }

  async openDialog(): Promise<void> {
    await this.fileMenuButton.click();
    await this.backUpItem.click();
    await expect(this.dialog).toBeVisible();
  }
}

export class CheckFilePage {
  readonly checkButton: Locator;
  readonly repairButton: Locator;
  readonly report: Locator;

  constructor(readonly page: Page) {
    this.checkButton = page.getByRole('button', { name: 'Check the file' });
    this.repairButton = page.getByRole('button', { name: 'Repair and open' });
    this.report = page.getByTestId('check-report');
  }

  check(name: string): Locator {
    return this.report.getByRole('listitem').filter({ hasText: name });
  }
}
