/**
 * Minds on the host: create a new one by path (the headless host has no file dialog), see it
 * empty, find it in Settings, switch to another mind from there, and come back through the recent list.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { connectOutside } from '../support/outside';
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'none' } });

test('create a new mind by path, switch to the demo from Settings, and reopen it from the recent list', async ({ app, host, workDir }, testInfo) => {
  const path = join(workDir, 'research-agent.mindloom');
  await app.welcome.expectVisible();
  await expect(app.welcome.openExistingButton).toBeDisabled();
  await app.welcome.createAt(path);

  await expect(app.overview.emptyState).toBeVisible();
  await expect(app.shell.mindName).toContainText('research-agent');
  expect(existsSync(path)).toBe(true);
  const created = connectOutside(path);
  try {
    expect(created.stats().total).toBe(0);
  } finally {
    created.close();
  }
  await saveScreenshot(app.page, testInfo, 'new-empty-mind');

  await app.shell.goTo('Browser');
  await expect(app.page.getByText('This mind has no memories yet')).toBeVisible();

  // Settings names the file and offers to open another mind.
  await app.shell.goTo('Settings');
  await expect(app.settings.mindPath).toHaveText(path);
  await expect(app.page.getByTestId('api-key-note')).toContainText('OPENAI_API_KEY');
  await app.page.getByText('Open or create another mind').click();
  await app.settings.card('Mind file').getByRole('button', { name: 'Open demo mind' }).click();
  await app.overview.expectLoaded();
  await expect(app.shell.mindName).toContainText('Demo mind');
  const demo = host.session.status();
  expect(demo.state === 'open' && demo.isDemo).toBe(true);

  // The mind made by hand is in the recent list (the demo, a scratch file, is not).
  await app.shell.goTo('Settings');
  await app.page.getByText('Open or create another mind').click();
  const recent = app.settings.card('Mind file').getByRole('navigation', { name: 'Recent minds' });
  await expect(recent.getByRole('button')).toHaveText([path]);
  await saveScreenshot(app.page, testInfo, 'settings-recent');
  await recent.getByRole('button', { name: path }).click();
  await expect(app.overview.emptyState).toBeVisible();
  await expect(app.shell.mindName).toContainText('research-agent');
});

test('creating a mind in a missing folder says the folder is missing', async ({ app, workDir }, testInfo) => {
  const folder = join(workDir, 'no-such-folder');
  const path = join(folder, 'agent.mindloom');
  await app.welcome.createAt(path);
  // As the error screen or as an error toast on the welcome screen: either way typed, and naming the folder.
  const alert = app.page.getByRole('alert').filter({ hasText: folder });
  await expect(alert).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'create-in-missing-folder');
  await expect(alert.locator('.error-code')).toHaveText('not_found');
  expect(existsSync(path)).toBe(false);
});

test.describe('settings', () => {
  test.use({ mind: { kind: 'demo' } });

  test('scheduler settings are saved into the mind', async ({ app, outside }, testInfo) => {
    const store = outside();
    const before = store.settings().scheduler;
    await app.shell.goTo('Settings');
    const scheduler = app.settings.card('Consolidation scheduler');
    const episodes = scheduler.getByLabel('Every N new episodes');
    await expect(episodes).toHaveValue(String(before.everyEpisodes));
    const next = before.everyEpisodes + 7;
    await episodes.fill(String(next));
    // The browser refuses to submit a form holding an invalid value: none may be, defaults included.
    await expect(scheduler.locator('input:invalid')).toHaveCount(0);
    await scheduler.getByRole('button', { name: 'Save scheduler' }).click();
    await expect(app.toasts.withText('Settings saved.')).toBeVisible();
    expect(store.settings().scheduler.everyEpisodes).toBe(next);

    // A new page reads it back from the file.
    await app.page.reload();
    await expect(app.settings.card('Consolidation scheduler').getByLabel('Every N new episodes')).toHaveValue(String(next));
    await saveScreenshot(app.page, testInfo, 'settings-saved');
  });
});
