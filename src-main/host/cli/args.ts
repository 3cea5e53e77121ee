/**
 * Argument parsing on node's util.parseArgs: find the command, parse strictly against its
 * options, and read typed values with usage errors that name the option.
 */
import { parseArgs } from 'node:util';
import type { OptionSpecs } from './command';
import { UsageError } from './usage-error';

/** Options every command takes. */
export const GLOBAL_OPTIONS: OptionSpecs = {
  mind: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

type RawValue = string | boolean | (string | boolean)[] | undefined;

/** Typed, validated reads of parsed option values. */
export class OptionValues {
  constructor(private readonly values: Readonly<Record<string, RawValue>>) {}

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  string(name: string): string | undefined {
    const value = this.values[name];
    return typeof value === 'string' ? value : undefined;
  }

  requiredString(name: string): string {
    const value = this.string(name);
    if (value === undefined) throw new UsageError(`--${name} is required.`);
    return value;
  }

  strings(name: string): string[] {
    const value = this.values[name];
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
    return typeof value === 'string' ? [value] : [];
  }

  number(name: string): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const value = text.trim() === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) throw new UsageError(`--${name} must be a number, not "${text}".`);
    return value;
  }

  integer(name: string): number | undefined {
    const value = this.number(name);
    if (value !== undefined && !Number.isInteger(value)) {
      throw new UsageError(`--${name} must be a whole number, not "${this.string(name)}".`);
    }
    return value;
  }

  /** An ISO date or date-time, as epoch ms. */
  isoTime(name: string): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    // Date.parse alone accepts loose text ("1", "May 5"); demand an ISO calendar date first.
    const ms = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text.trim()) ? Date.parse(text.trim()) : Number.NaN;
    if (!Number.isFinite(ms)) {
      throw new UsageError(`--${name} must be an ISO date or time (e.g. 2025-03-01 or 2025-03-01T12:00:00Z), not "${text}".`);
    }
    return ms;
  }
}

export interface SplitCommand {
  name: string | null;
  /** argv without the command name. */
  rest: string[];
}

/**
 * The command is the first positional argument, wherever it sits among the options
 * (`mindloom --mind m.db show ID` works). `knownOptions` tells which options take a value, so an
 * option's value is never mistaken for the command.
 */
export function splitCommand(argv: readonly string[], knownOptions: OptionSpecs): SplitCommand {
  const { tokens } = parseArgs({ args: [...argv], options: knownOptions, strict: false, allowPositionals: true, tokens: true });
  const first = tokens.find((t) => t.kind === 'positional');
  if (!first || first.kind !== 'positional') return { name: null, rest: [...argv] };
  return { name: first.value, rest: argv.filter((_, i) => i !== first.index) };
}

export interface ParsedCommandLine {
  positionals: string[];
  options: OptionValues;
}

export function parseCommandLine(args: readonly string[], options: OptionSpecs): ParsedCommandLine {
  try {
    const parsed = parseArgs({ args: [...args], options: { ...GLOBAL_OPTIONS, ...options }, strict: true, allowPositionals: true });
    return { positionals: parsed.positionals, options: new OptionValues(parsed.values) };
  } catch (error) {
    // parseArgs reports typing mistakes with ERR_PARSE_ARGS_* codes; anything else is a real fault.
    const code = String((error as { code?: unknown }).code);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? 'option';
      throw new UsageError(`Unknown option ${option} (put text that starts with "-" after --).`);
    }
    if (code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message.split('\n')[0] ?? 'Invalid arguments.');
    }
    throw error;
  }
}
