/**
 * Trust: Forget… with its impact and typed confirmation; a consolidation run interrupted by its
 * process's death, shown on the Overview and in Settings with Revert; File → Back up… and the
 * Backups card; and the check offered on the screen of a damaged file.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServeProcess } from '../../bench/serve-process';
import { CHECK_NAMES } from '../../shared/contract/trust';
import { createMemory } from '../../src-main/mind/create';
import { type Mind, openMind } from '../../src-main/mind/mind';
import { thisProcess } from '../../src-main/mind/run-owner';
import { leaveRunRunning } from '../../src-main/store/damage-test-support';
import { expect, test } from '../fixtures';
import { BackupPages, CheckFilePage, ForgetDialog, InterruptedRunBanner } from '../pages/trust-pages';
import { saveScreenshot } from '../support/screenshots';

const AGENT = { actor: 'agent:coder' } as const;
const RUN_ID = 'run_00000000beef';

/** `agent.mindloom` in the test's folder, written by `fill`. */
function writeMind(dir: string, fill: (mind: Mind) => void): string {
  const path = join(dir, 'agent.mindloom');
  const mind = openMind(path);
  try {
    fill(mind);
  } finally {
    mind.close();
  }
  return path;
}

/** A mind with a captured secret, an episode and a belief that stand on it, and a protected value. */
function mindWithSecret(dir: string): string {
  return writeMind(dir, (mind) => {
    const secret = createMemory(mind, { type: 'episode', content: 'Logged in to staging with password quokkaboat-19 and fixed the sync job' }, AGENT);
    createMemory(mind, { type: 'belief', content: 'The staging sync job needs a manual login', evidence: [secret.id] }, AGENT);
    createMemory(mind, { type: 'value', content: 'Never lose a customer’s data', protected: true }, { actor: 'user' });
  });
}

test.describe('Forget…', () => {
  test.use({ mind: { kind: 'file', write: mindWithSecret } });

  test('shows what would go and what stands on it, and forgets only once the first words are typed', async ({ app, outside }, testInfo) => {
    const store = outside();
    const secret = store.list({ filter: { types: ['episode'] } })[0];
    const belief = store.list({ filter: { types: ['belief'] } })[0];
    if (!secret || !belief) throw new Error('the mind lacks its episode or belief');
    await app.go(`#/memory/${secret.id}`);
    await app.memory.expectShowing(secret.id);

    const forget = new ForgetDialog(app.page);
    await forget.open();
    await expect(forget.preview).toHaveText('Logged in to staging with password quokkaboat-19 and fixed the sync job');
    await expect(forget.dependents).toHaveCount(1);
    await expect(forget.dependents.first()).toContainText(belief.id);
    await expect(forget.dialog).toContainText('1 of them counts it as supporting evidence');
    await expect(forget.dialog.getByTestId('forget-copies-note')).toContainText('Copies made before now still hold it');
    expect(await forget.phrase()).toBe('Logged in to');
    await expect(forget.confirmInput).toBeFocused();
    await expect(forget.forgetButton).toBeDisabled();
    await forget.confirmInput.fill('Logged in');
    await expect(forget.forgetButton).toBeDisabled();
    await saveScreenshot(app.page, testInfo, 'forget-dialog');

    // Escape leaves everything as it was.
    await app.page.keyboard.press('Escape');
    await expect(forget.dialog).toBeHidden();
    await expect(forget.openButton).toBeFocused();
    expect(store.view(secret.id).status).toBe('active');

    await forget.open();
    await forget.reasonInput.fill('held a password');
    await forget.confirmInput.fill('logged in  TO');
    await expect(forget.forgetButton).toBeEnabled();
    await forget.forgetButton.click();
    await expect(app.toasts.withText(`Forgot ${secret.id}`)).toBeVisible();
    await expect(forget.dialog).toBeHidden();
    await expect(app.memory.badge('forgotten')).toBeVisible();
    await expect(forget.openButton).toBeDisabled();
    await expect(app.memory.history.locator('.history-op').first()).toHaveText('forget');
    await saveScreenshot(app.page, testInfo, 'forgotten');

    expect(store.view(secret.id)).toMatchObject({ status: 'forgotten', content: '' });
    expect(store.view(belief.id)).toMatchObject({ status: 'active', content: 'The staging sync job needs a manual login' });
    const bytes = [store.path, `${store.path}-wal`].map((file) => {
      try {
        return readFileSync(file);
      } catch {
        return Buffer.alloc(0);
      }
    });
    expect(bytes.some((b) => b.includes('quokkaboat'))).toBe(false);
  });

  test('a protected memory cannot be forgotten: the dialog says why', async ({ app, outside }) => {
    const value = outside().list({ filter: { types: ['value'] } })[0];
    if (!value) throw new Error('the mind lacks its value');
    await app.go(`#/memory/${value.id}`);
    const forget = new ForgetDialog(app.page);
    await forget.open();
    await expect(forget.refusal).toHaveText(`${value.id} is protected; unprotect it before forgetting it.`);
    await expect(forget.forgetButton).toHaveCount(0);
  });
});

