/**
 * End-to-end tests: the real renderer in a real Chromium, talking to the real API over the headless
 * host (project `browser`), and the packaged Electron app where its binary is installed (project
 * `electron`). Debian's Chromium is used instead of Playwright's download (never run
 * `playwright install`); its background services are switched off because they dial out and the
 * test machines have no network (e2e/support/chromium.ts).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium';
import { E2E_OUTPUT_DIR, PLAYWRIGHT_JSON, PLAYWRIGHT_REPORT } from './e2e/support/paths';

export default defineConfig({
  testDir: 'e2e',
  outputDir: E2E_OUTPUT_DIR,
  globalSetup: './e2e/global-setup.ts',
  // Two cores: one worker per core at most. Each test starts its own host and browser page.
  workers: process.env.CI ? 1 : 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: PLAYWRIGHT_JSON }],
    ['html', { outputFolder: PLAYWRIGHT_REPORT, open: 'never' }],
  ],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: 'browser', testDir: 'e2e/browser', use: { browserName: 'chromium' } },
    { name: 'electron', testDir: 'e2e/electron' },
  ],
});
