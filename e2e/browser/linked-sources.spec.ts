/**
 * A linked Kernle source in the app: while the mind is open the app follows it, so what the agent
 * writes arrives, and Settings → Linked sources says when it last synced and what came in.
 */
import { join } from 'node:path';
import { emptyKernleDatabase, kernleNote, writeKernleNotes } from '../../src-main/interop/follow/follow-test-support';
import { linkSource } from '../../src-main/interop/follow/linked-sync';
import { openMind } from '../../src-main/mind/mind';
import { expect, test } from '../fixtures';
import { expectAccessible } from '../support/axe';
import { saveScreenshot } from '../support/screenshots';

let kernlePath = '';

test.use({
  mind: {
    kind: 'file',
    write(dir) {
      kernlePath = join(dir, 'memories.db');
      emptyKernleDatabase(kernlePath);
      const path = join(dir, 'linked.mindloom');
      const mind = openMind(path);
      try {
        linkSource(mind, 'kernle', kernlePath, null);
      } finally {
        mind.close();
      }
      return path;
    },
  },
});

test('what the agent writes into a linked Kernle database arrives, and Settings says what came in', async ({ app }, testInfo) => {
  await app.overview.expectLoaded();
  writeKernleNotes(kernlePath, [kernleNote('The agent saw the nightly build fail twice'), kernleNote('Retries fixed the flaky upload')]);
  await app.shell.goTo('Settings');
  const source = app.settings.card('Linked sources').getByTestId('linked-source');
  await expect(source).toContainText(kernlePath);
  await expect(source).toContainText('2 notes added', { timeout: 20_000 });
  await expect(source).toContainText('In all: 2 added, 0 updated, 0 kept');
  await saveScreenshot(app.page, testInfo, 'settings-linked-sources');
  await expectAccessible(app.page, testInfo, 'settings-linked-sources');
});
