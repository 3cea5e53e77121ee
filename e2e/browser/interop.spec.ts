/**
 * File → Export… and Import… in the served app: the demo mind exported to Mindloom JSON, a new
 * mind created, the file previewed (counts per type) and imported with progress into it, and its
 * memories there in the Browser; importing again skips everything; a broken file is named by line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../fixtures';
import { InteropDialogs } from '../pages/interop-dialogs';
import { connectOutside } from '../support/outside';
import { saveScreenshot } from '../support/screenshots';

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
