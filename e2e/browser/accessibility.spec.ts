/**
 * axe-core on every view, as a new user sees it (the demo mind, default rules): the overview,
 * browser, a memory page (and its lineage, timeline and history tabs) and settings, the editing views with
 * content on them (review, rejections, inbox, contradictions) and their dialogs, recall, the consolidation runs,
 * time travel and the mind diff, and File → Export… / Import… (with a preview). No serious or critical violation passes.
 */
import { expect, test } from '../fixtures';
import { InteropDialogs } from '../pages/interop-dialogs';
import { expectAccessible } from '../support/axe';
import { saveScreenshot } from '../support/screenshots';
import { LineagePage } from '../pages/lineage-page';

test.use({ mind: { kind: 'demo' } });

test('the overview, browser, memory page and settings', async ({ app, outside }, testInfo) => {
  // Nine axe runs, one over the Browser's grid and six over memory pages: slow on a busy machine.
  test.slow();
  await app.overview.expectLoaded();
  await expectAccessible(app.page, testInfo, 'overview');
  await app.go('#/browser');
  await expect(app.page.getByRole('grid', { name: 'Memories' }).locator('[role="row"][data-memory-id]').first()).toBeVisible();
  await expectAccessible(app.page, testInfo, 'browser');
  // Memory pages of several kinds: each tier, a capture, something archived or superseded.
  const store = outside();
  const samples = [
    ...(['grounded', 'observed', 'inferred', 'hypothesis'] as const).map((tier) => store.list({ filter: { tiers: [tier] }, limit: 1 })[0]),
    store.list({ filter: { types: ['raw'] }, limit: 1 })[0],
    store.list({ filter: { statuses: ['archived', 'superseded'] }, limit: 1 })[0],
  ].filter((m) => m !== undefined);
  expect(samples.length).toBeGreaterThanOrEqual(4);
  for (const memory of samples) {
    await app.go(`#/memory/${memory.id}`);
    await app.memory.expectShowing(memory.id);
    await expectAccessible(app.page, testInfo, `memory page (${memory.type}, ${memory.tier}, ${memory.status})`);
  }
  await app.go('#/settings');
  await expect(app.page.getByRole('heading', { name: 'Review', level: 2 })).toBeVisible();
  await expectAccessible(app.page, testInfo, 'settings');
  await saveScreenshot(app.page, testInfo, 'settings-with-review');
});

