/**
 * `serve`: the app in a browser. Runs the headless host on loopback until interrupted, and prints
 * the address to open (it carries the access token).
 */
import { startHost } from '../../serve/host';
import { openInBrowser } from '../../serve/open-browser';
import type { FileCommand } from '../command';
import { UsageError } from '../usage-error';

export const serveCommand: FileCommand = {
  kind: 'file',
  name: 'serve',
  usage: 'serve [--mind FILE] [--port P] [--demo] [--no-open]',
  summary: 'Serve the app on 127.0.0.1 for a browser (the printed address carries the access token); Ctrl+C stops it.',
  positionals: [],
  options: { port: { type: 'string' }, demo: { type: 'boolean' }, 'no-open': { type: 'boolean' } },
  async run(input) {
    const port = input.options.integer('port') ?? 0;
    if (port < 0 || port > 65_535) throw new UsageError('--port must be from 0 to 65535 (0: any free port).');
    const host = await startHost({ mindPath: input.mindPath ?? undefined, demo: input.options.flag('demo'), port });
    const status = host.session.status();
    if (status.state === 'error') input.io.stderr.write(`mindloom: ${status.message} ${status.hint}\n`);
    input.io.stdout.write(`Mindloom is serving ${status.state === 'open' ? status.name : 'no mind yet'} at ${host.url}\n`);
    input.io.stdout.write('Press Ctrl+C to stop.\n');
    if (!input.options.flag('no-open')) openInBrowser(host.url);
    await new Promise<void>((stop) => {
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await host.close();
    return '';
  },
};
