/**
 * (c) Memory detail: open a memory from the Browser and follow its provenance links (derived from,
 * supported by, supersedes) to the memories they name, then back: through the reverse link the
 * other memory shows (processed into, superseded by) and through the browser's Back.
 */
import { MEMORY_STATUSES } from '../../shared/model';
import type { MemoryView } from '../../src-main/mind/memory-view';
import { expect, test } from '../fixtures';
import type { OutsideConnection } from '../support/outside';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'demo' } });

/** The first memory (oldest first) whose provenance has this relation; the demo has each kind. */
function firstWith(store: OutsideConnection, has: (view: MemoryView) => boolean): MemoryView {
  const all = store.list({ filter: { statuses: [...MEMORY_STATUSES] }, sort: 'created', direction: 'asc', limit: 500 });
  for (const summary of all) {
    const view = store.view(summary.id);
    if (has(view)) return view;
  }
  throw new Error('the demo mind has no memory with this relation');
}

test('follow provenance links to other memories and back', async ({ app, outside }, testInfo) => {
  const store = outside();
  const derived = firstWith(store, (v) => v.provenance.derivedFrom.length > 0 && v.status === 'active');
  const source = derived.provenance.derivedFrom[0]!;

  // Open the derived memory from the Browser by its row.
  await app.shell.goTo('Browser');
  await app.browser.searchFor(derived.content.split(/\s+/).slice(0, 4).join(' '));
  await app.browser.row(derived.id).locator('a.row-link').click();
  await app.memory.expectShowing(derived.id);
  await expect(app.memory.content).toHaveText(derived.content);
  expect(await app.memory.relationIds('Derived from')).toEqual(derived.provenance.derivedFrom.map((r) => r.id));
  await saveScreenshot(app.page, testInfo, 'memory-derived');

  // Derived from → the source, which lists the derived memory under "Processed into".
  await app.memory.relationLink('Derived from', source.id).click();
  await app.memory.expectShowing(source.id);
  expect(store.view(source.id).provenance.processedInto.map((r) => r.id)).toContain(derived.id);
  await expect(app.memory.relationLink('Processed into', derived.id)).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'memory-source');
  // …and back through that reverse link.
  await app.memory.relationLink('Processed into', derived.id).click();
  await app.memory.expectShowing(derived.id);

  // Supported by → the evidence; Back returns to the belief.
  const supported = firstWith(store, (v) => v.provenance.evidence.length > 0);
  const evidence = supported.provenance.evidence[0]!;
  await app.go(`#/memory/${supported.id}`);
  await app.memory.expectShowing(supported.id);
  expect(await app.memory.relationIds('Supported by')).toEqual(supported.provenance.evidence.map((r) => r.id));
  await app.memory.relationLink('Supported by', evidence.id).click();
  await app.memory.expectShowing(evidence.id);
  await app.page.goBack();
  await app.memory.expectShowing(supported.id);

  // Supersedes → the older belief, which names its successor under "Superseded by".
  const successor = firstWith(store, (v) => v.provenance.supersedes.length > 0);
  const older = successor.provenance.supersedes[0]!;
  await app.go(`#/memory/${successor.id}`);
  await app.memory.expectShowing(successor.id);
  await app.memory.relationLink('Supersedes', older.id).click();
  await app.memory.expectShowing(older.id);
  await expect(app.memory.badge('superseded')).toBeVisible();
  await expect(app.memory.relationLink('Superseded by', successor.id)).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'memory-superseded');
  await app.memory.relationLink('Superseded by', successor.id).click();
  await app.memory.expectShowing(successor.id);
});
