/**
 * Mind diff: two instants, then what was added, changed, superseded, archived, forgotten and
 * reviewed between them, counted, listed, and linked to each memory as it stood at the end.
 */
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';
import { TRAVEL_TIMES, type TravelMind, writeTravelMind } from '../support/travel-minds';

let travel: TravelMind;
const iso = (ms: number) => new Date(ms).toISOString();

test.use({
  timezoneId: 'UTC',
  mind: {
    kind: 'file',
    write: (dir) => {
      travel = writeTravelMind(dir);
      return travel.path;
    },
  },
});

test('the diff of the day of the changes counts and lists them, each linking to the memory as it stood then', async ({ app }, testInfo) => {
  await app.shell.goTo('Mind diff');
  await expect(app.mindDiff.heading).toBeVisible();
  await app.mindDiff.setEnd('From', iso(TRAVEL_TIMES.before));
  await app.mindDiff.setEnd('To', iso(TRAVEL_TIMES.after));
  await expect(app.page).toHaveURL(/#\/diff\?from=.*&to=/);
  await expect.poll(() => app.mindDiff.counts()).toEqual({ added: 2, changed: 0, superseded: 1, archived: 1, forgotten: 0, reviewed: 0 });

  // Added: the successor and the new note, the newest first.
  const added = app.mindDiff.list('Added');
  await expect(added.locator('li[data-memory-id]')).toHaveCount(2);
  await expect(app.mindDiff.item('Added', travel.addedNote)).toBeVisible();
  await expect(app.mindDiff.item('Added', travel.newBelief.id)).toContainText(travel.newBelief.content);
  await saveScreenshot(app.page, testInfo, 'mind diff added');

  await app.mindDiff.category('superseded').click();
  await expect(app.mindDiff.category('superseded')).toHaveAttribute('aria-pressed', 'true');
  const superseded = app.mindDiff.item('Superseded', travel.oldBelief.id);
  await expect(superseded).toContainText(travel.oldBelief.content);
  await expect(superseded).toContainText('superseded by user');
  await saveScreenshot(app.page, testInfo, 'mind diff superseded');

  // The link opens the memory at the window's end: superseded already, read-only.
  await superseded.getByRole('link').click();
  await app.memory.expectShowing(travel.oldBelief.id);
  await expect(app.page).toHaveURL(new RegExp(`asOf=${encodeURIComponent(iso(TRAVEL_TIMES.after))}`));
  await expect(app.memory.badge('superseded')).toBeVisible();
  await expect(app.timeTravel.banner).toBeVisible();
  await expect(app.memory.actions).toHaveCount(0);
});

test('a window before the changes is empty, and one that ends before it starts says so', async ({ app }) => {
  await app.go(`#/diff?from=${iso(TRAVEL_TIMES.start + 1)}&to=${iso(TRAVEL_TIMES.before)}`);
  await expect.poll(() => app.mindDiff.counts()).toEqual({ added: 0, changed: 0, superseded: 0, archived: 0, forgotten: 0, reviewed: 0 });
  await expect(app.page.getByText('Nothing added in this window')).toBeVisible();
  await app.go(`#/diff?from=${iso(TRAVEL_TIMES.after)}&to=${iso(TRAVEL_TIMES.before)}`);
  await expect(app.page.getByRole('alert')).toHaveText(/The start must come before the end/);
});
