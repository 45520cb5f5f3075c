#!/usr/bin/env node
import { parse as parsePath, resolve } from 'node:path';
import { TOOL_DEFINITIONS } from '../tools/definitions.js';
import type { InstallIo } from './install/install-command.js';
import { finishOneShot } from './exit-guard.js';
import { parseCommandArgs, type OptionSpec } from './args.js';
import { existingFolder } from './path-arg.js';
import { didYouMean } from './suggest.js';
import { toolHelp } from './tool-flags.js';
import { HELP, UsageError, commandHelp } from './usage.js';
import { VERSION } from '../version.js';

/** Query tools that are also commands. */
const TOOL_COMMANDS: readonly string[] = TOOL_DEFINITIONS.map((t) => t.short);

/** Every command name, for suggestions. */
const COMMANDS: readonly string[] = [
  'init', 'index', 'sync', 'watch', 'status', 'unlock', 'uninit', 'serve', 'http', 'view', 'daemon', 'export', 'describe',
  'install', 'uninstall', 'skill', 'prompt-hook', 'affected', 'help', 'version', ...TOOL_COMMANDS,
];

function unknownCommand(command: string): UsageError {
  return new UsageError(`unknown command "${command}"${didYouMean(command, COMMANDS)} (run codegraph --help for the list)`);
}

/**
 * Runs one command line; returns the exit code. Each command's module is loaded only when that
 * command runs: `serve` must answer its first request fast, without the indexer or the database.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const [first, ...more] = argv;
  // `codegraph help init` is `codegraph init --help`.
  const [command, ...rest] = first === 'help' && more.length > 0 ? [more[0], '--help'] : [first, ...more];
  const printed = helpOrVersion(command, rest);
  if (printed !== undefined || command === undefined) {
    process.stdout.write(printed ?? HELP);
    return 0;
  }
  switch (command) {
    case 'serve': {
      const { values } = parse('serve', rest, { mcp: { type: 'boolean' }, path: { type: 'string', short: 'p' }, watch: { type: 'boolean' }, 'no-watch': { type: 'boolean' }, ...HTTP_SERVE_OPTIONS });
      const servePath = asString(values['path']);
      if (servePath !== undefined) existingFolder(process.cwd(), servePath);
      if (values['http'] === true && values['mcp'] !== true) return (await import('./http/serve-http.js')).runServeHttp(httpServeOptions(values, rest));
      if (values['mcp'] !== true || values['http'] === true) throw new UsageError('serve needs one transport: --mcp (stdio) or --http (streamable HTTP)');
      for (const flag of Object.keys(HTTP_SERVE_OPTIONS)) if (values[flag] !== undefined) throw new UsageError(`--${flag} needs --http`);
      const { serveStdio } = await import('./serve.js');
      await serveStdio({ path: asString(values['path']), cwd: process.cwd(), env: process.env, watch: values['watch'] === true, noWatch: values['no-watch'] === true });
      return 0;
    }
    case 'daemon':
      return runDaemonCommand(rest);
    case 'describe': {
      const { values } = parse('describe', rest, { format: { type: 'string' } }, false);
      const format = asString(values['format']) ?? 'text';
      const { describeServer, describeText } = await import('./describe.js');
      if (format === 'json') process.stdout.write(`${JSON.stringify(describeServer(process.env), null, 2)}\n`);
      else if (format === 'text') process.stdout.write(describeText(process.env));
      else throw new UsageError(`unknown --format "${format}" (use json or text)`);
      return 0;
    }
    case 'init':
    case 'index':
    case 'sync':
      return runIndexCommand(command, rest);
    case 'install':
    case 'uninstall':
    case 'skill':
    case 'prompt-hook':
      return runAgentCommand(command, rest);
    case 'watch': {
      const { values, positionals } = parse('watch', rest, { ...PATH_OPTION, quiet: { type: 'boolean', short: 'q' }, json: { type: 'boolean' } });
      const { runWatch } = await import('./watch-command.js');
      return runWatch(indexOptions(values, positionals), process.env);
    }
    case 'status': {
      const { values, positionals } = parse('status', rest, { ...PATH_OPTION, json: { type: 'boolean' } });
      const { runStatus } = await import('./index-commands.js');
      return runStatus(indexOptions(values, positionals));
    }
    case 'unlock':
    case 'uninit': {
      const { values, positionals } = parse(command, rest, { ...PATH_OPTION });
      const { runUninit, runUnlock } = await import('./index-commands.js');
      return command === 'unlock' ? runUnlock(indexOptions(values, positionals)) : runUninit(indexOptions(values, positionals));
    }
    case 'http': {
      const [sub, ...args] = rest;
      const { values, positionals } = parse(`http ${sub ?? ''}`.trim(), args, { json: { type: 'boolean' } });
      return (await import('./http/commands.js')).runHttpCommand(sub, positionals, values['json'] === true, process.env);
    }
    case 'view': {
      const { values } = parse('view', rest, { ...PATH_OPTION, 'http-addr': { type: 'string' }, open: { type: 'boolean' }, watch: { type: 'boolean' } }, false);
      const viewPath = asString(values['path']);
      if (viewPath !== undefined) existingFolder(process.cwd(), viewPath);
      const { runView } = await import('./view-command.js');
      return runView({ path: viewPath, addr: asString(values['http-addr']), open: values['open'] === true, watch: values['watch'] === true, cwd: process.cwd(), env: process.env });
    }
    case 'export':
      return (await import('./export-command.js')).runExport(rest, process.cwd());
    case 'affected':
      return (await import('./affected-command.js')).runAffected(rest, process.cwd());
    default:
      if (TOOL_COMMANDS.includes(command)) return (await import('./tool-commands.js')).runToolCommand(command, rest, process.cwd());
      throw unknownCommand(command);
  }
}

/**
 * `init` or `index` of the home folder or the file-system root would read every project, cache and
 * download below it (the server refuses to watch them too): refused unless `--force`.
 */
