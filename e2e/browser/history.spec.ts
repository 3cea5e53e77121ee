/**
 * The History tab: every journal entry with who, when and why, word-level diffs of what changed,
 * and "Revert this change", which adds a journal entry (history is never rewritten).
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

  test('the edit shows as a word diff, and reverting it adds a journal entry', async ({ app, outside }, testInfo) => {
    const history = new TimelinePage(app.page);
    await app.go(`#/memory/${built.belief}/history`);
    await expect(history.history.locator('li.history-item')).toHaveCount(built.expected.length);
    const edit = history.historyEntry('edit');
    await expect(edit.locator('ins', { hasText: 'unless the CDN is cold' })).toBeVisible();
    await expect(edit.locator('.history-actor')).toHaveText('by user');
    await saveScreenshot(app.page, testInfo, 'history-built');
    await expectAccessible(app.page, testInfo, 'history tab');

    const before = journalOps(built.path, built.belief);
    await history.revertButton(edit, 'content').click();
    await expect(app.toasts.withText(/Reverted content/)).toBeVisible();
    const reverted = history.historyEntry('revert_field');
    await expect(reverted).toHaveClass(/history-fresh/);
    await expect(history.history.locator('li.history-item').first()).toHaveAttribute('data-op', 'revert_field');
    await expect(reverted.locator('del', { hasText: 'unless the CDN is cold' })).toBeVisible();
    const after = journalOps(built.path, built.belief);
    expect(after).toEqual([...before, { op: 'revert_field', actor: 'user' }]);
    expect(outside().view(built.belief).content).toBe(built.edit.before);
    // The edit itself is still there, unchanged.
    await expect(history.historyEntry('edit').locator('ins', { hasText: 'unless the CDN is cold' })).toBeVisible();
    await saveScreenshot(app.page, testInfo, 'history-reverted');
  });

  test('as of a past instant the history is read-only', async ({ app, outside }) => {
    const history = new TimelinePage(app.page);
    const now = new Date(Date.parse(outside().view(built.belief).updatedAt) + 1000).toISOString();
    await app.go(`#/memory/${built.belief}/history?asOf=${encodeURIComponent(now)}`);
    await expect(history.historyEntry('edit')).toBeVisible();
    await expect(history.history.getByRole('button', { name: /^Revert this change/ })).toHaveCount(0);
  });
});

test.describe('on the demo mind', () => {
  test.use({ mind: { kind: 'demo' } });

  test('a person\'s edit of the geocoding belief shows the words it added', async ({ app, outside }, testInfo) => {
    const belief = outside()
      .list({ filter: { types: ['belief'], statuses: ['active'] }, limit: 500 })
      .find((m) => m.content.includes('socket pool: bursts of shipment imports'));
    if (belief === undefined) throw new Error('the demo mind lost its geocoding belief');
    const history = new TimelinePage(app.page);
    await app.go(`#/memory/${belief.id}`);
    await history.tab('History').click();
    const edit = history.historyEntry('edit');
    await expect(edit.locator('ins', { hasText: 'batch endpoint' })).toBeVisible();
    await expect(edit.locator('.history-reason')).toHaveText('Say what fixed it, not only what broke');
    await saveScreenshot(app.page, testInfo, 'history-demo');
  });

  test('a drafted belief\'s creation lists the episodes it came from, each a link to it', async ({ app, outside }) => {
    const drafted = outside()
      .list({ filter: { types: ['belief'], sourceTypes: ['consolidation'], reviewStatuses: ['pending'] }, limit: 500 })
      .map((m) => outside().view(m.id))
      .find((m) => m.provenance.derivedFrom.length >= 2);
    if (drafted === undefined) throw new Error('the demo mind has no belief drafted from episodes');
    const history = new TimelinePage(app.page);
    await app.go(`#/memory/${drafted.id}/history`);
    const sources = history.historyEntry('create').locator('tr[data-field="derivedFrom"] .list-diff a');
    await expect(sources).toHaveText(drafted.provenance.derivedFrom.map((r) => r.id));
    await sources.first().click();
    await expect(app.page).toHaveURL(new RegExp(`#/memory/${drafted.provenance.derivedFrom[0]?.id}$`));
  });
});
