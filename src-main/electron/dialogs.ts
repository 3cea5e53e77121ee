/** Native dialogs that pick a file: a mind to open or create, a backup's destination, a file to import or export to. */
import { type BrowserWindow, dialog } from 'electron';
import type { FileDialogKind } from '../api/platform';

const MIND_FILTERS = [
  { name: 'Mindloom minds', extensions: ['mindloom'] },
  { name: 'All files', extensions: ['*'] },
];

const ANY_FILE = [{ name: 'All files', extensions: ['*'] }];

/** `save`: a new mind; `backup`: where a backup of the open mind goes (defaultPath suggests its backup folder); `import`/`export`: any file. */
export async function pickMindFile(window: BrowserWindow | null, kind: FileDialogKind, defaultPath: string): Promise<string | null> {
  if (kind === 'import') {
    const options = { title: 'Import into the mind', filters: ANY_FILE, properties: ['openFile' as const] };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  }
  if (kind === 'export') {
    const options = { title: 'Export the mind', defaultPath, filters: ANY_FILE };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  }
  if (kind !== 'open') {
    const options = { title: kind === 'save' ? 'New mind' : 'Back up the mind', defaultPath, filters: MIND_FILTERS };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  }
  const options = { title: 'Open a mind', filters: MIND_FILTERS, properties: ['openFile' as const] };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? null : (result.filePaths[0] ?? null);
}
