/**
 * `codegraph view [--path P] [--http-addr HOST:PORT] [--open] [--watch]`: the project's map and
 * neighbourhoods as a page on a loopback address, until a signal stops it. `--open` starts the
 * system's browser where there is one; the URL is printed in any case.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ProjectServices } from '../project/project-services.js';
import { findIndexedProjectUp, isIndexed } from '../project/resolve.js';
import { formatHttpAddress, isLoopbackHost, parseHttpAddress } from '../transport/http/address.js';
import { createViewHandler } from '../view/handler.js';
import { startViewServer, type RunningViewServer } from '../view/view-server.js';
import { startWatching } from './serve.js';
import { UsageError } from './usage.js';

/** Where `codegraph view` listens unless `--http-addr` says otherwise. */
export const DEFAULT_VIEW_ADDRESS = '127.0.0.1:8112';

/** The flags of `codegraph view`. */
export interface ViewCommandOptions {
  readonly path: string | undefined;
  readonly addr: string | undefined;
  readonly open: boolean;
  readonly watch: boolean;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Runs `codegraph view`; resolves with the exit code once a signal stopped the server. */
export async function runView(options: ViewCommandOptions): Promise<number> {
  const parsed = parseHttpAddress(options.addr ?? DEFAULT_VIEW_ADDRESS);
  if (parsed.kind === 'invalid') throw new UsageError(parsed.message);
  if (!isLoopbackHost(parsed.address.host)) throw new UsageError(`${formatHttpAddress(parsed.address)} is not a loopback address; the view is served on this machine only (use an SSH tunnel to reach it from elsewhere)`);
  const root = options.path === undefined ? findIndexedProjectUp(options.cwd) : resolve(options.cwd, options.path);
  if (root === undefined || !isIndexed(root)) {
    const where = root ?? options.cwd;
    process.stderr.write(`codegraph: ${where} has no index; run \`codegraph init\` in the project first (or pass --path DIR), then start the view again\n`);
    return 1;
  }
  const services = new ProjectServices();
  const view = createViewHandler({ root, services });
  let running: RunningViewServer;
  try {
    running = await startViewServer(parsed.address, view);
  } catch (error) {
    view.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
    process.stderr.write(`codegraph: ${formatHttpAddress(parsed.address)} cannot be used (${code}); choose another with --http-addr HOST:PORT (port 0 picks a free one)\n`);
    return 1;
  }
  process.stderr.write(`codegraph: loading the index of ${root}…\n`);
  await view.warm();
  process.stdout.write(`${running.url}\n`);
  process.stderr.write(`codegraph: viewing ${root} at ${running.url} (pid ${process.pid}); Ctrl-C stops\n`);
  if (options.open) openBrowser(running.url, options.env);
  const watcher = options.watch ? startWatching({ path: root, cwd: options.cwd, env: options.env, watch: true }, root) : undefined;
  const signal = await stopSignal();
  process.stderr.write(`codegraph: ${signal}: stopping the view\n`);
  await running.close();
  await watcher?.stop();
  services.close();
  return 0;
}

/**
 * Starts the system's URL opener (`open` on macOS, `start` on Windows, `xdg-open` elsewhere),
 * detached; a missing opener or a failed start is ignored, since the URL was printed already.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): void {
  const [command, args] = platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', env });
    child.on('error', () => process.stderr.write(`codegraph: could not start ${command}; open ${url} in a browser\n`));
    child.unref();
  } catch {
    process.stderr.write(`codegraph: could not start ${command}; open ${url} in a browser\n`);
  }
}

/** Resolves with the name of the first SIGTERM, SIGINT or SIGHUP. */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
    const on = (signal: NodeJS.Signals): void => {
      for (const s of signals) process.off(s, on);
      resolveSignal(signal);
    };
    for (const s of signals) process.on(s, on);
  });
}
