/**
 * File → Export… and Import… in the served app: the demo mind exported to Mindloom JSON, a new
 * mind created, the file previewed (counts per type) and imported with progress into it, and its
 * memories there in the Browser; importing again skips everything; a broken file is named by line.
 * A Kernle database (the real sample) imported the same way, one stack chosen, and a belief it
 * brought opened from the result's link: its supersession and confidence history came with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures';
import { InteropDialogs } from '../pages/interop-dialogs';
import { connectOutside } from '../support/outside';
import { saveScreenshot } from '../support/screenshots';

const KERNLE = fileURLToPath(new URL('../../src-main/interop/kernle/fixtures/sample-kernle.db', import.meta.url));

test.use({ mind: { kind: 'demo' } });

test('export the demo to JSON, import it into a new mind with a preview, and see its memories', async ({ app, outside, workDir }, testInfo) => {
  const interop = new InteropDialogs(app.page);
  await app.overview.expectLoaded();
  const demoTotal = outside().stats().total;

  const file = join(workDir, 'demo.json');
  await interop.open('Export…');
  await expect(interop.exportFormat).toHaveValue('json');
  await interop.exportPath.fill(file);
  await saveScreenshot(app.page, testInfo, 'export-dialog');
  await interop.exportButton.click();
  await expect(interop.exportResult).toContainText(`to ${file}`);
  await saveScreenshot(app.page, testInfo, 'export-done');
  await interop.exportDialog.getByRole('button', { name: 'Close' }).click();
  expect(readFileSync(file, 'utf8').split('\n', 1)[0]).toContain('"format":"mindloom-json"');

  // A new, empty mind to import into.
  await app.shell.goTo('Settings');
  await app.page.getByText('Open or create another mind').click();
  const copy = join(workDir, 'copy.mindloom');
  await app.welcome.createAt(copy);
  await expect(app.overview.emptyState).toBeVisible();

  await interop.open('Import…');
  await expect(interop.importKind).toHaveValue('json');
  await expect(interop.importButton).toBeDisabled();
  await interop.importPath.fill(file);
  await interop.importPath.press('Enter');
  await expect(interop.preview).toBeVisible();
  await expect(interop.countOf(interop.preview, 'belief')).not.toHaveText('0');
  await expect(interop.countOf(interop.preview, 'already in this mind (skipped)')).toHaveText('2');
  await saveScreenshot(app.page, testInfo, 'import-preview');
  await interop.importButton.click();
  await expect(interop.imported).toBeVisible();
  await saveScreenshot(app.page, testInfo, 'import-done');
  const copied = connectOutside(copy);
  try {
    expect(copied.stats().total).toBe(demoTotal);
  } finally {
    copied.close();
  }

  // Each type it brought is named as a reader would (raw captures, not "raws"), and links to them.
  await expect(interop.importDialog.getByRole('link', { name: 'raw captures' })).toBeVisible();
  await interop.importDialog.getByRole('link', { name: 'beliefs' }).click();
  await expect(interop.importDialog).toBeHidden();
  await expect(app.page.getByRole('grid', { name: 'Memories' }).locator('[role="row"][data-memory-id]').first()).toBeVisible();
  await expect(app.page.getByRole('grid', { name: 'Memories' }).locator('[role="row"][data-memory-id^="bl_"]').first()).toBeVisible();

  // Importing the same file again brings in nothing new.
  await interop.open('Import…');
  await interop.importPath.fill(file);
  await interop.previewButton.click();
  await expect(interop.preview).toBeVisible();
  await expect(interop.preview.getByRole('row', { name: /^belief / })).toHaveCount(0);
  await expect(interop.countOf(interop.preview, 'links')).toHaveText('0');
});

test('a broken file is named by its line, and nothing is imported', async ({ app, outside, workDir }, testInfo) => {
  const interop = new InteropDialogs(app.page);
  await app.overview.expectLoaded();
  const before = outside().stats();
  const broken = join(workDir, 'broken.json');
  const header = JSON.stringify({ format: 'mindloom-json', formatVersion: 1, schemaVersion: 1, exportedAt: new Date().toISOString(), counts: {} });
  writeFileSync(broken, `${header}\n`);
  await interop.open('Import…');
  await interop.importPath.fill(broken);
  await interop.previewButton.click();
  await expect(interop.importDialog.getByRole('alert')).toContainText('broken.json:1');
  await expect(interop.importButton).toBeDisabled();
  await saveScreenshot(app.page, testInfo, 'import-error');

  writeFileSync(broken, `${header.replace('"counts":{}', '"counts":{"meta":0,"consolidation_runs":0,"memories":1,"memory_origins":0,"memory_vectors":0,"memory_versions":0,"journal":0,"links":0,"evidence_refs":0,"contradictions":0,"rejections":0,"proposals":0,"consolidation_marks":0,"belief_explanations":0}')}\n{"table":"memories","row":{"id":\n`);
  await interop.previewButton.click();
  await expect(interop.importDialog.getByRole('alert')).toContainText('broken.json:2: bad JSON');

  const kinds = (await interop.importKind.locator('option').allTextContents()).join('|');
  expect(kinds).toContain('Mindloom JSON');
  await app.page.keyboard.press('Escape');
  await expect(interop.importDialog).toBeHidden();
  expect(outside().stats()).toEqual(before);
});

test.describe('a Kernle database through File → Import…', () => {
  test.use({ mind: { kind: 'empty' } });

  test('preview counts per type and per stack, import, and a belief arrives with its supersession and confidence history', async ({ app, outside }, testInfo) => {
    const interop = new InteropDialogs(app.page);
    await expect(app.overview.emptyState).toBeVisible();

    await interop.open('Import…');
    await interop.importKind.selectOption('kernle');
    await interop.importPath.fill(KERNLE);
    await interop.previewButton.click();
    await expect(interop.preview).toBeVisible();
    // The real sample: two stacks, anchor-demo with nearly everything, second-agent with one raw entry.
    for (const [type, n] of [['raw', '12'], ['episode', '7'], ['note', '3'], ['belief', '6'], ['value', '1'], ['goal', '1'], ['drive', '1'], ['relationship', '1']] as const) {
      await expect(interop.countOf(interop.preview, type)).toHaveText(n);
    }
    await expect(interop.countOf(interop.preview, 'links')).toHaveText('26');
    await expect(interop.importStack).toHaveValue('');
    await saveScreenshot(app.page, testInfo, 'kernle-preview');

    // One stack alone: the preview follows the choice.
    await interop.importStack.selectOption('second-agent');
    await expect(interop.countOf(interop.preview, 'raw')).toHaveText('1');
    await expect(interop.preview.getByRole('row', { name: /^belief / })).toHaveCount(0);
    await interop.importStack.selectOption('anchor-demo');
    await expect(interop.countOf(interop.preview, 'raw')).toHaveText('11');
    await expect(interop.countOf(interop.preview, 'belief')).toHaveText('6');
    await saveScreenshot(app.page, testInfo, 'kernle-preview-one-stack');

    await interop.importButton.click();
    await expect(interop.imported).toBeVisible();
    await expect(interop.countOf(interop.imported, 'belief')).toHaveText('6');
    await saveScreenshot(app.page, testInfo, 'kernle-imported');
    expect(outside().stats().total).toBe(11 + 7 + 3 + 6 + 1 + 1 + 1 + 1);

    // The result's link leads to the imported beliefs; the one that superseded another opens from there.
    await interop.resultLink('beliefs').click();
    await expect(interop.importDialog).toBeHidden();
    await app.browser.expectRows();
    const successor = outside().list({ filter: { types: ['belief'], statuses: ['active'], text: 'reversible' }, limit: 1 })[0];
    if (successor === undefined) throw new Error('the import brought no active belief about reversible changes');
    await app.browser.row(successor.id).locator('a.row-link').click();
    await app.memory.expectShowing(successor.id);
    await expect(app.memory.content).toContainText('Avoid Friday deploys unless the change is reversible');
    await expect(app.memory.provenance).toContainText('in anchor-demo');
    await expect(app.memory.relation('Supersedes')).toContainText('Avoid deploying on Fridays');
    // Kernle's confidence history, one entry per change with its reason.
    await expect(app.memory.history).toContainText('Postmortem PM-42');
    await expect(app.memory.history).toContainText('Payment rollback pain');
    await saveScreenshot(app.page, testInfo, 'kernle-belief');

    // The superseded belief, one link away, kept its own history and says what replaced it.
    const predecessor = app.memory.relation('Supersedes').locator('a.ref-link').first();
    await predecessor.click();
    await expect(app.memory.content).toContainText('Avoid deploying on Fridays');
    await expect(app.memory.relation('Superseded by')).toContainText('Avoid Friday deploys unless the change is reversible');
    await expect(app.memory.history).toContainText('Incident log Q3 confirms');
  });
});
