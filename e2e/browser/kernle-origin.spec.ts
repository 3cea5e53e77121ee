/**
 * A Kernle database imported into the mind: the palette opens a memory by its Kernle id
 * (`kernle:UUID`, resolved by the same call that opens a memory), and its provenance names where it
 * came from, with the lineage Kernle recorded.
 */
import { fileURLToPath } from 'node:url';
import { kernleImporter } from '../../src-main/interop/kernle/kernle-importer';
import { openMind } from '../../src-main/mind/mind';
import { expect, test } from '../fixtures';
import { saveScreenshot } from '../support/screenshots';

const KERNLE = fileURLToPath(new URL('../../src-main/interop/kernle/fixtures/sample-kernle.db', import.meta.url));
const SUCCESSOR = 'fc008adf-9ec8-493b-abfc-37e3a5c118c0';

test.use({
  mind: {
    kind: 'file',
    write(dir) {
      const path = `${dir}/imported.mindloom`;
      const mind = openMind(path);
      try {
        kernleImporter.run(mind, KERNLE);
      } finally {
        mind.close();
      }
      return path;
    },
  },
});

test('the palette opens an imported memory by its Kernle id; its provenance shows the origin', async ({ app, outside }, testInfo) => {
  await app.overview.expectLoaded();
  const store = outside();
  const belief = store.list({ filter: { types: ['belief'], statuses: ['active'], text: 'reversible' }, limit: 1 })[0];
  if (belief === undefined) throw new Error('the imported mind has no active belief about reversible changes');

  await app.palette.open();
  await app.palette.type(`kernle:${SUCCESSOR}`);
  const hit = app.palette.memoryOption(belief.id);
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('Avoid Friday deploys unless the change is reversible');
  await saveScreenshot(app.page, testInfo, 'palette-origin-id');
  await app.palette.input.press('Enter');
  await app.memory.expectShowing(belief.id);

  await expect(app.memory.provenance).toContainText(`kernle:${SUCCESSOR}`);
  await expect(app.memory.provenance).toContainText('in anchor-demo');
  await expect(app.memory.relation('Supersedes')).toContainText('Avoid deploying on Fridays');
  await saveScreenshot(app.page, testInfo, 'provenance-origin');
});
