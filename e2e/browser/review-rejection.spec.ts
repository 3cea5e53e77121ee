/**
 * A rejection the mind keeps: consolidation drafts a belief, the person rejects it with a reason,
 * and a later consolidation run over new episodes teaching the same drops it instead of drafting
 * it again. #/rejections lists it with its reason; revoking it is one action that Undo takes back.
 */
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { consolidateFile, writeLessonEpisodes, writeLessonMind } from '../support/editing-minds';
import { saveScreenshot } from '../support/screenshots';

const LESSON = 'Friday deploys break the build';

test.use({
  mind: {
    kind: 'file',
    // An empty queue to start from: the run below drafts what there is to review.
    write: (dir) => writeLessonMind(dir, LESSON, 3),
  },
});

test('a rejection that a later consolidation run respects, listed and revocable', async ({ app, outside, workDir }, testInfo) => {
  const store = outside();
  const path = join(workDir, 'lesson.mindloom');
  const first = await consolidateFile(path);
  expect(first.created).toBe(1);

  const { review } = app;
  await review.open(app.go);
  await review.expectWaiting(1);
  await expect(review.content).toContainText('Friday deploys break the build');
  await expect(review.card).toContainText('drafted from 3 episodes');
  // The episodes it came from open in place.
  const toggle = review.evidence.getByRole('button').first();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(review.evidence).toContainText('Open episode');
  await saveScreenshot(app.page, testInfo, 'review-consolidation-draft');

  const drafted = store.list({ filter: { reviewStatuses: ['pending'] }, limit: 1 })[0];
  if (drafted === undefined) throw new Error('nothing drafted');
  await review.key('r');
  await app.page.keyboard.type('Fridays are fine since the deploy freeze');
  await review.key('Enter');
  await expect(app.page.getByRole('status').filter({ hasText: 'Nothing waits for review' })).toBeVisible();
  await expect.poll(() => store.view(drafted.id).reviewStatus).toBe('rejected');

  // New episodes teach the same; the next run drops the rejected statement instead of drafting it.
  writeLessonEpisodes(path, LESSON, 3);
  const again = await consolidateFile(path);
  expect(again).toMatchObject({ created: 0, droppedByRejection: 1 });
  expect(store.list({ filter: { reviewStatuses: ['pending'] } })).toEqual([]);

  const { rejections } = app;
  await rejections.open(app.go);
  const row = rejections.rejection(drafted.content);
  await expect(row).toContainText('Why: Fridays are fine since the deploy freeze');
  await saveScreenshot(app.page, testInfo, 'rejections');
  await row.getByRole('button', { name: /^Revoke/ }).click();
  await expect(row).toBeHidden();
  await app.toasts.withText('Revoked').getByRole('button', { name: 'Undo' }).click();
  await expect(rejections.rejection(drafted.content)).toBeVisible();
});
