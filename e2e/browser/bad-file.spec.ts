/**
 * (i) `mindloom serve --mind FILE` on a file that is not a mind, is damaged, or was written by a
 * newer Mindloom: the page shows what went wrong, which file, and what to do, with the way to open
 * another mind; the file is left as it was. Runs the real command in its own process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServeProcess } from '../../bench/serve-process';
import { knownSchemaVersion } from '../../src-main/store/connection';
import { openMind } from '../../src-main/mind/mind';
import { expect, test } from '../fixtures';
import { WelcomePage } from '../pages/welcome-page';
import { saveScreenshot } from '../support/screenshots';

interface BadFile {
  name: string;
  code: string;
  hint: RegExp;
  write(dir: string): string;
}

const BAD_FILES: BadFile[] = [
  {
    name: 'not SQLite',
    code: 'not_a_mind',
    hint: /Choose a Mindloom mind file/,
    write(dir) {
      const path = join(dir, 'notes.mindloom');
      writeFileSync(path, 'just some text, not a database at all\n');
      return path;
    },
  },
  {
    name: 'damaged',
    code: 'corrupt_file',
    hint: /Restore it from a backup/,
    write(dir) {
      const path = join(dir, 'damaged.mindloom');
      openMind(path).close();
      const bytes = readFileSync(path);
      // Keep SQLite's header, wreck the pages after it.
      for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
      writeFileSync(path, bytes);
      return path;
    },
  },
  {
    name: 'newer schema',
    code: 'schema_too_new',
    hint: /update Mindloom/,
    write(dir) {
      const path = join(dir, 'newer.mindloom');
      const mind = openMind(path);
      mind.store.db.pragma(`user_version = ${knownSchemaVersion() + 1}`);
      mind.close();
      return path;
    },
  },
];

for (const bad of BAD_FILES) {
  test(`serve --mind on a ${bad.name} file shows the error screen`, async ({ page, workDir }, testInfo) => {
    const path = bad.write(workDir);
    const before = readFileSync(path);
    const served = await startServeProcess(['--mind', path], { cwd: workDir });
    try {
      // The command says it on the terminal too.
      expect(served.output().stderr).toContain(`mindloom: `);
      await page.goto(served.url);
      const welcome = new WelcomePage(page);
      await expect(welcome.errorHeading).toBeVisible();
      await expect(welcome.errorCode).toHaveText(bad.code);
      await expect(welcome.errorEntry('File')).toHaveText(path);
      await expect(welcome.errorEntry('What to do')).toHaveText(bad.hint);
      // The way out is on the same screen.
      await expect(welcome.openDemoButton).toBeVisible();
      await expect(welcome.pathInput).toBeVisible();
      await saveScreenshot(page, testInfo, `error-${bad.code}`);
    } finally {
      await served.stop();
    }
    expect(readFileSync(path).equals(before), 'the bad file is left untouched').toBe(true);
  });
}

test('from the error screen, the demo mind opens', async ({ page, workDir }, testInfo) => {
  const path = BAD_FILES[0]!.write(workDir);
  const served = await startServeProcess(['--mind', path], { cwd: workDir });
  try {
    await page.goto(served.url);
    const welcome = new WelcomePage(page);
    await expect(welcome.errorCode).toHaveText('not_a_mind');
    await welcome.openDemo();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await saveScreenshot(page, testInfo, 'recovered-with-demo');
  } finally {
    await served.stop();
  }
});
