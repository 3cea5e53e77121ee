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

/** Shortest token MINDLOOM_TOKEN may set (a random one is 43 characters). */
const MIN_TOKEN_LENGTH = 16;

/**
 * The token from MINDLOOM_TOKEN, so an agent's configuration survives a restart; undefined: a
 * new random token each start.
 */
export function tokenFromEnvironment(input: CommandInput): string | undefined {
  const token = input.io.env.MINDLOOM_TOKEN?.trim();
  if (token === undefined || token === '') return undefined;
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new UsageError(`MINDLOOM_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters without spaces (e.g. the output of: openssl rand -base64 32).`);
  }
  return token;
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
