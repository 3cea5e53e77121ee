/**
 * (d) Editing in place, and editing against a write made meanwhile by someone else (a second
 * connection to the same file, as an agent would hold): the save is refused with version_conflict,
 * the conflict view shows both versions, and the version the person chooses is what the file keeps.
 */
import { expect, test, type App } from '../fixtures';
import type { OutsideConnection } from '../support/outside';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

/** An active note (plain content, few fields), opened in the detail view. */
async function openActiveNote(app: App, store: OutsideConnection) {
  const note = store.list({ filter: { types: ['note'], statuses: ['active'] }, sort: 'created', direction: 'asc', limit: 1 })[0];
  if (note === undefined) throw new Error('the demo mind has no active note');
  await app.go(`#/memory/${note.id}`);
  await app.memory.expectShowing(note.id);
  return store.view(note.id);
}

test('edit a memory in place', async ({ app, outside }, testInfo) => {
  const store = outside();
  const before = await openActiveNote(app, store);
  await app.memory.startEdit();
  await expect(app.memory.contentInput).toHaveValue(before.content);
  const edited = `${before.content} (checked again in the e2e run)`;
  await app.memory.contentInput.fill(edited);
  await saveScreenshot(app.page, testInfo, 'edit-form');
  await app.memory.save();

  await expect(app.toasts.withText('Saved.')).toBeVisible();
  await expect(app.memory.editForm).toBeHidden();
  // Keyboard users land back where they started the edit, not at the top of the document.
  await expect(app.memory.action('Edit')).toBeFocused();
  await expect(app.memory.content).toHaveText(edited);
  await expect(app.memory.version).toHaveText(String(before.version + 1));
  const stored = store.view(before.id);
  expect(stored.content).toBe(edited);
  expect(stored.version).toBe(before.version + 1);
  // The history, newest first, starts with the edit and who made it.
  const newest = app.memory.history.locator('.history-item').first();
  await expect(newest.locator('.history-op')).toHaveText('edit');
  await expect(newest.locator('.history-actor')).toHaveText('by user');
  await saveScreenshot(app.page, testInfo, 'edit-saved');
  // The notice closes by itself once its time is up (8 s at most, for one offering Undo).
  await expect(app.toasts.withText('Saved.')).toBeHidden({ timeout: 12_000 });
});

test('a conflicting outside write: keep theirs', async ({ app, outside }, testInfo) => {
  const store = outside();
  const before = await openActiveNote(app, store);
  await app.memory.startEdit();
  const mine = `${before.content} — my edit`;
  await app.memory.contentInput.fill(mine);

  // Meanwhile an agent rewrites the same memory.
  const theirs = store.edit(before.id, { content: `${before.content} — the agent's edit` }, before.version);
  expect(theirs.version).toBe(before.version + 1);

  await app.memory.save();
  await expect(app.memory.conflict).toBeVisible();
  await expect(app.memory.conflict).toContainText('version_conflict');
  await expect(app.memory.conflict).toContainText(`You edited version ${before.version}; it is now at version ${theirs.version}.`);
  await expect(app.memory.conflictCell('Content', 'mine')).toHaveText(mine);
  await expect(app.memory.conflictCell('Content', 'theirs')).toHaveText(theirs.content);
  // Long contents on both sides must not squeeze the part's name into one letter per line.
  expect(await app.memory.conflictPartLines('Content')).toBe(1);
  await saveScreenshot(app.page, testInfo, 'conflict-view');

  await app.memory.conflict.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(app.memory.conflict).toBeHidden();
  await expect(app.memory.action('Edit')).toBeFocused();
  await expect(app.memory.content).toHaveText(theirs.content);
  const stored = store.view(before.id);
  expect(stored.content).toBe(theirs.content);
  expect(stored.version).toBe(theirs.version);
});

test('a conflicting outside write: re-apply mine on top', async ({ app, outside }, testInfo) => {
  const store = outside();
  const before = await openActiveNote(app, store);
  await app.memory.startEdit();
  const mine = `${before.content} — my edit wins`;
  await app.memory.contentInput.fill(mine);
  const theirs = store.edit(before.id, { content: `${before.content} — the agent's edit` }, before.version);

  await app.memory.save();
  await expect(app.memory.conflict).toBeVisible();
  await app.memory.conflict.getByRole('button', { name: 'Re-apply mine on top' }).click();
  await expect(app.toasts.withText('Saved.')).toBeVisible();
  await expect(app.memory.content).toHaveText(mine);
  await expect(app.memory.version).toHaveText(String(theirs.version + 1));
  const stored = store.view(before.id);
  expect(stored.content).toBe(mine);
  expect(stored.version).toBe(theirs.version + 1);
  await saveScreenshot(app.page, testInfo, 'conflict-reapplied');
});
