/**
 * Engram and Alexandria databases (written by those systems' own code) through File → Import… in
 * the served app: each previewed with its counts per type, imported, and a memory it brought opened
 * from the palette by its origin id — an Alexandria fix showing its object type and the code it is
 * grounded in, an Engram belief its α/β, revision and the belief it replaced.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures';
import { InteropDialogs } from '../pages/interop-dialogs';
import { saveScreenshot } from '../support/screenshots';

const FOLDER = fileURLToPath(new URL('../../../shared/fixtures/seed-systems/', import.meta.url));

test.use({ mind: { kind: 'empty' } });
test.skip(!existsSync(FOLDER), `no seed-system fixtures at ${FOLDER}`);

test('an Alexandria database: preview, import, and a known fix opened by its origin id with its code reference', async ({ app, outside }, testInfo) => {
  const interop = new InteropDialogs(app.page);
  await expect(app.overview.emptyState).toBeVisible();
  await interop.open('Import…');
  await interop.importKind.selectOption('alexandria');
  await interop.importPath.fill(`${FOLDER}alexandria.db`);
  await interop.previewButton.click();
  for (const [type, n] of [['raw', '18'], ['episode', '4'], ['note', '11'], ['belief', '27']] as const) {
    await expect(interop.countOf(interop.preview, type)).toHaveText(n);
  }
  await saveScreenshot(app.page, testInfo, 'alexandria-preview');
  await interop.importButton.click();
  await expect(interop.countOf(interop.imported, 'belief')).toHaveText('27');
  expect(outside().stats().total).toBe(60);
  await app.page.keyboard.press('Escape');
  await expect(interop.importDialog).toBeHidden();

  await app.palette.open();
  await app.palette.type('alexandria:muwf2ba8_1xn1e6');
  const fix = outside().view('alexandria:muwf2ba8_1xn1e6');
  await expect(app.palette.memoryOption(fix.id)).toBeVisible();
  await app.palette.input.press('Enter');
  await app.memory.expectShowing(fix.id);
  await expect(app.memory.article).toContainText('known_fix');
  await expect(app.memory.provenance).toContainText('alexandria:muwf2ba8_1xn1e6');
  await expect(app.memory.provenance).toContainText('src/ledger_etl/load.py:8-9');
  await expect(app.memory.provenance).toContainText('verified at d01727f, content hash fa1b36efd14df502');
  await saveScreenshot(app.page, testInfo, 'alexandria-known-fix');
});

test('an Engram database: preview, import, and the revised belief opened by its origin id with its lineage', async ({ app, outside }, testInfo) => {
  const interop = new InteropDialogs(app.page);
  await expect(app.overview.emptyState).toBeVisible();
  await interop.open('Import…');
  await interop.importKind.selectOption('engram');
  await interop.importPath.fill(`${FOLDER}engram-memory.db`);
  await interop.previewButton.click();
  for (const [type, n] of [['episode', '70'], ['belief', '13'], ['note', '3'], ['raw', '2']] as const) {
    await expect(interop.countOf(interop.preview, type)).toHaveText(n);
  }
  await expect(interop.preview).toContainText('70 episode embeddings skipped');
  await saveScreenshot(app.page, testInfo, 'engram-preview');
  await interop.importButton.click();
  await expect(interop.countOf(interop.imported, 'episode')).toHaveText('70');
  await app.page.keyboard.press('Escape');
  await expect(interop.importDialog).toBeHidden();

  await app.palette.open();
  await app.palette.type('engram:bl_21bdc9a82dd24f228a69');
  const revised = outside().view('engram:bl_21bdc9a82dd24f228a69');
  await expect(app.palette.memoryOption(revised.id)).toBeVisible();
  await app.palette.input.press('Enter');
  await app.memory.expectShowing(revised.id);
  await expect(app.memory.content).toContainText('ledger-etl uses Polars (migrated from pandas)');
  await expect(app.memory.relation('Supersedes')).toContainText('ledger-etl uses pandas for its transformation layer');
  await expect(app.memory.history).toContainText('The pandas code path was rewritten');
  await saveScreenshot(app.page, testInfo, 'engram-revised-belief');
});
