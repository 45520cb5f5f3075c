#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { describeServer, describeText } from './describe.js';
import { serveStdio } from './serve.js';
import { HELP, UsageError } from './usage.js';
import { VERSION } from '../version.js';

/** Runs one command line; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  if (command === '--version' || command === '-V' || command === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  switch (command) {
    case 'serve': {
      const { values } = parse(rest, { mcp: { type: 'boolean' }, path: { type: 'string', short: 'p' } });
      if (values['mcp'] !== true) throw new UsageError('serve needs --mcp (the only transport in this version)');
      await serveStdio({ path: asString(values['path']), cwd: process.cwd(), env: process.env });
      return 0;
    }
    case 'describe': {
      const { values } = parse(rest, { format: { type: 'string' } });
      const format = asString(values['format']) ?? 'text';
      if (format === 'json') process.stdout.write(`${JSON.stringify(describeServer(process.env), null, 2)}\n`);
      else if (format === 'text') process.stdout.write(describeText(process.env));
      else throw new UsageError(`unknown --format "${format}" (use json or text)`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${command}" (run codegraph --help)`);
  }
}

type OptionSpec = Record<string, { type: 'boolean' | 'string'; short?: string }>;

function parse(args: readonly string[], options: OptionSpec): { values: Record<string, unknown>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values, positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error);
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/, ''));
  }
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`codegraph: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`codegraph: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
