/**
 * Search where a word is common: the Browser's text filter lists every match of a rare word and says
 * how many, but for a word held by more memories than a list reads it says its count covers the
 * newest matches only (under any sort, with other filters); and the palette, typed into quickly
 * while earlier searches answer late, only ever shows the results of the text in its box.
 */
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { LIST_TEXT_BUDGET } from '../../src-main/store/search-query';
import { type SearchMind, writeSearchMind } from '../support/search-minds';
import { saveScreenshot } from '../support/screenshots';

let built: SearchMind;
const budget = LIST_TEXT_BUDGET.toLocaleString('en');
test.use({
  mind: {
    kind: 'file',
    write: (dir) => {
      built = writeSearchMind(join(dir, 'search.mindloom'));
      return built.path;
    },
  },
});

test('the Browser counts a rare word exactly and says a common word has more matches than it lists', async ({ app, outside }, testInfo) => {
  const store = outside();
  await app.go('#/browser');
  await app.browser.expectRows();

  // A rare word: every match, counted.
  await app.browser.searchFor(built.rare);
  await expect(app.browser.listStatus).toHaveText(`${built.rareCount} memories match`);
  await expect(app.browser.rows).toHaveCount(built.rareCount);
  await expect(app.browser.searchNote).toBeHidden();

  // A common word: the newest matches, and the status and note say more memories hold it.
  await app.browser.searchFor(built.common);
  await expect(app.browser.listStatus).toContainText(`${budget} memories among the newest matches (more memories hold these words)`);
  await expect(app.browser.listStatus).toContainText('100 loaded, more below');
  await expect(app.browser.searchNote).toHaveText(
    `More than ${budget} memories hold these words: the list is drawn from the newest ${budget} of them. A rarer word lists every match.`,
  );
  const newest = store.list({ filter: { text: built.common }, limit: 3 }).map((memory) => memory.id);
  expect((await app.browser.renderedIds()).slice(0, 3)).toEqual(newest);
  await saveScreenshot(app.page, testInfo, 'browser-common-word-bounded');

  // Another sort and another filter keep the bound and count what passes them.
  await app.browser.sortBy('confidence');
  await expect(app.browser.listStatus).toContainText(`${budget} memories among the newest matches`);
  await app.browser.setFilter('Type', 'goal');
  const goals = store.list({ filter: { text: built.common, types: ['goal'] }, sort: 'confidence', direction: 'desc', limit: 1 });
  // Every third common memory is a goal: those among the newest LIST_TEXT_BUDGET of them.
  const newestGoals = Array.from({ length: LIST_TEXT_BUDGET }, (_, i) => built.commonCount - 1 - i).filter((i) => i % 3 === 0).length;
  await expect(app.browser.listStatus).toContainText(`${newestGoals} memories among the newest matches`);
  await expect(app.browser.rows.first()).toHaveAttribute('data-memory-id', goals[0]?.id ?? '');
  await saveScreenshot(app.page, testInfo, 'browser-common-word-goals');

  // Punctuation only: nothing to search for, and why.
  await app.browser.clearFilters();
  await app.browser.searchFor('"*');
  await expect(app.browser.noMatches).toBeVisible();
  await expect(app.page.getByText('Nothing to search for: the query has no letters or digits')).toBeVisible();
});

test('the palette never shows an earlier text’s results while typing, even when they answer late', async ({ app, page }, testInfo) => {
  await app.overview.expectLoaded();
  const finalText = built.rare;
  // Searches for any earlier text reach the host late, so their answers come after the final one's.
  const delayed: Promise<void>[] = [];
  await page.route('**/api/call/memories.search', (route) => {
    const { query } = route.request().postDataJSON() as { query: string };
    if (query === finalText) return route.continue();
    const sent = new Promise<void>((resolve) => setTimeout(resolve, 1_200)).then(() => route.continue());
    delayed.push(sent);
    return sent;
  });
  await app.palette.open();
  await app.palette.recordShownHits();

  // Pauses long enough for each text to be searched, then the final text.
  await app.palette.input.pressSequentially('om', { delay: 30 });
  await page.waitForTimeout(300);
  await app.palette.input.pressSequentially('ega', { delay: 30 });
  await page.waitForTimeout(300);
  await app.palette.input.fill('');
  await app.palette.input.pressSequentially(finalText, { delay: 30 });

  const hits = app.palette.memoryOptions;
  await expect(hits).toHaveCount(8);
  await Promise.all(delayed);
  expect(delayed.length).toBeGreaterThanOrEqual(2);
  // The late answers have arrived; the final text's results stay.
  await page.waitForTimeout(300);
  await expect(hits).toHaveCount(8);
  for (const hit of await hits.all()) await expect(hit.locator('mark').first()).toHaveText(new RegExp(`^${finalText}`, 'i'));
  await saveScreenshot(page, testInfo, 'palette-final-text-results');

  // Nothing shown at any moment belonged to another text than the box held then.
  const shown = await app.palette.shownHits();
  expect(shown.length).toBeGreaterThan(0);
  for (const state of shown) {
    for (const text of state.hits) expect(text.toLowerCase(), `box "${state.value}"`).toContain(state.value.trim().toLowerCase().split(' ').pop() ?? '');
  }
  expect(shown.some((state) => state.value === finalText && state.hits.length === 8)).toBe(true);
});
