/** Opens a URL in the person's browser, if the machine has one; a headless box simply has none. */
import { spawn } from 'node:child_process';

export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  // No opener installed: the printed URL is the way in.
  child.on('error', () => undefined);
  child.unref();
}