test('the editing views and their dialogs', async ({ app, outside }, testInfo) => {
  // An axe run per view and per dialog: slow on a busy machine.
  test.slow();
  const store = outside();
  await app.review.open(app.go);
  await expect(app.review.card.or(app.page.getByRole('status').filter({ hasText: 'Nothing waits for review' }))).toBeVisible();
  await expectAccessible(app.page, testInfo, 'review');
  await app.page.keyboard.press('?');
  await expectAccessible(app.page, testInfo, 'review keys');
  await app.page.keyboard.press('Escape');
  if (await app.review.card.isVisible()) {
    await app.page.keyboard.press('r');
    await expect(app.review.rejectDialog).toBeVisible();
    await expectAccessible(app.page, testInfo, 'reject dialog');
    await app.page.keyboard.press('Escape');
  }

  await app.rejections.open(app.go);
  await expectAccessible(app.page, testInfo, 'rejections');
  await app.inbox.open(app.go);
  await expectAccessible(app.page, testInfo, 'inbox');
  await app.contradictions.open(app.go);
  await expect(app.contradictions.tab('Open')).toBeVisible();
  await expectAccessible(app.page, testInfo, 'contradictions');
  await saveScreenshot(app.page, testInfo, 'contradictions-demo');

  const belief = store.list({ filter: { types: ['belief'], statuses: ['active'] }, limit: 1 })[0];
  await app.go(`#/memory/${belief?.id}`);
  await app.memory.expectShowing(belief?.id ?? '');
  for (const [action, dialog] of [
    ['Verify…', app.dialogs.verify],
    ['Reinforce…', app.dialogs.reinforce],
    ['Supersede…', app.dialogs.supersede],
    ['Promote…', app.dialogs.promote],
    ['Flag contradiction…', app.dialogs.flag],
  ] as const) {
    await app.dialogs.action(action).click();
    await expect(dialog).toBeVisible();
    await expectAccessible(app.page, testInfo, `${action} dialog`);
    await app.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('the lineage view, with a node selected and the why-paths lit', async ({ app, outside }, testInfo) => {
  test.setTimeout(180_000);
  const belief = outside().list({ filter: { types: ['belief'] }, limit: 1 })[0];
  if (belief === undefined) throw new Error('the demo mind has no belief');
  const lineage = new LineagePage(app.page);
  await lineage.open(app.go, belief.id);
  await expectAccessible(app.page, testInfo, 'lineage');
  await lineage.node(belief.id).click();
  await expect(lineage.card).toBeVisible();
  await lineage.why.click();
  await expectAccessible(app.page, testInfo, 'lineage with a node selected and why-paths');
});

test('recall, with hits', async ({ app }, testInfo) => {
  await app.go('#/recall?q=friday%20deploys');
  await expect(app.recall.hits).toBeVisible();
  await expectAccessible(app.page, testInfo, 'recall');
});

test('the consolidation runs, one run’s changes and its revert dialog', async ({ app }, testInfo) => {
  const { runs } = app;
  await runs.open(app.go);
  await expect(runs.list).toBeVisible();
  await expectAccessible(app.page, testInfo, 'runs');
  const newest = runs.list.locator('li').first();
  const id = (await newest.getAttribute('data-run')) ?? '';
  await runs.openRun(id);
  await expectAccessible(app.page, testInfo, 'run changes');
  await saveScreenshot(app.page, testInfo, 'run-changes-demo');
  await runs.runCard.getByRole('button', { name: 'Revert this run…' }).click();
  await expect(runs.revertDialog).toBeVisible();
  await expectAccessible(app.page, testInfo, 'revert dialog');
  await app.page.keyboard.press('Escape');
  await expect(runs.revertDialog).toBeHidden();
});

test('time travel and the mind diff', async ({ app }, testInfo) => {
  // Five axe runs, one over the Browser's grid: slow on a busy machine.
  test.slow();
  await app.go('#/browser');
  await expect(app.page.getByRole('grid', { name: 'Memories' })).toBeVisible();
  await app.timeTravel.open.click();
  await expect(app.timeTravel.picker).toBeVisible();
  await expectAccessible(app.page, testInfo, 'time travel picker');
  await app.timeTravel.picker.getByRole('button', { name: '1 week ago' }).click();
  await expect(app.timeTravel.banner).toBeVisible();
  await expectAccessible(app.page, testInfo, 'browser as of a past date');
  const first = app.browser.rows.first();
  const id = (await first.getAttribute('data-memory-id')) ?? '';
  await first.locator('a.row-link').click();
  await app.memory.expectShowing(id);
  await expect(app.timeTravel.banner).toBeVisible();
  await expectAccessible(app.page, testInfo, 'memory page as of a past date');
  await app.go('#/diff');
  await expect(app.mindDiff.categories).toBeVisible();
  await expectAccessible(app.page, testInfo, 'mind diff');
  await saveScreenshot(app.page, testInfo, 'mind-diff-demo');
});

test('the export and import dialogs, with an export done and its preview shown', async ({ app, workDir }, testInfo) => {
  const interop = new InteropDialogs(app.page);
  await app.overview.expectLoaded();
  await interop.open('Export…');
  await expectAccessible(app.page, testInfo, 'export dialog');
  const file = `${workDir}/accessible.json`;
  await interop.exportPath.fill(file);
  await interop.exportButton.click();
  await expect(interop.exportResult).toBeVisible();
  await expectAccessible(app.page, testInfo, 'export result');
  await interop.exportDialog.getByRole('button', { name: 'Close' }).click();
  await interop.open('Import…');
  await interop.importPath.fill(file);
  await interop.previewButton.click();
  await expect(interop.preview).toBeVisible();
  await expectAccessible(app.page, testInfo, 'import dialog with preview');
});

test('the memory page\'s timeline and history tabs', async ({ app, outside }, testInfo) => {
  await app.overview.expectLoaded();
  const belief = outside().list({ filter: { types: ['belief'], statuses: ['active'] }, sort: 'created', direction: 'asc', limit: 1 })[0];
  for (const tab of ['timeline', 'history'] as const) {
    await app.go(`#/memory/${belief?.id}/${tab}`);
    await expect(app.page.getByRole('navigation', { name: 'Memory views' }).locator(`[data-tab="${tab}"]`)).toHaveAttribute('aria-current', 'page');
    await expect(app.page.getByRole(tab === 'timeline' ? 'table' : 'list', { name: tab === 'timeline' ? 'Changes to confidence' : 'History entries' })).toBeVisible();
    await expectAccessible(app.page, testInfo, `memory ${tab} tab`);
  }
});
