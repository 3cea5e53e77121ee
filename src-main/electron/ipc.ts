/**
 * The API over Electron IPC. Only the app's own page in the main window's top frame may call:
 * a frame that navigated elsewhere, an iframe or another window gets `unauthorized`.
 */
import { type BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { type CallResult, IPC_CHANNELS } from '../../shared/contract';
import type { Api } from '../api/api';

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
