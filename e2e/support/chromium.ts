/**
 * The Chromium the tests and the UI bench drive: Debian's (never `playwright install`), with its
 * background services off, because they dial out and the test machines have no network.
 */
import type { LaunchOptions } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