async function refuseBroadRoot(command: string, root: string): Promise<void> {
  const { isBroadRoot } = await import('../project/resolve.js');
  if (!isBroadRoot(root)) return;
  const what = root === parsePath(root).root ? 'the file-system root' : 'your home folder';
  throw new UsageError(`${root} is ${what}: indexing it would read every project, cache and download below it. Run codegraph ${command} inside a project folder, or add --force to index it anyway`);
}

/** `codegraph init|index|sync [path]`, and `init --target=zed`. */
async function runIndexCommand(command: 'init' | 'index' | 'sync', rest: readonly string[]): Promise<number> {
  const { values, positionals } = parse(command, rest, {
    ...PATH_OPTION, quiet: { type: 'boolean', short: 'q' }, json: { type: 'boolean' },
    ...(command === 'sync' ? {} : { force: { type: 'boolean' } }), ...(command === 'init' ? { target: { type: 'string' } } : {}),
  });
  const options = indexOptions(values, positionals);
  const root = resolve(options.cwd, options.path ?? '.');
  if (command !== 'sync' && values['force'] !== true) await refuseBroadRoot(command, root);
  const target = asString(values['target']);
  if (target !== undefined && target !== 'zed') throw new UsageError(`init --target supports zed only (got "${target}"); use codegraph install --target=${target} for other agents`);
  if (command === 'sync') {
    const viaDaemon = await (await import('./daemon-sync.js')).syncViaDaemon({ ...options, env: process.env });
    if (viaDaemon !== undefined) return viaDaemon;
  }
  const { runIndex } = await import('./index-commands.js');
  const code = await runIndex(command, { ...options, force: values['force'] === true });
  if (target === undefined || code !== 0) return code;
  const { runZedInit } = await import('./install/install-command.js');
  return runZedInit(root, installIo());
}

/** The text of `--help`, `--version` or `COMMAND --help`; undefined for any other command line. */
function helpOrVersion(command: string | undefined, rest: readonly string[]): string | undefined {
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return HELP;
  if (command === '--version' || command === '-V' || command === 'version') return `${VERSION}\n`;
  if (!asksHelp(rest)) return undefined;
  const tool = TOOL_DEFINITIONS.find((t) => t.short === command);
  const text = commandHelp(command) ?? (tool === undefined ? undefined : toolHelp(tool));
  if (text === undefined) throw unknownCommand(command);
  return text;
}

/** `--help` or `-h` among a command's arguments (not after `--`, where words may start with a dash). */
function asksHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const own = end < 0 ? args : args.slice(0, end);
  return own.includes('--help') || own.includes('-h');
}

/** `codegraph daemon run|status|stop`. */
async function runDaemonCommand(args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parse(`daemon ${sub ?? ''}`.trim(), rest, { ...PATH_OPTION, 'no-watch': { type: 'boolean' }, json: { type: 'boolean' }, all: { type: 'boolean' } });
  const daemon = await import('./daemon-command.js');
  if (positionals.length > 1) throw new UsageError(`expected at most one path, got ${positionals.length}: ${positionals.join(' ')}`);
  const flag = asString(values['path']);
  if (flag !== undefined && positionals[0] !== undefined) throw new UsageError(`give the path either as an argument or as --path, not both (got "${positionals[0]}" and "${flag}")`);
  const path = flag ?? positionals[0];
  if (path !== undefined && sub !== 'stop') existingFolder(process.cwd(), path);
  switch (sub) {
    case 'run':
      if (path === undefined) throw new UsageError('daemon run needs the project path, as in `codegraph daemon run .`');
      return daemon.runDaemon(path, values['no-watch'] === true, process.env);
    case 'status':
      return daemon.runDaemonStatus(values['json'] === true, path === undefined ? undefined : resolve(process.cwd(), path));
    case 'stop':
      return daemon.runDaemonStop(path, values['all'] === true, process.cwd());
    default:
      throw new UsageError(`daemon needs run, status or stop, got ${sub === undefined ? 'nothing' : `"${sub}"${didYouMean(sub, ['run', 'status', 'stop'])}`}`);
  }
}

