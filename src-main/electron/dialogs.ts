/** Native dialogs that pick a mind file (to open, to create, or to back up into). */
import { type BrowserWindow, dialog } from 'electron';

const MIND_FILTERS = [
  { name: 'Mindloom minds', extensions: ['mindloom'] },
  { name: 'All files', extensions: ['*'] },
];

/** `save`: a new mind; `backup`: where a backup of the open mind goes (defaultPath suggests its backup folder). */
export async function pickMindFile(window: BrowserWindow | null, kind: 'open' | 'save' | 'backup', defaultPath: string): Promise<string | null> {
  if (kind !== 'open') {
    const options = { title: kind === 'save' ? 'New mind' : 'Back up the mind', defaultPath, filters: MIND_FILTERS };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  }
  const options = { title: 'Open a mind', filters: MIND_FILTERS, properties: ['openFile' as const] };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
