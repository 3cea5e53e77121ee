/**
 * Engram and Alexandria databases (written by those systems' own code) through File → Import… in
 * the served app: each previewed with its counts per type, imported, and a memory it brought opened
 * from the palette by its origin id — an Alexandria fix showing its object type and the code it is
 * grounded in, an Engram belief its revision and the belief it replaced.
 */
import type { TestInfo } from '@playwright/test';
import type { MemoryView } from '../../shared/contract';
import { seedFixture } from '../../src-main/interop/seed-fixtures-test-support';
import { type App, expect, test } from '../fixtures';
import { InteropDialogs } from '../pages/interop-dialogs';
import type { OutsideConnection } from '../support/outside';
import { saveScreenshot } from '../support/screenshots';

test.use({ mind: { kind: 'empty' } });

/** File → Import… of one kind: the preview's counts per type (and a line it says) checked, then the import, and the dialog closed. */
async function importThroughDialog(app: App, testInfo: TestInfo, kind: string, file: string, counts: Record<string, number>, says?: string): Promise<void> {
  const interop = new InteropDialogs(app.page);
  await expect(app.overview.emptyState).toBeVisible();
  await interop.open('Import…');
  await interop.importKind.selectOption(kind);
  await interop.importPath.fill(seedFixture(file));
  await interop.previewButton.click();
  for (const [type, n] of Object.entries(counts)) await expect(interop.countOf(interop.preview, type)).toHaveText(String(n));
  if (says !== undefined) await expect(interop.preview).toContainText(says);
  await saveScreenshot(app.page, testInfo, `${kind}-preview`);
  await interop.importButton.click();
  for (const [type, n] of Object.entries(counts)) await expect(interop.countOf(interop.imported, type)).toHaveText(String(n));
  await app.page.keyboard.press('Escape');
  await expect(interop.importDialog).toBeHidden();
}

/** Types an origin id into the palette and opens the memory it names. */
async function openByOrigin(app: App, outside: OutsideConnection, originId: string): Promise<MemoryView> {
  await app.palette.open();
  await app.palette.type(originId);
  const memory = outside.view(originId);
  await expect(app.palette.memoryOption(memory.id)).toBeVisible();
  await app.palette.input.press('Enter');
  await app.memory.expectShowing(memory.id);
  return memory;
}

test('an Alexandria database: preview, import, and a known fix opened by its origin id with its code reference', async ({ app, outside }, testInfo) => {
  await importThroughDialog(app, testInfo, 'alexandria', 'alexandria.db', { raw: 18, episode: 4, note: 11, belief: 27 });
  expect(outside().stats().total).toBe(60);
  await openByOrigin(app, outside(), 'alexandria:muwf2ba8_1xn1e6');
  await expect(app.memory.article).toContainText('known_fix');
  await expect(app.memory.provenance).toContainText('alexandria:muwf2ba8_1xn1e6');
  await expect(app.memory.provenance).toContainText('src/ledger_etl/load.py:8-9');
  await expect(app.memory.provenance).toContainText('verified at d01727f, content hash fa1b36efd14df502');
  await saveScreenshot(app.page, testInfo, 'alexandria-known-fix');
});

test('an Engram database: preview, import, and the revised belief opened by its origin id with its lineage', async ({ app, outside }, testInfo) => {
  await importThroughDialog(app, testInfo, 'engram', 'engram-memory.db', { episode: 70, belief: 13, note: 3, raw: 2 }, '70 episode embeddings skipped');
  await openByOrigin(app, outside(), 'engram:bl_21bdc9a82dd24f228a69');
  await expect(app.memory.content).toContainText('ledger-etl uses Polars (migrated from pandas)');
  await expect(app.memory.relation('Supersedes')).toContainText('ledger-etl uses pandas for its transformation layer');
  await expect(app.memory.history).toContainText('The pandas code path was rewritten');
  await saveScreenshot(app.page, testInfo, 'engram-revised-belief');
});