/** The flags only `serve --http` takes. */
const HTTP_SERVE_OPTIONS = {
  http: { type: 'boolean' },
  'http-addr': { type: 'string' },
  detach: { type: 'boolean' },
  'http-allow-remote': { type: 'boolean' },
  'http-allowed-hosts': { type: 'string' },
  'http-allowed-origins': { type: 'string' },
} as const;

function httpServeOptions(values: Record<string, unknown>, args: readonly string[]): import('./http/serve-http.js').ServeHttpOptions {
  return {
    path: asString(values['path']),
    addr: asString(values['http-addr']),
    detach: values['detach'] === true,
    allowRemote: values['http-allow-remote'] === true,
    allowedHosts: asString(values['http-allowed-hosts']),
    allowedOrigins: asString(values['http-allowed-origins']),
    watch: values['watch'] === true,
    cwd: process.cwd(),
    env: process.env,
    args,
  };
}

/** `-p DIR` / `--path DIR`, as the query commands take it, beside the index commands' positional path. */
const PATH_OPTION = { path: { type: 'string', short: 'p' } } as const;

function indexOptions(values: Record<string, unknown>, positionals: readonly string[]): { path: string | undefined; quiet: boolean; json: boolean; cwd: string } {
  if (positionals.length > 1) throw new UsageError(`expected at most one path, got ${positionals.length}: ${positionals.join(' ')}`);
  const flag = asString(values['path']);
  if (flag !== undefined && positionals[0] !== undefined) throw new UsageError(`give the path either as an argument or as --path, not both (got "${positionals[0]}" and "${flag}")`);
  const path = flag ?? positionals[0];
  if (path !== undefined) existingFolder(process.cwd(), path);
  return { path, quiet: values['quiet'] === true, json: values['json'] === true, cwd: process.cwd() };
}

function parse(command: string, args: readonly string[], options: OptionSpec, allowPositionals = true): { values: Record<string, unknown>; positionals: string[] } {
  return parseCommandArgs(command, args, options, allowPositionals);
}

/** `install`, `uninstall`, `skill update` and `prompt-hook`: the agent-integration commands. */
async function runAgentCommand(command: 'install' | 'uninstall' | 'skill' | 'prompt-hook', rest: readonly string[]): Promise<number> {
  if (command === 'prompt-hook') {
    const { runPromptHook } = await import('./prompt-hook/command.js');
    // Always 0, and the process ends right after (a timed-out engine call may still be running).
    return runPromptHook(rest, { env: process.env, cwd: process.cwd(), stdin: process.stdin, stdout: process.stdout });
  }
  const installer = await import('./install/install-command.js');
  if (command === 'install') return installer.runInstall(rest, installIo());
  if (command === 'uninstall') return installer.runUninstall(rest, installIo());
  const [sub, ...args] = rest;
  if (sub !== 'update') throw new UsageError('usage: codegraph skill update [--target=AGENT[,AGENT...]] [--global|--local]');
  return installer.runSkillUpdate(args, installIo());
}

/** The streams and environment of the agent-integration commands. */
function installIo(): InstallIo {
  return { env: process.env, cwd: process.cwd(), platform: process.platform, script: process.argv[1], execPath: process.execPath, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const EXPECTED_ERRORS = new Set(['IndexError', 'LockHeldError', 'CapacityError', 'SchemaError', 'UntrustedSocketError']);

/**
 * The commands agents run once per prompt or question: when their answer is written they exit at
 * once, under the exit guard, instead of waiting for the event loop to drain.
 */
function isOneShot(argv: readonly string[]): boolean {
  const command = argv[0];
  return command === undefined || command === 'prompt-hook' || command === 'affected' || command === 'status' || command === 'describe' || command === 'help' || command.startsWith('-') || TOOL_COMMANDS.includes(command);
}

/** The exit code of a command that failed, after its one line is written. */
function failureCode(error: unknown): number {
  if (error instanceof UsageError || (error instanceof Error && (error.name === 'CorruptIndexError' || error.name === 'ForeignIndexError'))) {
    process.stderr.write(`codegraph: ${error.message}\n`);
    return 2;
  }
  if (error instanceof Error && EXPECTED_ERRORS.has(error.name)) {
    // Local, expected failures (lock held, capacity, bad config, old schema): the message says what to do.
    process.stderr.write(`codegraph: ${error.message}\n`);
    return 1;
  }
  // Unexpected: one line for the user; the stack only when asked for.
  const debug = process.env['CODEGRAPH_DEBUG'] === '1';
  const text = error instanceof Error ? (debug ? (error.stack ?? error.message) : error.message.split('\n')[0]) : String(error);
  process.stderr.write(`codegraph: ${text}${debug ? '' : ' (set CODEGRAPH_DEBUG=1 to see where it came from)'}\n`);
  return 1;
}

// A reader that goes away (`codegraph sync | head -1`) must not kill a command halfway through
// its work (a sync holding the writer lock): output to a closed pipe is dropped, the work finishes.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

const argv = process.argv.slice(2);
main(argv).then(
  (code) => (isOneShot(argv) ? finishOneShot(code) : (process.exitCode = code)),
  (error: unknown) => {
    const code = failureCode(error);
    if (isOneShot(argv)) finishOneShot(code);
    else process.exitCode = code;
  },
);
