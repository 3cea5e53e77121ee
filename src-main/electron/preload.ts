/**
 * Preload (sandboxed, CommonJS): the renderer's only door to the main process. It exposes exactly
 * `window.mind = { invoke, subscribe }` over the two channels in IPC_CHANNELS, nothing else: no
 * ipcRenderer, no channel names chosen by the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS } from '../../shared/transport-names';

contextBridge.exposeInMainWorld('mind', {
  invoke: (call: unknown, payload: unknown): Promise<unknown> => ipcRenderer.invoke(IPC_CHANNELS.invoke, call, payload),
  subscribe(listener: (event: unknown) => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('subscribe needs a function');
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(IPC_CHANNELS.event, forward);
    return () => {
      ipcRenderer.removeListener(IPC_CHANNELS.event, forward);
    };
  },
});