/** A run that wrote two beliefs, then its process died before it could write its end. */
function mindWithInterruptedRun(dir: string): string {
  return writeMind(dir, (mind) => {
    const episode = createMemory(mind, { type: 'episode', content: 'Friday deploy broke the build again' }, AGENT);
    const byRun = { actor: `scheduler:${RUN_ID}`, runId: RUN_ID };
    createMemory(mind, { type: 'belief', content: 'Friday deploys break the build', evidence: [episode.id], sourceType: 'consolidation', reviewStatus: 'pending' }, byRun);
    createMemory(mind, { type: 'belief', content: 'Builds break after deploys', evidence: [episode.id], sourceType: 'consolidation', reviewStatus: 'pending' }, byRun);
    leaveRunRunning(mind.store.db, RUN_ID, spawnSync(process.execPath, ['-e', '']).pid as number, thisProcess().host, Date.now() - 12 * 60_000);
  });
}

test.describe('an interrupted consolidation run', () => {
  test.use({ mind: { kind: 'file', write: mindWithInterruptedRun } });

  test('the Overview and Settings say so; Revert puts its changes back', async ({ app, outside }, testInfo) => {
    const banner = new InterruptedRunBanner(app.page);
    await app.overview.expectLoaded();
    await expect(banner.banner).toBeVisible();
    await expect(banner.banner).toContainText(RUN_ID);
    await expect(banner.banner).toContainText(/Interrupted: its process \(pid \d+\) has ended\. What it committed is kept \(\d+ changes\)/);
    await saveScreenshot(app.page, testInfo, 'interrupted-run-overview');

    await app.shell.goTo('Settings');
    await expect(banner.banner).toBeVisible();
    await saveScreenshot(app.page, testInfo, 'interrupted-run-settings');
    await banner.revertButton.click();
    await expect(app.toasts.withText(`Reverted what ${RUN_ID} did to 2 memories.`)).toBeVisible();
    await expect(banner.banner).toBeHidden();

    const beliefs = outside().list({ filter: { types: ['belief'] } });
    expect(beliefs.map((b) => b.status)).toEqual(['archived', 'archived']);
    await app.shell.goTo('Overview');
    await expect(app.overview.heading).toBeVisible();
    await expect(banner.banner).toBeHidden();
  });
});

test.describe('backups and the check', () => {
  test.use({ mind: { kind: 'file', write: mindWithSecret } });

  test('File → Back up… writes a backup into the backup folder; Settings lists it and says backups keep forgotten memories', async ({ app, host }, testInfo) => {
    const backups = new BackupPages(app.page);
    await backups.openDialog();
    await expect(backups.pathInput).toBeFocused();
    await saveScreenshot(app.page, testInfo, 'backup-dialog');
    await backups.backUpButton.click();
    await expect(app.toasts.withText(/Backed up to .*agent-backups\/agent-\d{4}-\d{2}-\d{2}-\d{6}\.mindloom/)).toBeVisible();
    await expect(backups.dialog).toBeHidden();

    await app.shell.goTo('Settings');
    await expect(backups.latest).toHaveCount(1);
    await expect(backups.latest.first()).toContainText('by hand');
    await expect(backups.forgottenNote).toContainText('memories forgotten later included');
    await backups.card.scrollIntoViewIfNeeded();
    await saveScreenshot(app.page, testInfo, 'backups-card');

    // A path that already holds a file is refused in the dialog, where it was asked.
    const status = host.session.status();
    if (status.state !== 'open') throw new Error('no mind open');
    await backups.openDialog();
    await backups.pathInput.fill(status.path);
    await backups.backUpButton.click();
    await expect(backups.dialog.getByRole('alert')).toContainText('invalid_input');
    await backups.dialog.getByRole('button', { name: 'Cancel' }).click();

    // File → Check this mind…: the open mind passes every check.
    await backups.fileMenuButton.click();
    await backups.checkItem.click();
    await expect(backups.checkDialog.getByTestId('check-report')).toContainText('Every check passes.');
    await expect(backups.checkDialog.getByRole('listitem')).toHaveCount(CHECK_NAMES.length);
    await saveScreenshot(app.page, testInfo, 'check-dialog');
  });
});

test('the screen of a damaged file offers to check it, and says what cannot be rebuilt', async ({ page, workDir }, testInfo) => {
  const path = join(workDir, 'damaged.mindloom');
  openMind(path).close();
  const bytes = readFileSync(path);
  for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
  writeFileSync(path, bytes);
  const served = await startServeProcess(['--mind', path], { cwd: workDir });
  try {
    await page.goto(served.url);
    const check = new CheckFilePage(page);
    await check.checkButton.click();
    await expect(check.report).toContainText('the file does not open as a mind');
    await expect(check.check('integrity')).toContainText('needs a backup');
    await expect(check.report).toContainText(`mindloom restore BACKUP --to ${path} --force`);
    await expect(check.repairButton).toHaveCount(0);
    await saveScreenshot(page, testInfo, 'damaged-file-check');
  } finally {
    await served.stop();
  }
  expect(readFileSync(path).equals(bytes)).toBe(true);
});
