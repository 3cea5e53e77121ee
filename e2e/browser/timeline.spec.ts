/**
 * The Timeline tab: the chart draws one marker per journaled change and the table below lists the
 * same changes with their causes, on a built mind (every change known) and on the demo mind (a
 * belief reinforced and contradicted for weeks, with a supersession chain to overlay). Keyboard:
 * arrow keys on the chart and focus on a row name the change and link the memory behind it.
 */
import { expect, test } from '../fixtures';
import { TimelinePage } from '../pages/timeline-page';
import { expectAccessible } from '../support/axe';
import { saveScreenshot } from '../support/screenshots';
import { type BuiltTimelineMind, journalOps, writeTimelineMind } from '../support/timeline-minds';

test.describe('on a built mind', () => {
  let built: BuiltTimelineMind;
  test.use({
    mind: {
      kind: 'file',
      write: (dir) => {
        built = writeTimelineMind(dir);
        return built.path;
      },
    },
  });

  test('markers match the journal one to one, with their causes and linked episodes', async ({ app }, testInfo) => {
    const timeline = new TimelinePage(app.page);
    await app.go(`#/memory/${built.belief}/timeline`);
    expect(await timeline.paintedMarkers()).toBe(built.expected.length);
    const journal = journalOps(built.path, built.belief);
    expect(journal.map((row) => row.op)).toEqual(built.expected.map(([op]) => op));
    // The table lists them newest first, one row per journal row.
    expect((await timeline.eventRows()).reverse()).toEqual(built.expected.map(([op, cause]) => [op, cause]));
    for (const [index, [, , linked]] of built.expected.entries()) {
      if (linked === null) continue;
      const row = timeline.events.nth(built.expected.length - 1 - index);
      await expect(row.locator(`a[data-memory-id="${linked}"]`)).toBeVisible();
    }
    await saveScreenshot(app.page, testInfo, 'timeline-built');

    // Keyboard: the chart steps through the changes; the first is the creation.
    await timeline.figure.focus();
    await app.page.keyboard.press('Home');
    await expect(timeline.selected.locator('[data-cause]')).toHaveAttribute('data-cause', 'created');
    await app.page.keyboard.press('ArrowRight');
    await expect(timeline.selected.locator('[data-cause]')).toHaveAttribute('data-cause', 'reinforced');
    await expect(timeline.selected).toContainText('first deploy');
    // Focusing the contradiction's row names it and links its episode, which opens.
    await timeline.events.filter({ has: app.page.locator('[data-cause="contradicted"]') }).first().focus();
    await expect(timeline.selected).toContainText('contradicted by');
    await timeline.selected.locator(`a[data-memory-id="${built.episodes[2]}"]`).click();
    await app.memory.expectShowing(built.episodes[2] as string);
  });

  test('a Browser row draws a confidence trail for a memory whose confidence moved, and none for one that never did', async ({ app, outside }) => {
    await app.shell.goTo('Browser');
    await app.browser.expectRows();
    const trail = app.browser.trail(built.belief);
    await expect(trail).toBeVisible();
    await expect(trail.locator('polyline')).toHaveAttribute('points', /^\S+( \S+){2,}$/);
    await expect(app.browser.row(built.episodes[0] as string)).toBeVisible();
    await expect(app.browser.trail(built.episodes[0] as string)).toHaveCount(0);
    // As of a day and a half after its creation it had moved once (the first reinforcement): two points.
    const created = Date.parse(outside().view(built.belief).createdAt);
    await app.go(`#/browser?asOf=${encodeURIComponent(new Date(created + 1.5 * 86_400_000).toISOString())}`);
    await expect(app.browser.trail(built.belief).locator('polyline')).toHaveAttribute('points', /^\S+ \S+$/);
  });

  test('as of a past instant only what had happened by then is drawn', async ({ app, outside }) => {
    const timeline = new TimelinePage(app.page);
    const created = outside().view(built.belief).createdAt;
    await app.go(`#/memory/${built.belief}/timeline?asOf=${encodeURIComponent(created)}`);
    expect(await timeline.paintedMarkers()).toBe(1);
    expect(await timeline.eventRows()).toEqual([['create', 'created']]);
  });
});

test.describe('on the demo mind', () => {
  test.use({ mind: { kind: 'demo' } });

  test('a belief moved for weeks: every change a marker, causes named, the supersession chain overlaid', async ({ app, outside }, testInfo) => {
    const store = outside();
    const belief = store
      .list({ filter: { types: ['belief'], statuses: ['active'] }, limit: 500 })
      .find((m) => m.content.includes('socket pool: bursts of shipment imports'));
    if (belief === undefined) throw new Error('the demo mind lost its geocoding belief');
    const timeline = new TimelinePage(app.page);
    await app.go(`#/memory/${belief.id}`);
    // The Details tab's sparkline leads to the timeline.
    await app.page.getByTestId('confidence-sparkline').click();
    await expect(timeline.tab('Timeline')).toHaveAttribute('aria-current', 'page');

    const journal = journalOps(store.path, belief.id);
    expect(await timeline.paintedMarkers()).toBe(journal.length);
    const rows = (await timeline.eventRows()).reverse();
    expect(rows.map(([op]) => op)).toEqual(journal.map((row) => row.op));
    const causes = rows.map(([, cause]) => cause);
    expect(causes.filter((c) => c === 'reinforced').length).toBe(journal.filter((r) => r.op === 'reinforce').length);
    expect(causes.filter((c) => c === 'contradicted').length).toBe(journal.filter((r) => r.op === 'counter_evidence').length);
    expect(causes.filter((c) => c === 'verified')).toHaveLength(2);
    expect(causes[0]).toBe('supersedes');

    // Overlay the three beliefs it superseded.
    const predecessors = timeline.overlays.getByRole('checkbox');
    await expect(predecessors).toHaveCount(3);
    for (const box of await predecessors.all()) await box.check();
    await expect(timeline.chart.locator('.u-legend .u-series')).toHaveCount(3 + 4 + 1 + 2);
    await saveScreenshot(app.page, testInfo, 'timeline-demo-overlaid');
    await expectAccessible(app.page, testInfo, 'timeline tab');
  });
});
