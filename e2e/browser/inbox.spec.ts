/**
 * The inbox: raw captures newest first; a capture promoted from a form that starts with its words,
 * only along the allowed paths, its lineage visible afterwards on both memories; batch triage.
 */
import { expect, test } from '../fixtures';
import { type InboxMind, writeInboxMind } from '../support/editing-minds';
import { saveScreenshot } from '../support/screenshots';

let built: InboxMind;
test.use({
  mind: {
    kind: 'file',
    write: (dir) => {
      built = writeInboxMind(dir);
      return built.path;
    },
  },
});

test('promote a capture along an allowed path, with its lineage visible afterwards', async ({ app, outside }, testInfo) => {
  const store = outside();
  const { inbox } = app;
  await inbox.open(app.go);
  expect(await inbox.texts()).toEqual([...built.captures].reverse().map((c) => c.content));
  await expect(app.shell.nav.getByTestId('nav-count-inbox')).toHaveText(/4/);
  await saveScreenshot(app.page, testInfo, 'inbox');

  const capture = built.captures[2];
  if (capture === undefined) throw new Error('no capture');
  await inbox.capture(capture.content).getByRole('button', { name: 'Promote…' }).click();
  const dialog = app.dialogs.promote;
  // Only the allowed paths are offered; the form starts with the capture's words and its speaker.
  expect(await dialog.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).toEqual(['episode', 'note', 'belief']);
  await expect(dialog.getByLabel('Text')).toHaveValue(capture.content);
  await dialog.getByRole('radio', { name: 'note' }).check();
  await expect(dialog.getByLabel('speaker')).toHaveValue('user');
  await dialog.getByLabel('Text').fill('Claire reviews the migration lock tomorrow');
  await dialog.getByLabel('note type').selectOption('decision');
  await saveScreenshot(app.page, testInfo, 'inbox-promote');
  await dialog.getByRole('button', { name: 'Promote to note' }).click();
  await expect(dialog).toBeHidden();
  await expect(inbox.capture(capture.content)).toBeHidden();
  const note = store.list({ filter: { types: ['note'] } })[0];
  expect(note).toMatchObject({ content: 'Claire reviews the migration lock tomorrow', fields: { speaker: 'user', noteType: 'decision' } });
  expect(store.view(capture.id).status).toBe('processed');

  // The lineage, both ways.
  await app.go(`#/memory/${note?.id}`);
  await expect(app.memory.relationLink('Derived from', capture.id)).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'inbox-promoted-lineage');
  // Onward along the allowed path: a note can only become a belief.
  await app.dialogs.action('Promote…').click();
  expect(await app.dialogs.promote.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value))).toEqual(['belief']);
  await app.page.keyboard.press('Escape');
  await app.go(`#/memory/${capture.id}`);
  await expect(app.memory.relationLink('Processed into', note?.id ?? '')).toBeVisible();
});

test('batch triage: several captures dismissed at once, one undo brings them back', async ({ app, outside }, testInfo) => {
  const store = outside();
  const { inbox } = app;
  await inbox.open(app.go);
  const [a, b] = built.captures;
  if (a === undefined || b === undefined) throw new Error('no captures');
  await inbox.select(a.content).check();
  await inbox.select(b.content).check();
  await expect(inbox.batchBar).toContainText('2 selected');
  await saveScreenshot(app.page, testInfo, 'inbox-batch');
  await inbox.batchBar.getByRole('button', { name: 'Dismiss 2' }).click();
  await expect(inbox.capture(a.content)).toBeHidden();
  await expect(inbox.capture(b.content)).toBeHidden();
  expect([store.view(a.id).status, store.view(b.id).status]).toEqual(['archived', 'archived']);
  await app.toasts.withText('Dismissed 2 captures').getByRole('button', { name: 'Undo' }).click();
  await expect(inbox.capture(a.content)).toBeVisible();
  expect([store.view(a.id).status, store.view(b.id).status]).toEqual(['active', 'active']);

  // The keyboard: p promotes the current capture with its own words.
  await app.page.keyboard.press('p');
  await app.dialogs.promote.getByRole('button', { name: 'Promote to episode' }).click();
  await expect(app.dialogs.promote).toBeHidden();
  expect(store.list({ filter: { types: ['episode'] } }).map((e) => e.content)).toEqual([built.captures[3]?.content]);
});
