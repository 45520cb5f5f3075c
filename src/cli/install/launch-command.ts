/**
 * The command an agent's config should run to start the server. `codegraph serve --mcp` when a
 * `codegraph` executable is on PATH and this process was not started through npx; otherwise
 * `npx -y codegraph-wasm serve --mcp`, which works without a global install.
 */
import { existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** A command and its arguments. */
export interface LaunchCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** The serve command through a `codegraph` on PATH. */
export const PATH_COMMAND: LaunchCommand = { command: 'codegraph', args: ['serve', '--mcp'] };
/** The serve command through npx, for machines without a global install. */
export const NPX_COMMAND: LaunchCommand = { command: 'npx', args: ['-y', 'codegraph-wasm', 'serve', '--mcp'] };

/** What the decision reads: the environment, the script path and the platform. */
export interface LaunchContext {
  readonly env: NodeJS.ProcessEnv;
  /** `process.argv[1]`: the script this process runs. */
  readonly script: string | undefined;
  readonly platform: NodeJS.Platform;
}

/**
 * Decides the command. A run through npx (`npm_command=exec`, or a script inside npm's `_npx`
 * cache) means there is no lasting install, whatever PATH holds for this one process.
 */
export function launchCommand(context: LaunchContext): LaunchCommand {
  if (viaNpx(context)) return NPX_COMMAND;
  return onPath('codegraph', context) ? PATH_COMMAND : NPX_COMMAND;
}

function viaNpx(context: LaunchContext): boolean {
  if (context.env['npm_command'] === 'exec') return true;
  const script = context.script ?? '';
  return /[\\/]_npx[\\/]/.test(script);
}

function onPath(name: string, context: LaunchContext): boolean {
  const dirs = (context.env['PATH'] ?? context.env['Path'] ?? '').split(context.platform === 'win32' ? ';' : delimiter).filter((d) => d !== '');
  const names = context.platform === 'win32' ? [`${name}.cmd`, `${name}.exe`, `${name}.ps1`, name] : [name];
  return dirs.some((dir) => names.some((n) => isFile(join(dir, n))));
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}
