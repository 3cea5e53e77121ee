/**
 * The browser project's fixtures: every test gets its own temp folder, its own host (the real API
 * over HTTP on loopback, `mindloom serve` minus the command line) with its own app-data folder and
 * mind, a page opened at the host's tokened address, and page objects for each area. Everything is
 * closed and removed after the test.
 *
 *   test.use({ mind: { kind: 'demo' } });   // or 'none' (first run), 'empty', or a file the test writes
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { type RunningHost, startHost } from '../src-main/host/serve/host';
import { openMind } from '../src-main/mind/mind';
import { BrowserPage } from './pages/browser-page';
import { ContradictionsPage } from './pages/contradictions-page';
import { EditingDialogs } from './pages/editing-dialogs';
import { InboxPage } from './pages/inbox-page';
import { RejectionsPage } from './pages/rejections-page';
import { RecallPage } from './pages/recall-page';
import { RunsPage } from './pages/runs-page';
import { ReviewPage } from './pages/review-page';
import { MemoryPage } from './pages/memory-page';
import { MindDiffPage } from './pages/mind-diff-page';
import { TimeTravelBar } from './pages/time-travel-bar';
import { OverviewPage } from './pages/overview-page';
import { PalettePage } from './pages/palette-page';
import { SettingsPage } from './pages/settings-page';
import { ShellPage } from './pages/shell-page';
import { Toasts } from './pages/toasts';
import { WelcomePage } from './pages/welcome-page';
import { connectOutside, type OutsideConnection } from './support/outside';

/** Which mind the host starts with. */
export type MindSetup =
  | { kind: 'none' }
  | { kind: 'demo' }
  | { kind: 'empty' }
  /** A file the test writes into its folder (returns the path), opened as `serve --mind FILE` would. */
  | { kind: 'file'; write(dir: string): string };

export interface App {
  page: Page;
  welcome: WelcomePage;
  shell: ShellPage;
  overview: OverviewPage;
  browser: BrowserPage;
  memory: MemoryPage;
  settings: SettingsPage;
  palette: PalettePage;
  toasts: Toasts;
  review: ReviewPage;
  rejections: RejectionsPage;
  runs: RunsPage;
  recall: RecallPage;
  inbox: InboxPage;
  contradictions: ContradictionsPage;
  dialogs: EditingDialogs;
  timeTravel: TimeTravelBar;
  mindDiff: MindDiffPage;
  /** Goes to a hash route in the open page (`#/browser?type=belief`, `#/memory/bl_…`). */
  go(hash: string): Promise<void>;
}

interface Fixtures {
  mind: MindSetup;
  /** The test's own temp folder (removed afterwards). */
  workDir: string;
  host: RunningHost;
  app: App;
  /** A second connection to the open mind's file, as an agent would hold (opened on first use). */
  outside: () => OutsideConnection;
}

export const test = base.extend<Fixtures>({
  mind: [{ kind: 'none' }, { option: true }],

  // Playwright requires the first fixture argument to be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  workDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'mindloom-e2e-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },

  host: async ({ mind, workDir }, use) => {
    let mindPath: string | undefined;
    if (mind.kind === 'empty') {
      mindPath = join(workDir, 'empty.mindloom');
      openMind(mindPath).close();
    } else if (mind.kind === 'file') {
      mindPath = mind.write(workDir);
    }
    const host = await startHost({
      appDataDir: join(workDir, 'app-data'),
      demo: mind.kind === 'demo',
      mindPath,
      logError: (message, error) => console.error(`host: ${message}`, error),
    });
    await use(host);
    await host.close();
  },

  app: async ({ page, host }, use) => {
    await page.goto(host.url);
    // The app is up once it shows one of its three first screens.
    await expect(page.locator('main h1').first()).toBeVisible();
    await use({
      page,
      welcome: new WelcomePage(page),
      shell: new ShellPage(page),
      overview: new OverviewPage(page),
      browser: new BrowserPage(page),
      memory: new MemoryPage(page),
      settings: new SettingsPage(page),
      palette: new PalettePage(page),
      toasts: new Toasts(page),
      review: new ReviewPage(page),
      rejections: new RejectionsPage(page),
      runs: new RunsPage(page),
      recall: new RecallPage(page),
      inbox: new InboxPage(page),
      contradictions: new ContradictionsPage(page),
      dialogs: new EditingDialogs(page),
      timeTravel: new TimeTravelBar(page),
      mindDiff: new MindDiffPage(page),
      go: async (hash) => {
        await page.evaluate((target) => {
          window.location.hash = target;
        }, hash);
      },
    });
  },

  outside: async ({ host }, use) => {
    let connection: OutsideConnection | null = null;
    await use(() => {
      if (connection) return connection;
      const status = host.session.status();
      if (status.state !== 'open') throw new Error(`No mind is open in the host (session: ${status.state}).`);
      connection = connectOutside(status.path);
      return connection;
    });
    // The type checker cannot see the callback's assignment.
    (connection as OutsideConnection | null)?.close();
  },
});

export { expect };
