/**
 * Deciding several at once: the summary of exactly what will change comes first and changes
 * nothing; confirming approves them all as one action, which one Undo takes back. And the conflict
 * path: an item an agent changed meanwhile is refused, clearly, with nothing changed.
 */
import { expect, test } from '../fixtures';
import { type ReviewMind, writeReviewMind } from '../support/editing-minds';
import { saveScreenshot } from '../support/screenshots';

let built: ReviewMind;
test.use({
  mind: {
    kind: 'file',
    write: (dir) => {
      built = writeReviewMind(dir, 8);
      return built.path;
    },
  },
});

test('a bulk approve shows its summary first, then approves as one undoable action', async ({ app, outside }, testInfo) => {
  const store = outside();
  const { review } = app;
  await review.open(app.go);
  await review.expectWaiting(8);
  const chosen = built.pending.slice(0, 5);
  await review.selectFromCurrent(chosen.length);
  await expect(review.bulkBar).toContainText('5 selected');
  await review.bulkBar.getByRole('button', { name: 'Approve selected…' }).click();
  const dialog = review.bulkDialog('Approve', 5);
  await expect(dialog.getByRole('region', { name: 'What will change' })).toContainText('Approve 5 memories: 5 beliefs.');
  await saveScreenshot(app.page, testInfo, 'review-bulk-summary');
  // The summary was a dry run: nothing changed yet.
  expect(chosen.map((c) => store.view(c.id).reviewStatus)).toEqual(Array(5).fill('pending'));

  await dialog.getByRole('button', { name: 'Approve 5' }).click();
  await expect(dialog).toBeHidden();
  await review.expectWaiting(3);
  await expect.poll(() => chosen.map((c) => store.view(c.id).reviewStatus)).toEqual(Array(5).fill('approved'));
  await saveScreenshot(app.page, testInfo, 'review-bulk-done');

  // One Undo, from the toast, takes all five back.
  await app.toasts.withText('Approve 5 memories').getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => chosen.map((c) => store.view(c.id).reviewStatus)).toEqual(Array(5).fill('pending'));
  await review.expectWaiting(8);
});

test('acting on an item an agent changed meanwhile shows the conflict and changes nothing', async ({ app, outside }, testInfo) => {
  const store = outside();
  const { review } = app;
  await review.open(app.go);
  const first = built.pending[0];
  if (first === undefined) throw new Error('no pending item');
  await review.expectCurrent(first.content);
  // Meanwhile an agent rewrites the item the person is looking at. The window repaints it, yet a
  // decision acts on the version the person first saw: a conflict to read, not a silent approval.
  const theirs = store.edit(first.id, { content: `${first.content}, in our CI` }, 1);
  await review.expectCurrent(`${first.content}, in our CI`);
  const changedNotice = app.page.getByTestId('changed-since-seen');
  await expect(changedNotice).toContainText('changed while you were looking');
  await review.key('a');
  await expect(review.conflict).toContainText('This item changed meanwhile');
  await expect(review.conflict).toContainText('Nothing was changed');
  await expect(review.conflict).toContainText(`you saw version 1, it is now version ${theirs.version}`);
  await expect(changedNotice).toBeHidden();
  expect(store.view(first.id)).toMatchObject({ reviewStatus: 'pending', content: `${first.content}, in our CI` });
  // The item is back where it was, and the queue still counts it.
  await review.expectWaiting(8);
  await saveScreenshot(app.page, testInfo, 'review-conflict');
  // Told, the person may now decide on the new words.
  await review.key('a');
  await expect.poll(() => store.view(first.id).reviewStatus).toBe('approved');
  await review.expectWaiting(7);

  // An undo whose target moved on says why it cannot apply (the approval moved on to the next item).
  const second = built.pending[1];
  if (second === undefined) throw new Error('no second item');
  await review.expectCurrent(second.content);
  // Told of a change up front, the person can take the new version as read and decide at once.
  store.edit(second.id, { content: `${second.content}, as the agent now puts it` }, 1);
  await review.expectCurrent(`${second.content}, as the agent now puts it`);
  await changedNotice.getByRole('button', { name: 'I have read the new version' }).click();
  await expect(changedNotice).toBeHidden();
  await review.key('a');
  await expect.poll(() => store.view(second.id).reviewStatus).toBe('approved');
  store.edit(second.id, { content: `${second.content}, edited after approval` }, store.view(second.id).version);
  await review.key('u');
  const refused = app.toasts.withText('Could not undo');
  await expect(refused).toContainText('version_conflict');
  await expect(refused).toContainText(`${second.id} changed after this action (edit by agent:e2e-outside`);
  expect(store.view(second.id).reviewStatus).toBe('approved');
});

test('a bulk decision acts on the versions its summary showed: an item an agent changes before the confirmation refuses all of it', async ({ app, outside }) => {
  const store = outside();
  const { review } = app;
  await review.open(app.go);
  await review.expectWaiting(8);
  const chosen = built.pending.slice(0, 3);
  await review.selectFromCurrent(chosen.length);
  await review.bulkBar.getByRole('button', { name: 'Approve selected…' }).click();
  const dialog = review.bulkDialog('Approve', 3);
  await expect(dialog.getByRole('region', { name: 'What will change' })).toContainText('Approve 3 memories: 3 beliefs.');
  // While the summary is on screen, an agent rewrites one of the three; the queue repaints it.
  const changed = chosen[1];
  if (changed === undefined) throw new Error('three items chosen');
  store.edit(changed.id, { content: `${changed.content}, says the agent` }, 1);
  await expect(review.list).toContainText(`${changed.content}, says the agent`);
  await dialog.getByRole('button', { name: 'Approve 3' }).click();
  await expect(review.conflict).toContainText(changed.id);
  // One transaction: nothing was approved, not even the two unchanged items.
  expect(chosen.map((c) => store.view(c.id).reviewStatus)).toEqual(Array(3).fill('pending'));
  await review.expectWaiting(8);
});
