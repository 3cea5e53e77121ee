/**
 * Time travel: the Browser and the memory page as the mind stood on a past date. A belief shows as
 * it was before its supersession, read-only under a banner naming the date; links keep the date;
 * a memory from after the date is "Not there yet"; "Back to now" returns to the present.
 */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';
import { TRAVEL_TIMES, type TravelMind, writeTravelMind } from '../support/travel-minds';

let travel: TravelMind;
const before = new Date(TRAVEL_TIMES.before).toISOString();

test.use({
  // The picker takes local time: in UTC it is the ISO text itself.
  timezoneId: 'UTC',
  mind: {
    kind: 'file',
    write: (dir) => {
      travel = writeTravelMind(dir);
      return travel.path;
    },
  },
});

test('the Browser as of a past date lists the belief before its supersession; its page is read-only and keeps the date', async ({ app }, testInfo) => {
  await app.shell.goTo('Browser');
  await app.browser.expectRows();
  await expect(app.browser.row(travel.newBelief.id)).toBeVisible();

  await app.timeTravel.travelTo(before);
  await app.timeTravel.expectTravelling(/2026/);
  expect(new URL(app.page.url()).hash).toContain(`asOf=${encodeURIComponent(before)}`);
  // Then: the old belief, the note not yet archived; nothing written later.
  await expect(app.browser.row(travel.oldBelief.id)).toBeVisible();
  await expect(app.browser.row(travel.archivedNote)).toBeVisible();
  await expect(app.browser.row(travel.newBelief.id)).toHaveCount(0);
  await expect(app.browser.row(travel.addedNote)).toHaveCount(0);
  await expect(app.browser.search).toBeDisabled();
  await saveScreenshot(app.page, testInfo, 'browser as of a past date');

  await app.browser.row(travel.oldBelief.id).locator('a.row-link').click();
  await app.memory.expectShowing(travel.oldBelief.id);
  expect(new URL(app.page.url()).hash).toContain(`asOf=${encodeURIComponent(before)}`);
  await app.timeTravel.expectTravelling(/2026/);
  await expect(app.memory.content).toHaveText(travel.oldBelief.content);
  await expect(app.memory.badge('superseded')).toHaveCount(0);
  await expect(app.memory.relation('Superseded by')).toHaveCount(0);
  // Read-only: no actions while seeing the past.
  await expect(app.memory.actions).toHaveCount(0);
  await saveScreenshot(app.page, testInfo, 'memory as of a past date');

  await app.timeTravel.backToNow.click();
  await expect(app.timeTravel.banner).toHaveCount(0);
  await app.memory.expectShowing(travel.oldBelief.id);
  await expect(app.memory.badge('superseded')).toBeVisible();
  await expect(app.memory.relationLink('Superseded by', travel.newBelief.id)).toBeVisible();
  await expect(app.memory.action('Edit')).toBeVisible();
  expect(new URL(app.page.url()).hash).not.toContain('asOf');
});

test('a memory seen before it existed is "Not there yet", with a way to see it now', async ({ app }, testInfo) => {
  await app.go(`#/memory/${travel.newBelief.id}?asOf=${encodeURIComponent(before)}`);
  await expect(app.page.getByRole('heading', { level: 1, name: 'Not there yet' })).toBeVisible();
  await app.timeTravel.expectTravelling(/2026/);
  await saveScreenshot(app.page, testInfo, 'not there yet');
  await app.page.getByRole('link', { name: 'See it now' }).click();
  await app.memory.expectShowing(travel.newBelief.id);
  await expect(app.memory.content).toHaveText(travel.newBelief.content);
});

test('the time control works from the keyboard alone: a preset, then back to now', async ({ app }) => {
  await app.go(`#/memory/${travel.oldBelief.id}`);
  await app.memory.expectShowing(travel.oldBelief.id);
  await app.timeTravel.open.focus();
  await app.page.keyboard.press('Enter');
  await app.timeTravel.picker.getByRole('button', { name: '1 week ago' }).focus();
  await app.page.keyboard.press('Enter');
  await expect(app.timeTravel.banner).toBeVisible();
  // A week ago (in wall-clock time) the mind stood as it does now: the belief already superseded.
  await expect(app.memory.badge('superseded')).toBeVisible();
  await app.timeTravel.backToNow.focus();
  await app.page.keyboard.press('Enter');
  await expect(app.timeTravel.banner).toHaveCount(0);
});
