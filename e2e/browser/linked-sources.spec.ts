/**
 * Linked Kernle, Engram and Alexandria sources in the app: while the mind is open the app follows
 * them, so what each agent writes arrives, and Settings → Linked sources says for each when it last
 * synced and what came in. (Engram and Alexandria are copies of the seed-system fixtures, linked
 * where those are present.)
 */
import { join } from 'node:path';
import { emptyKernleDatabase, kernleNote, writeKernleNotes } from '../../src-main/interop/follow/follow-test-support';
import { linkSource } from '../../src-main/interop/follow/linked-sync';
import { seedFixture } from '../../src-main/interop/seed-fixtures-test-support';
import { copySeedDatabase, insertAlexandriaObject, insertEngramEpisode, writeAsAgent } from '../../src-main/store/seed-agent-writes';
import { openMind } from '../../src-main/mind/mind';
import { expect, test } from '../fixtures';
import { expectAccessible } from '../support/axe';
import { saveScreenshot } from '../support/screenshots';

let kernlePath = '';
let engramPath = '';
let alexandriaPath = '';

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
        engramPath = join(dir, 'memory.db');
        copySeedDatabase(seedFixture('engram-memory.db'), engramPath);
        linkSource(mind, 'engram', engramPath, null);
        alexandriaPath = join(dir, 'alexandria.db');
        copySeedDatabase(seedFixture('alexandria.db'), alexandriaPath);
        linkSource(mind, 'alexandria', alexandriaPath, null);
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
  const source = app.settings.card('Linked sources').getByTestId('linked-source').filter({ hasText: kernlePath });
  await expect(source).toContainText('2 notes added', { timeout: 20_000 });
  await expect(source).toContainText('In all: 2 added, 0 updated, 0 kept');
  await saveScreenshot(app.page, testInfo, 'settings-linked-sources');
  await expectAccessible(app.page, testInfo, 'settings-linked-sources');
});

test('what Engram and Alexandria agents write into their linked databases arrives, each listed in Settings', async ({ app }) => {
  await app.overview.expectLoaded();
  await app.shell.goTo('Settings');
  const card = app.settings.card('Linked sources');
  const engram = card.getByTestId('linked-source').filter({ hasText: engramPath });
  const alexandria = card.getByTestId('linked-source').filter({ hasText: alexandriaPath });
  // The first sync brings each whole database in.
  await expect(engram).toContainText('70 episodes', { timeout: 20_000 });
  await expect(alexandria).toContainText('added', { timeout: 20_000 });
  const at = Date.now();
  writeAsAgent(engramPath, (db) => insertEngramEpisode(db, { id: 'ep_app_follow', summary: 'The app followed this episode in', at }));
  writeAsAgent(alexandriaPath, (db) => insertAlexandriaObject(db, { id: 'app_follow', content: 'The app followed this decision in', at: new Date(at).toISOString() }));
  await expect(engram).toContainText('1 episode added', { timeout: 20_000 });
  await expect(alexandria).toContainText('1 note added', { timeout: 20_000 });
});
