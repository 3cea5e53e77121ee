/**
 * The run history: a consolidation run over the open mind is listed with what it reported, its
 * changeset names the belief it drafted, and Revert (after its confirmation) archives that belief
 * and marks the run reverted, in place.
 */
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { consolidateFile, writeLessonMind } from '../support/editing-minds';
import { saveScreenshot } from '../support/screenshots';

const LESSON = 'Friday deploys break the build';

test.use({ mind: { kind: 'file', write: (dir) => writeLessonMind(dir, LESSON, 3) } });

test('a run is listed with what it did, its changes open, and Revert takes them back', async ({ app, outside, workDir }, testInfo) => {
  const store = outside();
  const { runs } = app;
  await app.shell.goTo('Runs');
  await expect(app.page.getByText('No consolidation run yet')).toBeVisible();

  // A run made while the window is open (as the scheduler's worker would): the list follows.
  const run = await consolidateFile(join(workDir, 'lesson.mindloom'));
  expect(run.created).toBe(1);
  const drafted = store.list({ filter: { types: ['belief'] } })[0];
  if (drafted === undefined) throw new Error('the run drafted no belief');
  const listed = runs.run(run.runId);
  await expect(listed).toContainText('completed');
  await expect(listed).toContainText('1 created');
  await saveScreenshot(app.page, testInfo, 'runs');

  await runs.openRun(run.runId);
  // The Overview's last run leads to the same changeset.
  await app.shell.goTo('Overview');
  await app.page.getByRole('region', { name: 'Last consolidation' }).getByRole('link', { name: 'What it changed' }).click();
  await expect(runs.heading).toHaveText(`Run ${run.runId}`);
  const creation = runs.change('create', drafted.id);
  await expect(creation).toContainText(LESSON);
  await expect(creation).toContainText(`→ ${(drafted.confidence * 100).toFixed(0)}%`);
  await saveScreenshot(app.page, testInfo, 'run-changes');

  await runs.runCard.getByRole('button', { name: 'Revert this run…' }).click();
  await expect(runs.revertDialog).toContainText('What it created is archived');
  await saveScreenshot(app.page, testInfo, 'run-revert-dialog');
  await runs.revertDialog.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(runs.revertDialog).toBeHidden();
  await expect(app.toasts.withText(`of ${run.runId}.`)).toBeVisible();
  await expect(runs.runCard).toContainText('reverted');
  await expect(runs.runCard.getByRole('button', { name: 'Revert this run…' })).toBeHidden();
  await expect(creation.locator('.badge', { hasText: 'archived' })).toBeVisible();
  expect(store.view(drafted.id).status).toBe('archived');

  await app.page.getByRole('link', { name: 'All runs' }).click();
  await expect(runs.run(run.runId)).toContainText('reverted');
});
