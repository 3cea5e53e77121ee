/** The application menu: New…, Open…, Open Recent, Back Up…, Import…, Export…, Quit (plus the standard Edit menu for copy and paste). */
import { basename } from 'node:path';
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { CallName } from '../../shared/contract';

export interface MenuActions {
  recent(): string[];
  /** Whether a mind is open (Back Up… needs one). */
  mindOpen(): boolean;
  /** Runs a call the way the renderer would (a backup's progress and end reach the window as events). */
  call(name: CallName, payload: unknown): void;
}

export function installMenu(actions: MenuActions): void {
  const recent = actions.recent();
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'New Mind…', accelerator: 'CmdOrCtrl+N', click: () => actions.call('session.create', {}) },
      { label: 'Open Mind…', accelerator: 'CmdOrCtrl+O', click: () => actions.call('session.open', {}) },
      {
        label: 'Open Recent',
        enabled: recent.length > 0,
        submenu: recent.map((path) => ({ label: `${basename(path)} — ${path}`, click: () => actions.call('session.open', { path }) })),
      },
      { type: 'separator' },
      // A save dialog picks the file; the copy is taken while agents keep writing.
      { label: 'Back Up…', accelerator: 'CmdOrCtrl+Shift+S', enabled: actions.mindOpen(), click: () => actions.call('mind.backup', {}) },
      // The window shows its dialog (kind, preview, progress); the file comes from a native dialog there.
      { label: 'Import…', enabled: actions.mindOpen(), click: () => actions.call('interop.showDialog', { dialog: 'import' }) },
      { label: 'Export…', enabled: actions.mindOpen(), click: () => actions.call('interop.showDialog', { dialog: 'export' }) },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const template: MenuItemConstructorOptions[] =
    process.platform === 'darwin' ? [{ role: 'appMenu' }, file, { role: 'editMenu' }] : [file, { role: 'editMenu' }];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
