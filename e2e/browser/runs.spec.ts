/**
 * The run history: a consolidation run over the open mind is listed with what it reported, its
 * changeset names the belief it drafted, and Revert (after its confirmation) archives that belief
 * and marks the run reverted, in place. The revert's toast offers Undo: the run stands unreverted
 * again, its belief back, and Revert is offered again.
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

  await runs.revertButton.click();
  await expect(runs.revertDialog).toContainText('What it created is archived');
  await saveScreenshot(app.page, testInfo, 'run-revert-dialog');
  await runs.revertDialog.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(runs.revertDialog).toBeHidden();
  await expect(app.toasts.withText(`Reverted what ${run.runId} did to`)).toBeVisible();
  await expect(runs.runCard).toContainText('reverted');
  await expect(runs.revertButton).toBeHidden();
  await expect(creation.locator('.badge', { hasText: 'archived' })).toBeVisible();
  expect(store.view(drafted.id).status).toBe('archived');

  await app.page.getByRole('link', { name: 'All runs' }).click();
  await expect(runs.run(run.runId)).toContainText('reverted');
});

test.describe('a demo run', () => {
  test.use({ mind: { kind: 'demo' } });

  test('its revert is undone from the toast: the run is not reverted any more and may be reverted again', async ({ app, outside }, testInfo) => {
    const store = outside();
    const { runs } = app;
    const runId = 'run_20261114';
    const drafted = store.list({ filter: { types: ['belief'], text: 'support tickets before drafting release notes' } })[0];
    if (drafted === undefined) throw new Error('the demo lacks the belief its November run drafted');
    await app.go(`#/runs/${runId}`);
    await expect(runs.heading).toHaveText(`Run ${runId}`);
    const creation = runs.change('create', drafted.id);
    await expect(creation).toBeVisible();
    await expect(runs.runCard).not.toContainText('reverted');

    await runs.revert();
    const done = app.toasts.withText(`Reverted what ${runId} did to`);
    await expect(done).toBeVisible();
    // The demo's agent added a reference to one of the run's beliefs since: that one is named and left.
    await expect(done).toContainText('1 memory changed since was left as it is: bl_');
    await expect(done).toContainText('(add evidence ref by agent:ada)');
    await expect(runs.runCard).toContainText('reverted');
    await expect(runs.revertButton).toBeHidden();
    await expect(creation.locator('.badge', { hasText: 'archived' })).toBeVisible();
    expect(store.view(drafted.id).status).toBe('archived');
    // The page marks the memory the revert left, with the change that kept the revert away.
    const leftId = (await done.textContent())?.match(/bl_\w+/)?.[0];
    if (leftId === undefined) throw new Error('the toast names no memory it left');
    await expect(runs.runCard).toContainText('The revert left 1 memory as it was: it changed after the run');
    await expect(runs.leftByRevert().first()).toContainText('Left as it was by the revert, because agent:ada changed it after the run (add evidence ref, ');
    await expect(runs.leftByRevert().locator(`[data-memory-id="${leftId}"]`).first()).toBeVisible();
    expect(await runs.leftByRevert().locator('[data-memory-id]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('data-memory-id')))])).toEqual([leftId]);
    await saveScreenshot(app.page, testInfo, 'run-revert-left');

    await done.getByRole('button', { name: 'Undo' }).click();
    await expect(app.toasts.withText(`Undid revert of ${runId} (`)).toBeVisible();
    await expect(runs.runCard).not.toContainText('reverted');
    await expect(runs.revertButton).toBeVisible();
    await expect(creation.locator('.badge', { hasText: 'archived' })).toBeHidden();
    await expect(runs.leftByRevert()).toHaveCount(0);
    expect(store.view(drafted.id).status).toBe('active');
    await saveScreenshot(app.page, testInfo, 'run-revert-undone');

    await app.page.getByRole('link', { name: 'All runs' }).click();
    await expect(runs.run(runId)).toBeVisible();
    await expect(runs.run(runId)).not.toContainText('reverted');
    await runs.openRun(runId);
    await runs.revert();
    await expect(runs.runCard).toContainText('reverted');
    expect(store.view(drafted.id).status).toBe('archived');
  });
});
