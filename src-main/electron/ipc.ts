/**
 * The API over Electron IPC. Only the app's own page in the main window's top frame may call:
 * a frame that navigated elsewhere, an iframe or another window gets `unauthorized`.
 */
import { pathToFileURL } from 'node:url';
import { type BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { type CallResult, IPC_CHANNELS } from '../../shared/contract';
import type { Api } from '../api/api';

/** Where the renderer legitimately lives: the dev server in development, the bundled file otherwise. */
export function appUrlCheck(rendererIndexFile: string, devServerUrl: string | undefined): (url: string) => boolean {
  if (devServerUrl) {
    const origin = new URL(devServerUrl).origin;
    return (url) => URL.canParse(url) && new URL(url).origin === origin;
  }
  const page = pathToFileURL(rendererIndexFile).href;
  return (url) => URL.canParse(url) && withoutFragment(url) === page;
}

function withoutFragment(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.search = '';
  return parsed.href;
}

const refused = (message: string): CallResult => ({ ok: false, error: { code: 'unauthorized', message } });

/** Serves `api` to `window`; returns the function that stops it. */
export function serveApiOverIpc(window: BrowserWindow, api: Api, isAppUrl: (url: string) => boolean): () => void {
  const contents = window.webContents;
  const fromOwnPage = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return event.sender === contents && frame !== null && frame.parent === null && isAppUrl(frame.url);
  };
  ipcMain.handle(IPC_CHANNELS.invoke, (event, call: unknown, payload: unknown): Promise<CallResult> | CallResult => {
    if (!fromOwnPage(event)) return refused('Only the Mindloom window may call the mind.');
    return api.dispatch(typeof call === 'string' ? call : '', payload);
  });
  const unsubscribe = api.subscribe((event) => {
    if (!contents.isDestroyed()) contents.send(IPC_CHANNELS.event, event);
  });
  return () => {
    ipcMain.removeHandler(IPC_CHANNELS.invoke);
    unsubscribe();
  };
}
