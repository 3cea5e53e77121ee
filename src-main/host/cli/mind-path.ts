/** Which mind file a command works on: `--mind FILE`, else the MINDLOOM_MIND environment variable. */
import { resolve } from 'node:path';
import type { CliIo } from './io';
import type { OptionValues } from './args';
import { UsageError } from './usage-error';

export function mindPathOf(options: OptionValues, io: CliIo): string | null {
  const given = options.string('mind') ?? io.env.MINDLOOM_MIND;
  return given === undefined || given.trim() === '' ? null : resolve(given);
}

export function requireMindPath(path: string | null): string {
  if (path === null) throw new UsageError('No mind given: pass --mind FILE or set MINDLOOM_MIND.');
  return path;
}
