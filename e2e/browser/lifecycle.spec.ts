/** (e) Archive and restore a memory, and protect it from decay, from its detail view. */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

test('archive, restore and protect a memory', async ({ app, outside }, testInfo) => {
  const store = outside();
  const belief = store.list({ filter: { types: ['belief'], statuses: ['active'] }, sort: 'created', direction: 'asc', limit: 50 }).find((m) => !m.protected);
  if (belief === undefined) throw new Error('the demo mind has no unprotected active belief');
  await app.go(`#/memory/${belief.id}`);
  await app.memory.expectShowing(belief.id);

  await app.memory.action('Archive').click();
  await expect(app.toasts.withText('Archived.')).toBeVisible();
  await expect(app.memory.badge('archived')).toBeVisible();
  await expect(app.memory.action('Restore')).toBeVisible();
  expect(store.view(belief.id).status).toBe('archived');
  await saveScreenshot(app.page, testInfo, 'archived');

  // The archived memory is in the Browser's archived list.
  await app.go('#/browser?status=archived');
  await expect(app.browser.row(belief.id)).toBeVisible();
  await app.page.goBack();
  await app.memory.expectShowing(belief.id);

  await app.memory.action('Restore').click();
  await expect(app.toasts.withText('Restored.')).toBeVisible();
  await expect(app.memory.badge('archived')).toBeHidden();
  await expect(app.memory.action('Archive')).toBeVisible();
  expect(store.view(belief.id).status).toBe('active');

  await app.memory.action('Protect').click();
  await expect(app.toasts.withText('Protected: it no longer decays.')).toBeVisible();
  await expect(app.memory.badge('protected')).toBeVisible();
  await expect(app.memory.action('Unprotect')).toHaveAttribute('aria-pressed', 'true');
  expect(store.view(belief.id).protected).toBe(true);
  await saveScreenshot(app.page, testInfo, 'protected');

  await app.memory.action('Unprotect').click();
  await expect(app.toasts.withText('Unprotected: it decays again.')).toBeVisible();
  await expect(app.memory.badge('protected')).toBeHidden();
  expect(store.view(belief.id).protected).toBe(false);

  // Every change is in the memory's history, newest first, by the person.
  await expect(app.memory.history.locator('.history-op').first()).toHaveText('unprotect');
  expect((await app.memory.history.locator('.history-op').allInnerTexts()).slice(0, 4)).toEqual(['unprotect', 'protect', 'restore', 'archive']);
  expect((await app.memory.history.locator('.history-actor').allInnerTexts()).slice(0, 4)).toEqual(Array(4).fill('by user'));
});
