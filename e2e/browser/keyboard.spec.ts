/** (j) The Browser's grid by keyboard: one tab stop, j/k and arrows move, Enter opens, Back returns. */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

test('keyboard navigation in the Browser list', async ({ app, outside }, testInfo) => {
  const store = outside();
  const expected = store.list({ filter: { types: ['belief'] }, sort: 'created', direction: 'asc', limit: 10 }).map((m) => m.id);
  await app.go('#/browser?type=belief&sort=created&dir=asc');
  await app.browser.expectRows();
  await expect.poll(() => app.browser.renderedIds().then((ids) => ids.slice(0, expected.length))).toEqual(expected);

  await app.browser.grid.focus();
  await expect(app.browser.grid).toBeFocused();
  const active = () => app.browser.grid.getAttribute('aria-activedescendant');

  await app.page.keyboard.press('j');
  await expect.poll(active).toBe(`memory-row-${expected[0]}`);
  await app.page.keyboard.press('j');
  await app.page.keyboard.press('ArrowDown');
  await app.page.keyboard.press('ArrowDown');
  await expect.poll(active).toBe(`memory-row-${expected[3]}`);
  await app.page.keyboard.press('k');
  await expect.poll(active).toBe(`memory-row-${expected[2]}`);
  await expect(app.browser.row(expected[2]!)).toHaveClass(/is-active/);
  await saveScreenshot(app.page, testInfo, 'keyboard-active-row');

  // Space selects, Escape clears the selection.
  await app.page.keyboard.press(' ');
  await expect(app.browser.row(expected[2]!)).toHaveAttribute('aria-selected', 'true');
  await app.page.keyboard.press('Escape');
  await expect(app.browser.row(expected[2]!)).toHaveAttribute('aria-selected', 'false');

  await app.page.keyboard.press('ArrowUp');
  await app.page.keyboard.press('Enter');
  await app.memory.expectShowing(expected[1]!);

  await app.page.goBack();
  await app.browser.expectRows();
  expect((await app.browser.params()).get('type')).toBe('belief');

  // A selection belongs to its list: narrowing the filters starts the new list with none.
  const clearSelection = app.page.getByRole('button', { name: 'Clear selection' });
  await app.browser.row(expected[0]!).click();
  await expect(app.browser.row(expected[0]!)).toHaveAttribute('aria-selected', 'true');
  await expect(clearSelection).toBeVisible();
  await app.browser.setFilter('Tier', 'observed');
  await app.browser.expectRows();
  await expect(clearSelection).toBeHidden();
  await expect(app.browser.grid.locator('[aria-selected="true"]')).toHaveCount(0);
});
