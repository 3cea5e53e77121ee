/**
 * The Electron shell: lifecycle, one hardened window, and the wiring of the shared API to it
 * (session, IPC, menu, dialogs, keychain). Kept thin on purpose: what the window shows comes from
 * the renderer, what it can do from src-main/api; this folder is the only code importing electron.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, session as electronSession, shell } from 'electron';
import { type Api, createApi } from '../api/api';
import type { Platform } from '../api/platform';
import { createSession, MIND_EXTENSION, type Session } from '../api/session';
import { readSettings } from '../consolidation/settings-store';
import { newBackupPath } from '../mind/backup-folder';
import { pickMindFile } from './dialogs';
import { serveApiOverIpc } from './ipc';
import { installMenu } from './menu';
import { appUrlCheck, externalLinkTarget } from './navigation-policy';
import { keychainSecrets } from './secrets';

const RENDERER_INDEX = join(__dirname, '../renderer/index.html');
const logError = (message: string, error: unknown) => console.error(message, error);

function createWindow(api: Api): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Mindloom',
    show: false,
    webPreferences: {
      preload: join(__dirname, '../preload/preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  // The window only ever shows the bundled renderer: no navigation away, no new windows; https
  // links (followed or opened in a new window) go to the person's browser instead.
  const openOutside = (url: string) => {
    const target = externalLinkTarget(url);
    if (target !== null) void shell.openExternal(target).catch((error: unknown) => logError(`Could not open ${target}`, error));
  };
  window.webContents.on('will-navigate', (event) => {
    event.preventDefault();
    openOutside(event.url);
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  const devServer = process.env.ELECTRON_RENDERER_URL;
  const stopServing = serveApiOverIpc(window, api, appUrlCheck(RENDERER_INDEX, devServer));
  window.on('closed', stopServing);
  if (devServer) void window.loadURL(devServer);
  else void window.loadFile(RENDERER_INDEX);
  return window;
}

/** Reopens the last mind (or the default one); with neither, the window shows the welcome screen. */
function openAtStart(session: Session, defaultMind: string): void {
  const last = [...session.recent(), defaultMind].find((path) => existsSync(path));
  if (last) session.open(last);
}

/** Where the save dialog of File → Back up… starts: a new name in the open mind's backup folder. */
function suggestedBackupPath(session: Session): string {
  const mind = session.mind();
  return newBackupPath(mind.store.path, readSettings(mind).backup, Date.now(), false);
}

/** An export goes beside the mind, named after it. */
function suggestedExportPath(session: Session): string {
  const path = session.mind().store.path;
  return `${path.replace(/\.[^./\\]+$/, '')}.json`;
}

/** Nothing the page may ask of the browser (camera, notifications, …) is granted, and no webviews. */
function refuseWebPowers(): void {
  electronSession.defaultSession.setPermissionRequestHandler((_contents, _permission, answer) => answer(false));
  electronSession.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => contents.on('will-attach-webview', (event) => event.preventDefault()));
}

async function start(): Promise<void> {
  refuseWebPowers();
  const userData = app.getPath('userData');
  const defaultMind = join(userData, `mind${MIND_EXTENSION}`);
  let window: BrowserWindow | null = null;
  const session = createSession({ appDataDir: userData, logError });
  const platform: Platform = {
    transport: 'ipc',
    appVersion: app.getVersion(),
    appDataDir: userData,
    pickFile: (kind) => pickMindFile(window, kind, kind === 'backup' ? suggestedBackupPath(session) : kind === 'export' ? suggestedExportPath(session) : defaultMind),
    secrets: await keychainSecrets(join(userData, 'secrets.json'), logError),
  };
  const api = createApi(session, platform, { logError });
  const menu = () =>
    installMenu({
      recent: () => session.recent(),
      mindOpen: () => session.status().state === 'open',
      call: (name, payload) =>
        void api.dispatch(name, payload).then((result) => {
          if (!result.ok) dialog.showErrorBox('Mindloom', result.error.message);
        }),
    });
  // The recent list changes with every open: the menu follows the session.
  api.subscribe((event) => {
    if (event.type === 'session.changed') menu();
  });
  menu();
  openAtStart(session, defaultMind);
  window = createWindow(api);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow(api);
  });
  app.on('second-instance', () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  let quitting = false;
  app.on('will-quit', (event) => {
    if (quitting) return;
    // The consolidation worker stops first (a run stops between items), then the mind closes.
    quitting = true;
    event.preventDefault();
    void api.dispose().finally(() => {
      session.close();
      app.quit();
    });
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // A failed start (an unreadable app-data folder, a broken keychain) says so instead of idling windowless.
      logError('Mindloom could not start', error);
      dialog.showErrorBox('Mindloom could not start', error instanceof Error ? error.message : String(error));
      app.quit();
    });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
