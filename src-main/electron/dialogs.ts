/** Native dialogs that pick a mind file. */
import { type BrowserWindow, dialog } from 'electron';

const MIND_FILTERS = [
  { name: 'Mindloom minds', extensions: ['mindloom'] },
  { name: 'All files', extensions: ['*'] },
];

export async function pickMindFile(window: BrowserWindow | null, kind: 'open' | 'save', defaultPath: string): Promise<string | null> {
  if (kind === 'save') {
    const options = { title: 'New mind', defaultPath, filters: MIND_FILTERS };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  }
  const options = { title: 'Open a mind', filters: MIND_FILTERS, properties: ['openFile' as const] };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
