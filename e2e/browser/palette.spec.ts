/** (f) The command palette: Ctrl-K, jump to a view, and to a memory found by its words or its id. */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

test('command palette: jump to a view and to a memory', async ({ app, outside }, testInfo) => {
  await app.overview.expectLoaded();

  // A view by a fuzzy part of its name.
  await app.palette.open();
  await app.palette.type('sett');
  await expect(app.palette.options.first()).toContainText('Settings');
  await app.palette.input.press('Enter');
  await expect(app.palette.dialog).toBeHidden();
  await expect(app.settings.heading).toBeVisible();
  await app.shell.expectCurrent('Settings');

  // Escape closes without going anywhere.
  await app.palette.open();
  await app.palette.input.press('Escape');
  await expect(app.palette.dialog).toBeHidden();
  await expect(app.settings.heading).toBeVisible();

  // A memory by words of its content: the full-text hit shows its id and the matched words.
  const store = outside();
  const target = store.list({ filter: { types: ['belief'], statuses: ['active'], text: 'postgres' }, limit: 1 })[0];
  if (target === undefined) throw new Error('the demo mind has no active belief about postgres');
  await app.palette.open();
  await app.palette.type('postgres');
  const hit = app.palette.memoryOption(target.id);
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toHaveText(/^postgres/i);
  await saveScreenshot(app.page, testInfo, 'palette-search');
  await hit.click();
  await app.memory.expectShowing(target.id);

  // Every hit's first match is in sight, even where it comes late in a long memory ("… Friday no deploys.").
  await app.palette.open();
  await app.palette.type('deploy');
  const hits = app.palette.options.filter({ has: app.page.locator('code') });
  await expect(hits).not.toHaveCount(0);
  for (const option of await hits.all()) {
    const [row, mark] = await Promise.all([option.boundingBox(), option.locator('mark').first().boundingBox()]);
    expect(mark, (await option.textContent()) ?? '').not.toBeNull();
    expect((mark?.x ?? 0) + (mark?.width ?? 0), (await option.textContent()) ?? '').toBeLessThanOrEqual((row?.x ?? 0) + (row?.width ?? 0));
  }
  await app.palette.input.press('Escape');

  // The same words asked of the mind, as the agent's recall would take them.
  await app.palette.open();
  await app.palette.type('postgres upgrades');
  await app.palette.option('Ask the mind: “postgres upgrades”').click();
  await expect(app.recall.heading).toBeVisible();
  await expect(app.recall.question).toHaveValue('postgres upgrades');
  await expect(app.recall.hits).toBeVisible();

  // A memory by its id; the arrows move through the options, Enter opens the active one.
  const other = store.list({ filter: { types: ['note'] }, sort: 'created', direction: 'asc', limit: 1 })[0];
  if (other === undefined) throw new Error('the demo mind has no note');
  await app.palette.open();
  await app.palette.input.press('ArrowDown');
  await app.palette.input.press('ArrowDown');
  // (Where the arrows land depends on where the mouse rests; only that the first is left matters.)
  await expect(app.palette.options.first()).toHaveAttribute('aria-selected', 'false');
  // Typing starts the choice over at the first option.
  await app.palette.type(other.id);
  await expect(app.palette.options.first()).toContainText(`Open memory ${other.id}`);
  await expect(app.palette.options.first()).toHaveAttribute('aria-selected', 'true');
  await app.palette.input.press('Enter');
  await app.memory.expectShowing(other.id);

  // A filtered Browser from the palette, reached with the arrow keys.
  await app.palette.open();
  await app.palette.type('review queue');
  const review = app.palette.option(/^Review queue/);
  await expect(review).toBeVisible();
  for (let presses = 0; presses < 10 && (await review.getAttribute('aria-selected')) !== 'true'; presses++) {
    await app.palette.input.press('ArrowDown');
  }
  await expect(review).toHaveAttribute('aria-selected', 'true');
  await app.palette.input.press('Enter');
  await app.browser.expectRows();
  expect((await app.browser.params()).get('review')).toBe('pending');
  await saveScreenshot(app.page, testInfo, 'palette-review-queue');
});
