/**
 * How to start this very installation again from a shell or an agent's config: the command that
 * install writes, the prompt hook runs and guidance text names. Three forms, in this order:
 * - `npx -y codegraph-wasm` when this process came through npx (there is no lasting install);
 * - `codegraph` when that name, first on PATH, is this very file (a global install or `npm link`);
 * - otherwise the Node that runs this process and the absolute path of this script, which works
 *   whatever PATH an agent starts with and whichever other `codegraph` it holds.
 */
import { realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** A command and the arguments before the subcommand (`serve --mcp`, `prompt-hook`, `init`). */
export interface LaunchCommand {
  readonly command: string;
  readonly args: readonly string[];
}

/** What the decision reads. */
export interface LaunchContext {
  readonly env: NodeJS.ProcessEnv;
  /** `process.argv[1]`: the script this process runs. */
  readonly script: string | undefined;
  readonly platform: NodeJS.Platform;
  /** `process.execPath`: the Node that runs this process. */
  readonly execPath: string;
}

/** The chosen command, and another `codegraph` found first on PATH that is not this one. */
export interface LaunchChoice {
  readonly launch: LaunchCommand;
  readonly via: 'npx' | 'path' | 'absolute';
  /** The path of a `codegraph` on PATH that runs something else, when there is one. */
  readonly otherOnPath?: string;
}

/** The npx form: works with no install at all once the package is on the registry. */
export const NPX_LAUNCH: LaunchCommand = { command: 'npx', args: ['-y', 'codegraph-wasm'] };
/** The PATH form. */
export const PATH_LAUNCH: LaunchCommand = { command: 'codegraph', args: [] };

/** Decides the command for `context`. */
export function chooseLaunch(context: LaunchContext): LaunchChoice {
  const found = firstOnPath('codegraph', context);
  const script = context.script === undefined ? undefined : realOrSame(context.script);
  const other = found !== undefined && realOrSame(found) !== script ? found : undefined;
  const withOther = other === undefined ? {} : { otherOnPath: other };
  if (viaNpx(context)) return { launch: NPX_LAUNCH, via: 'npx', ...withOther };
  if (found !== undefined && other === undefined) return { launch: PATH_LAUNCH, via: 'path' };
  if (script === undefined) return { launch: NPX_LAUNCH, via: 'npx', ...withOther };
  return { launch: { command: context.execPath, args: [script] }, via: 'absolute', ...withOther };
}

/** The choice for this process. */
export function selfLaunch(): LaunchChoice {
  return chooseLaunch({ env: process.env, script: process.argv[1], platform: process.platform, execPath: process.execPath });
}

/** `launch` with `args` as one shell line, each word quoted where the shell would split or expand it. */
export function shellLine(launch: LaunchCommand, args: readonly string[]): string {
  return [launch.command, ...launch.args, ...args].map(shellWord).join(' ');
}

function shellWord(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `"${word.replace(/(["\\$`])/g, '\\$1')}"`;
}

function viaNpx(context: LaunchContext): boolean {
  if (context.env['npm_command'] === 'exec') return true;
  return /[\\/]_npx[\\/]/.test(context.script ?? '');
}

/** The first `name` executable on PATH, as a path. */
function firstOnPath(name: string, context: LaunchContext): string | undefined {
  const dirs = (context.env['PATH'] ?? context.env['Path'] ?? '').split(context.platform === 'win32' ? ';' : delimiter).filter((d) => d !== '');
  const names = context.platform === 'win32' ? [`${name}.cmd`, `${name}.exe`, `${name}.ps1`, name] : [name];
  for (const dir of dirs) {
    for (const n of names) {
      const path = join(dir, n);
      if (isFile(path)) return path;
    }
  }
  return undefined;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
