/** (a) First run: the welcome screen, "Open demo mind", and an Overview that shows the demo's counts. */
import { MEMORY_STATUSES, MEMORY_TYPES, TIERS } from '../../shared/model';
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'none' } });

test('first run: open the demo mind and see its counts on the Overview', async ({ app, host, outside }, testInfo) => {
  await app.welcome.expectVisible();
  await expect(app.welcome.openDemoButton).toBeFocused();
  await saveScreenshot(app.page, testInfo, 'welcome');

  await app.welcome.openDemo();
  await app.overview.expectLoaded();
  await app.shell.expectCurrent('Overview');
  await expect(app.shell.mindName).toContainText('Demo mind');
  await expect(app.shell.mindName.locator('.badge')).toHaveText('demo');

  // The figures come from the file itself, read over a second connection.
  const status = host.session.status();
  expect(status.state === 'open' && status.isDemo).toBe(true);
  const stats = outside().stats();
  expect(stats.total).toBeGreaterThan(250);
  expect(await app.overview.stat('Memories')).toBe(stats.total);
  expect(await app.overview.stat('Review queue')).toBe(stats.pendingReview);
  expect(await app.overview.plainStat('Open contradictions')).toBe(stats.openContradictions);
  for (const type of MEMORY_TYPES) expect(await app.overview.barCount('By type', type), type).toBe(stats.byType[type] ?? 0);
  for (const tier of TIERS) expect(await app.overview.barCount('By tier', tier), tier).toBe(stats.byTier[tier] ?? 0);
  for (const status of MEMORY_STATUSES) {
    expect(await app.overview.barCount('By status', status), status).toBe(stats.byStatus[status] ?? 0);
  }
  await saveScreenshot(app.page, testInfo, 'overview-demo');

  // A count is a way into the Browser with that filter.
  await app.overview.bar('By type', 'belief').click();
  await app.browser.expectRows();
  expect((await app.browser.params()).get('type')).toBe('belief');
  await expect(app.browser.filterBox('Type', 'belief')).toBeChecked();
});
