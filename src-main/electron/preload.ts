/**
 * Preload: the renderer's only door to the main process. For now it tells the placeholder page
 * which runtime it is in; the typed `window.mind` API arrives with the app issue.
 */
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('mindloomShell', { runtime: 'electron', versions: { ...process.versions } });
