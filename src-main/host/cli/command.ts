/** The shape every CLI command has: how it is typed (usage, positionals, options) and what it does. */
import type { Mind } from '../../mind/mind';
import type { OptionValues } from './args';
import type { CliIo } from './io';

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface CommandInput {
  /** Positional arguments after the command name, in the order `positionals` names them. */
  args: readonly string[];
  options: OptionValues;
  json: boolean;
  io: CliIo;
}

interface CommandBase {
  name: string;
  /** The synopsis after `mindloom `, e.g. `show ID [--as-of ISO]`. */
  usage: string;
  summary: string;
  /** Names of the required positional arguments. */
  positionals: readonly string[];
  /** Names of the positional arguments that may follow them (`undo [ENTRY]`). */
  optionalPositionals?: readonly string[];
  options: OptionSpecs;
}

/** Works on an existing mind, which `main` opens (mustExist) and closes around it. */
export interface MindCommand extends CommandBase {
  kind: 'mind';
  run(mind: Mind, input: CommandInput): string | Promise<string>;
}

/** Manages mind files itself (`init`, `generate`). `mindPath` is `--mind` or MINDLOOM_MIND, if given. */
export interface FileCommand extends CommandBase {
  kind: 'file';
  run(input: CommandInput & { mindPath: string | null }): string | Promise<string>;
}

export type Command = MindCommand | FileCommand;
