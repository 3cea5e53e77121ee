/** The application menu: New…, Open…, Open Recent, Quit (plus the standard Edit menu for copy and paste). */
import { basename } from 'node:path';
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { CallName } from '../../shared/contract';

export interface MenuActions {
  recent(): string[];
  /** Runs a session call the way the renderer would (errors reach the window as session status). */
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
      { role: 'quit' },
    ],
  };
  const template: MenuItemConstructorOptions[] =
    process.platform === 'darwin' ? [{ role: 'appMenu' }, file, { role: 'editMenu' }] : [file, { role: 'editMenu' }];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
