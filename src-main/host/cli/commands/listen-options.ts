/**
 * `--port` and `--host` for the commands that listen (`serve`, `mcp --http`): loopback and any free
 * port unless the person says otherwise, and a warning on stderr before listening anywhere else.
 */
import { isMindError } from '../../../../shared/errors';
import { checkBindAddress, exposureWarning, LOOPBACK } from '../../serve/bind-address';
import type { CommandInput } from '../command';
import { UsageError } from '../usage-error';

export const LISTEN_OPTIONS = { port: { type: 'string' }, host: { type: 'string' } } as const;

export interface ListenAt {
  port: number;
  host: string;
}

export function listenAt(input: CommandInput): ListenAt {
  const port = input.options.integer('port') ?? 0;
  if (port < 0 || port > 65_535) throw new UsageError('--port must be from 0 to 65535 (0: any free port).');
  try {
    return { port, host: checkBindAddress(input.options.string('host') ?? LOOPBACK) };
  } catch (error) {
    throw isMindError(error) ? new UsageError(error.message) : error;
  }
}

/** Says so on stderr when the address is reachable from other machines. */
export function warnIfExposed(input: CommandInput, at: ListenAt, port: number): void {
  const warning = exposureWarning(at.host, port);
  if (warning !== null) input.io.stderr.write(`mindloom: ${warning}\n`);
}

/** Resolves on Ctrl+C or SIGTERM. */
export function untilStopped(): Promise<void> {
  return new Promise<void>((stop) => {
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
