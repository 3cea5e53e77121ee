/**
 * The review queue from the keyboard alone: 20 drafted beliefs, in priority order; approve, edit
 * and approve, merge, reject with a reason, skip, move back and forth, one undo — each decision
 * checked in the mind file itself.
 */
import { expect, test } from '../fixtures';
import { type ReviewMind, writeReviewMind } from '../support/editing-minds';
import { saveScreenshot } from '../support/screenshots';

let built: ReviewMind;
test.use({
  mind: {
    kind: 'file',
    write: (dir) => {
      built = writeReviewMind(dir, 20);
      return built.path;
    },
  },
});

test('a keyboard-only review of 20 items, with one undo', async ({ app, outside }, testInfo) => {
  const store = outside();
  const { review } = app;
  await review.open(app.go);
  await review.expectWaiting(20);
  expect(await review.listedTexts()).toEqual(built.pending.map((p) => p.content));
  const [first, second, third, fourth, fifth, ...rest] = built.pending as [ReviewMind['pending'][number], ...ReviewMind['pending']];
  if (!first || !second || !third || !fourth || !fifth) throw new Error('the mind has fewer than five drafts');
  await review.expectCurrent(first.content);
  await expect(review.card).toContainText('drafted from 3 episodes');
  await saveScreenshot(app.page, testInfo, 'review-queue');

  // ? shows the keys; Escape closes them.
  await review.key('?');
  await expect(review.keysDialog).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'review-keys');
  await review.key('Escape');
  await expect(review.keysDialog).toBeHidden();

  // j and k move; the first item is merged (m) into the existing belief it duplicates.
  await review.key('j');
  await review.expectCurrent(second.content);
  await review.key('k');
  await review.expectCurrent(first.content);
  await expect(review.duplicates).toContainText(built.duplicateOf.content);
  await review.key('m');
  await expect(review.mergeDialog).toBeVisible();
  await expect(review.mergeDialog.getByRole('radio').first()).toBeChecked();
  await saveScreenshot(app.page, testInfo, 'review-merge-dialog');
  await review.key('Enter');
  await expect(review.mergeDialog).toBeHidden();
  await review.expectCurrent(second.content);
  await expect.poll(() => store.view(first.id).supersededBy).toBe(built.duplicateOf.id);

  // e: edit the words, Ctrl+Enter approves them.
  await review.key('e');
  const editor = review.card.getByRole('form', { name: 'Edit and approve' }).getByLabel('Content');
  await expect(editor).toBeFocused();
  await editor.fill(`${second.content}, usually`);
  await review.key('Control+Enter');
  await review.expectCurrent(third.content);
  await expect.poll(() => store.view(second.id)).toMatchObject({ content: `${second.content}, usually`, reviewStatus: 'approved' });

  // r: reject; an empty reason is refused by the form, then a reason and Enter.
  await review.key('r');
  await expect(review.rejectDialog).toBeVisible();
  await review.key('Enter');
  await expect(review.rejectDialog.getByRole('alert')).toContainText('the reason is kept so the mind does not learn this again');
  expect(store.view(third.id).reviewStatus).toBe('pending');
  await app.page.keyboard.type('Not what we saw on the team');
  await saveScreenshot(app.page, testInfo, 'review-reject-dialog');
  await review.key('Enter');
  await expect(review.rejectDialog).toBeHidden();
  await review.expectCurrent(fourth.content);
  await expect.poll(() => store.view(third.id)).toMatchObject({ reviewStatus: 'rejected', status: 'archived' });

  // s: skip (it stays); then approve everything else with a.
  await review.key('s');
  await review.expectCurrent(fifth.content);
  for (const item of [fifth, ...rest]) {
    await review.expectCurrent(item.content);
    await review.key('a');
  }
  // The skipped one is all that is left.
  await review.expectWaiting(1);
  await review.expectCurrent(fourth.content);
  await expect.poll(() => [fifth, ...rest].every((item) => store.view(item.id).reviewStatus === 'approved')).toBe(true);

  // u: the last approval is taken back, and its item waits again.
  const last = rest[rest.length - 1] ?? fifth;
  await review.key('u');
  await expect(app.toasts.withText(`Undid approve of ${last.id}`)).toBeVisible();
  await review.expectWaiting(2);
  await expect.poll(() => store.view(last.id).reviewStatus).toBe('pending');
  expect(store.view(first.id).supersededBy).toBe(built.duplicateOf.id);
  await saveScreenshot(app.page, testInfo, 'review-after-undo');
});
