/** The help text, built from the commands themselves so it cannot drift from what they accept. */
import type { Command } from './command';

const INDENT = '  ';

export function usageText(commands: readonly Command[]): string {
  return [
    'mindloom: browse and edit an AI agent\'s mind (a SQLite memory store) from the terminal.',
    '',
    'Usage: mindloom COMMAND [ARGS] [--mind FILE] [--json]',
    '',
    'Commands:',
    ...commands.flatMap((c) => [`${INDENT}${c.usage}`, `${INDENT}${INDENT}${c.summary}`]),
    '',
    'Every command takes --mind FILE (or the MINDLOOM_MIND environment variable) and --json.',
    'Writes are journaled as actor `user`; --reason R on any write records why.',
    'Exit codes: 0 ok, 1 the mind refused (the error names its code), 2 bad usage.',
  ].join('\n');
}

export function commandUsage(command: Command): string {
  return [`Usage: mindloom ${command.usage} [--mind FILE] [--json]`, '', command.summary].join('\n');
}
