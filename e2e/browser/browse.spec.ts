/**
 * (b) The Browser: rows as the store lists them, filters (type, tier, status, review), full-text
 * search with highlighted matches, and sorting from the select, the direction button and the
 * column headers. Every expectation is read from the file over a second connection.
 */
import type { ListRequest } from '../../src-main/mind/list';
import { expect, test, type App } from '../fixtures';
import type { OutsideConnection } from '../support/outside';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

/** The grid shows the store's list for this request, in its order, from the top. */
async function expectListed(app: App, outside: OutsideConnection, request: ListRequest): Promise<string[]> {
  const expected = outside.list({ ...request, limit: 200 }).map((m) => m.id);
  expect(expected.length, `the store lists something for ${JSON.stringify(request)}`).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const shown = await app.browser.renderedIds();
      return shown.length > 0 && shown.join() === expected.slice(0, shown.length).join() ? 'match' : shown.join();
    })
    .toBe('match');
  return expected;
}

test('browse, filter, search with highlights, and sort', async ({ app, outside }, testInfo) => {
  const store = outside();
  await app.shell.goTo('Browser');
  await app.browser.expectRows();
  await expect(app.browser.grid).toHaveAttribute('aria-rowcount', '-1'); // 300 memories: more pages below
  await expectListed(app, store, { sort: 'updated', direction: 'desc' });
  await saveScreenshot(app.page, testInfo, 'browser-all');

  // Type: only beliefs, the address holds the filter.
  await app.browser.setFilter('Type', 'belief');
  const beliefs = await expectListed(app, store, { filter: { types: ['belief'] } });
  expect((await app.browser.params()).get('type')).toBe('belief');
  expect(new Set(await app.browser.renderedColumn('type'))).toEqual(new Set(['belief']));
  expect(beliefs.length).toBe(store.stats().byType.belief);

  // Tier on top of type: both apply.
  await app.browser.setFilter('Tier', 'observed');
  await expectListed(app, store, { filter: { types: ['belief'], tiers: ['observed'] } });
  expect(new Set(await app.browser.renderedColumn('tier'))).toEqual(new Set(['observed']));

  // Status alone: archived memories (hidden from nothing, shown with their badge).
  await app.browser.clearFilters();
  await app.browser.setFilter('Status', 'archived');
  const archived = await expectListed(app, store, { filter: { statuses: ['archived'] } });
  expect(archived.length).toBe(store.stats().byStatus.archived);
  await expect(app.browser.rows.first().locator('.badge', { hasText: 'archived' })).toBeVisible();

  // Review: the pending queue.
  await app.browser.clearFilters();
  await app.browser.setFilter('Review', 'pending');
  await expectListed(app, store, { filter: { reviewStatuses: ['pending'] } });
  await expect(app.browser.rows.first().locator('.badge-review')).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'browser-review-filter');

  // Full-text search: the store's matches, each row with the word marked.
  await app.browser.clearFilters();
  await app.browser.searchFor('postgres');
  await expectListed(app, store, { filter: { text: 'postgres' } });
  expect((await app.browser.params()).get('q')).toBe('postgres');
  const rowCount = await app.browser.rows.count();
  expect(rowCount).toBeGreaterThan(0);
  for (let i = 0; i < rowCount; i++) {
    const marks = app.browser.rows.nth(i).locator('.cell-content mark');
    await expect(marks.first()).toHaveText(/^postgres/i);
  }
  await saveScreenshot(app.page, testInfo, 'browser-search-highlights');

  // A search that matches nothing says so and offers the way back.
  await app.browser.searchFor('zzyzx-no-such-word');
  await expect(app.browser.noMatches).toBeVisible();
  await app.page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(app.browser.search).toHaveValue('');
  await expectListed(app, store, { sort: 'updated', direction: 'desc' });

  // Sort: confidence from the select (highest first), then flipped with the direction button.
  await app.browser.sortBy('confidence');
  await expectListed(app, store, { sort: 'confidence', direction: 'desc' });
  await expect(app.browser.columnHeader('Confidence')).toHaveAttribute('aria-sort', 'descending');
  await app.browser.directionButton.click();
  await expectListed(app, store, { sort: 'confidence', direction: 'asc' });
  await expect(app.browser.columnHeader('Confidence')).toHaveAttribute('aria-sort', 'ascending');

  // A column header sorts too: type, A to Z.
  await app.browser.columnHeader('Type').getByRole('button').click();
  await expectListed(app, store, { sort: 'type', direction: 'asc' });
  const types = await app.browser.renderedColumn('type');
  expect(types).toEqual([...types].sort());
  await saveScreenshot(app.page, testInfo, 'browser-sorted-by-type');
});
