/** Full-page screenshots: attached to the test's report and kept as files for a person to look at. */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { SCREENSHOT_DIR } from './paths';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** Saves `<project>--<spec file>--<name>.png` in test-results/e2e/screenshots and attaches it. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const ownCopy = testInfo.outputPath(`${slug(name)}.png`);
  await page.screenshot({ path: ownCopy, fullPage: true });
  await testInfo.attach(name, { path: ownCopy, contentType: 'image/png' });
  const spec = slug(testInfo.file.split(/[\\/]/).pop()?.replace(/\.spec\.ts$/, '') ?? 'spec');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const shared = join(SCREENSHOT_DIR, `${slug(testInfo.project.name)}--${spec}--${slug(name)}.png`);
  copyFileSync(ownCopy, shared);
  return shared;
}
