/**
 * The `mindloom` command line. `main` returns the exit code instead of exiting so tests run it
 * in-process; bin/mindloom.js sets process.exitCode from it. Output is written only once the
 * command has succeeded, so a failing command prints nothing on stdout and one line on stderr.
 */
import { isMindError } from '../../../shared/errors';
import { GLOBAL_OPTIONS, parseCommandLine, splitCommand } from './args';
import type { Command, OptionSpecs } from './command';
import { COMMANDS, findCommand } from './commands/registry';
import { type CliIo, processIo } from './io';
import { mindPathOf, requireMindPath } from './mind-path';
import { openCliMind } from './open-mind';
import { oneLine } from './output';
import { commandUsage, usageText } from './usage';
import { UsageError } from './usage-error';

export type { CliIo };

/** Every option any command takes, so the command name can be found wherever it sits. */
const ALL_OPTIONS: OptionSpecs = Object.assign({}, ...COMMANDS.map((c) => c.options), GLOBAL_OPTIONS) as OptionSpecs;

export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  try {
    const output = await run(argv, io);
    if (output !== '') io.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    return 0;
  } catch (error) {
    io.stderr.write(`mindloom: ${describe(error)}\n`);
    if (io.env.MINDLOOM_DEBUG && error instanceof Error && !isMindError(error) && !(error instanceof UsageError)) {
      io.stderr.write(`${error.stack ?? ''}\n`);
    }
    return error instanceof UsageError ? 2 : 1;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<string> {
  const { name, rest } = splitCommand(argv, ALL_OPTIONS);
  if (name === null) return usageText(COMMANDS);
  if (name === 'help') {
    const topic = rest.find((a) => !a.startsWith('-'));
    const command = topic === undefined ? undefined : findCommand(topic);
    return command ? commandUsage(command) : usageText(COMMANDS);
  }
  const command = findCommand(name);
  if (!command) throw new UsageError(`Unknown command "${name}" (run mindloom --help for the list).`);
  const { positionals, options } = parseCommandLine(rest, command.options);
  if (options.flag('help')) return commandUsage(command);
  checkPositionals(command, positionals);
  const input = { args: positionals, options, json: options.flag('json'), io };
  const mindPath = mindPathOf(options, io);
  if (command.kind === 'file') return command.run({ ...input, mindPath });
  const mind = openCliMind(requireMindPath(mindPath), io);
  try {
    // Awaited here, so an asynchronous command (recall) finishes before its mind closes.
    return await command.run(mind, input);
  } finally {
    mind.close();
  }
}

function checkPositionals(command: Command, positionals: readonly string[]): void {
  const expected = command.positionals;
  if (positionals.length < expected.length) {
    const missing = expected.slice(positionals.length).join(' ');
    throw new UsageError(`${command.name} needs ${missing} (usage: mindloom ${command.usage}).`);
  }
  const most = expected.length + (command.optionalPositionals?.length ?? 0);
  if (positionals.length > most) {
    const extra = positionals[most] as string;
    throw new UsageError(
      `Unexpected argument "${oneLine(extra, 40)}" for ${command.name} (usage: mindloom ${command.usage}; quote text that has spaces).`,
    );
  }
}

function describe(error: unknown): string {
  if (isMindError(error)) return oneLine(`${error.code}: ${error.message}`);
  if (error instanceof Error) return oneLine(error.message);
  return oneLine(String(error));
}
