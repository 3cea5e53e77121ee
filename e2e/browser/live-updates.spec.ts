/**
 * (h) Writes by another process (an agent holding the same file) show up without a reload: the
 * host notices the file's data_version move and pushes `mind.changed`; the open views refetch.
 * The waits below are functional (the change must arrive), not a performance assertion.
 */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

const ARRIVES_WITHIN = { timeout: 5_000 };

test('a memory written from a second connection appears in the open Browser and Overview', async ({ app, outside }, testInfo) => {
  const store = outside();
  const before = store.stats().total;
  await app.overview.expectLoaded();
  expect(await app.overview.stat('Memories')).toBe(before);
  // Marks this page: a reload would drop it.
  await app.page.evaluate(() => Object.assign(window, { e2ePageMark: 'same page' }));

  await app.shell.goTo('Browser');
  await app.browser.expectRows();
  const created = store.create({
    type: 'note',
    content: 'Outside write: the nightly backup moved to 02:30 UTC (written by another process)',
    source: 'told by Claire',
  });
  const row = app.browser.row(created.id);
  await expect(row).toBeVisible(ARRIVES_WITHIN);
  await expect(row).toContainText('the nightly backup moved to 02:30 UTC');
  await saveScreenshot(app.page, testInfo, 'outside-write-in-browser');

  // An outside edit of the same memory reaches the open row too.
  store.edit(created.id, { content: 'Outside write: the nightly backup moved to 03:00 UTC' }, created.version);
  await expect(row).toContainText('moved to 03:00 UTC', ARRIVES_WITHIN);

  await app.shell.goTo('Overview');
  await expect(app.overview.statLink('Memories')).toHaveText(String(before + 1), ARRIVES_WITHIN);
  expect(await app.page.evaluate(() => (window as unknown as { e2ePageMark?: string }).e2ePageMark)).toBe('same page');
});

test('an outside reinforcement draws the row\'s confidence trail in the open Browser, and moves it again', async ({ app, outside }) => {
  const store = outside();
  const belief = store.create({ type: 'belief', content: 'Outside belief: the canary catches config drift before users do', source: 'told by Claire', confidence: 0.6 });
  await app.shell.goTo('Browser');
  await app.browser.expectRows();
  await expect(app.browser.row(belief.id)).toBeVisible(ARRIVES_WITHIN);
  // Never moved: no trail.
  await expect(app.browser.trail(belief.id)).toHaveCount(0);

  const once = store.reinforce(belief.id, 'canary caught the drifted flag on Tuesday');
  expect(once.confidence).toBeGreaterThan(belief.confidence);
  const trail = app.browser.trail(belief.id).locator('polyline');
  await expect(trail).toHaveAttribute('points', /^\S+ \S+$/, ARRIVES_WITHIN);

  store.reinforce(belief.id, 'and again on Thursday');
  await expect(trail).toHaveAttribute('points', /^\S+ \S+ \S+$/, ARRIVES_WITHIN);
});
