/**
 * `serve`: the app in a browser. Runs the headless host (loopback unless --host names another
 * address) until interrupted, and prints the address to open (it carries the access token) and
 * where agents reach the same mind over MCP (Streamable HTTP, the same token).
 */
import { startHost } from '../../serve/host';
import { openInBrowser } from '../../serve/open-browser';
import type { FileCommand } from '../command';
import { LISTEN_OPTIONS, listenAt, tokenFromEnvironment, untilStopped, warnIfExposed } from './listen-options';

export const serveCommand: FileCommand = {
  kind: 'file',
  name: 'serve',
  usage: 'serve [--mind FILE] [--port P] [--host ADDRESS] [--demo] [--no-open]',
  summary:
    'Serve the app for a browser on 127.0.0.1 (--host: another address, with a warning), and MCP for agents at /mcp; the printed address carries the access token (MINDLOOM_TOKEN fixes it); Ctrl+C stops it.',
  positionals: [],
  options: { ...LISTEN_OPTIONS, demo: { type: 'boolean' }, 'no-open': { type: 'boolean' } },
  async run(input) {
    const at = listenAt(input);
    const host = await startHost({
      mindPath: input.mindPath ?? undefined,
      demo: input.options.flag('demo'),
      port: at.port,
      host: at.host,
      token: tokenFromEnvironment(input),
    });
    warnIfExposed(input, at, host.port);
    const status = host.session.status();
    if (status.state === 'error') input.io.stderr.write(`mindloom: ${status.message} ${status.hint}\n`);
    input.io.stdout.write(`Mindloom is serving ${status.state === 'open' ? status.name : 'no mind yet'} at ${host.url}\n`);
    input.io.stdout.write(`Agents reach it over MCP at ${host.mcpUrl} with the header Authorization: Bearer ${host.token}\n`);
    input.io.stdout.write('Press Ctrl+C to stop.\n');
    if (!input.options.flag('no-open')) openInBrowser(host.url);
    await untilStopped();
    await host.close();
    return '';
  },
};
