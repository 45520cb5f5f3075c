/**
 * Command-line parsing shared by every command: node's `parseArgs`, with its errors turned into
 * one-line usage errors that name the command and suggest the nearest known flag.
 */
import { parseArgs } from 'node:util';
import { didYouMean } from './suggest.js';
import { UsageError } from './usage.js';

/** A command's flags, in `parseArgs` form. */
export type OptionSpec = Record<string, { type: 'boolean' | 'string'; short?: string }>;

/** Parsed flags and words. */
export interface ParsedArgs {
  readonly values: Record<string, unknown>;
  readonly positionals: string[];
}

/**
 * Parses `args` of `codegraph <command>` against `options`; a mistake throws `UsageError`:
 * an unknown flag with the nearest known one, a missing value, a value given to a switch, or a
 * word where the command takes none.
 */
export function parseCommandArgs(command: string, args: readonly string[], options: OptionSpec, allowPositionals = true): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals, strict: true });
    return { values, positionals };
  } catch (error) {
    throw new UsageError(usageMessage(command, error, options));
  }
}

/** The one-line message for a `parseArgs` error. */
function usageMessage(command: string, error: unknown, options: OptionSpec): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const help = `(codegraph ${command} --help lists its options)`;
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const flag = quoted.split('=')[0] ?? quoted;
      return `unknown option ${flag} for codegraph ${command}${didYouMean(flag, knownFlags(options))} ${help}`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const long = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
      if (/argument missing/.test(message)) return `${long} needs a value, as in ${long}=VALUE`;
      return `${long} is a switch and takes no value ${help}`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `codegraph ${command} takes no words, got "${quoted}" ${help}`;
    default:
      return `${message.split('\n')[0] ?? message} ${help}`;
  }
}

/** Every spelling of the known flags: `--name` and `-x`. */
function knownFlags(options: OptionSpec): string[] {
  return Object.entries(options).flatMap(([name, spec]) => [`--${name}`, ...(spec.short === undefined ? [] : [`-${spec.short}`])]);
}
