/**
 * `codegraph serve --http`: the MCP tools over streamable HTTP, in the foreground until a signal
 * stops it (registered meanwhile so `codegraph http list` shows it), or detached with --detach.
 */
import { resolve } from 'node:path';
import { isIndexed } from '../../project/resolve.js';
import { formatHttpAddress, isLoopbackHost, mcpUrl, parseHttpAddress, DEFAULT_HTTP_ADDRESS, type HttpAddress } from '../../transport/http/address.js';
import type { OriginPolicy } from '../../transport/http/origin-policy.js';
import { ProjectLimitedTools } from '../../transport/http/project-limit.js';
import { startHttpServer, type RunningHttpServer } from '../../transport/http/server.js';
import { VERSION } from '../../version.js';
import { DefaultProjectResolver } from '../../project/default-project.js';
import { ProjectServices } from '../../project/project-services.js';
import { createViewHandler } from '../../view/handler.js';
import { VIEW_PATH } from '../../view/request-plan.js';
import { createTools, startWatching } from '../serve.js';
import { UsageError } from '../usage.js';
import { findIndexedProjectUp } from '../../project/resolve.js';
import { detachServer } from './detach.js';
import { registerServer, unregisterServer } from './registry.js';

/** The flags of `serve --http` and where the command runs. */
export interface ServeHttpOptions {
  readonly path: string | undefined;
  readonly addr: string | undefined;
  readonly detach: boolean;
  readonly allowRemote: boolean;
  /** Comma-separated extra `Host` names (only with --http-allow-remote). */
  readonly allowedHosts: string | undefined;
  /** Comma-separated extra origins such as `https://ide.example.com`. */
  readonly allowedOrigins: string | undefined;
  readonly watch: boolean;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** The arguments after `serve`, re-used to start the detached copy. */
  readonly args: readonly string[];
}

/** The settings the flags stand for, checked. */
interface HttpPlan {
  readonly address: HttpAddress;
  readonly policy: OriginPolicy;
  readonly project: string | undefined;
}

/** Runs `serve --http`; resolves with the exit code once the server has stopped (or detached). */
export async function runServeHttp(options: ServeHttpOptions): Promise<number> {
  const plan = planServe(options);
  if (plan.project !== undefined && !isIndexed(plan.project)) {
    process.stderr.write(`codegraph: ${plan.project} has no index; run \`codegraph init ${plan.project}\` first, then start the server again\n`);
    return 1;
  }
  if (options.detach) return detachServer(options.args.filter((a) => a !== '--detach'), options.cwd, options.env);
  return serveForeground(plan, options);
}

function planServe(options: ServeHttpOptions): HttpPlan {
  const parsed = parseHttpAddress(options.addr ?? DEFAULT_HTTP_ADDRESS);
  if (parsed.kind === 'invalid') throw new UsageError(parsed.message);
  const address = parsed.address;
  const remote = !isLoopbackHost(address.host);
  if (remote && !options.allowRemote) {
    throw new UsageError(`${formatHttpAddress(address)} is not a loopback address; serving beyond this machine needs --http-allow-remote (an SSH tunnel to 127.0.0.1 is the safer way)`);
  }
  if (!options.allowRemote && options.allowedHosts !== undefined) throw new UsageError('--http-allowed-hosts needs --http-allow-remote');
  if (options.watch && options.path === undefined) throw new UsageError('--watch with --http needs --path (the project to keep up to date)');
  const hosts = new Set(splitList(options.allowedHosts).map((h) => h.toLowerCase().replace(/^\[|\]$/g, '')));
  if (remote && address.host !== '0.0.0.0' && address.host !== '::') hosts.add(address.host);
  const origins = new Set<string>();
  for (const origin of splitList(options.allowedOrigins)) {
    try {
      origins.add(new URL(origin).origin.toLowerCase());
    } catch {
      throw new UsageError(`--http-allowed-origins: ${JSON.stringify(origin)} is not an origin (write it as https://host[:port])`);
    }
  }
  return { address, policy: { allowedHosts: hosts, allowedOrigins: origins }, project: options.path === undefined ? undefined : resolve(options.cwd, options.path) };
}

async function serveForeground(plan: HttpPlan, options: ServeHttpOptions): Promise<number> {
  const resolver = new DefaultProjectResolver({ cwd: options.cwd, pinnedOnly: true, ...(plan.project !== undefined ? { pinned: plan.project } : {}) });
  // One set of open projects for the tools and the view, so an index is loaded once.
  const services = new ProjectServices();
  const { tools, warnings } = createTools(resolver, options, { services });
  const view = createViewHandler({ root: plan.project, services });
  for (const w of warnings) process.stderr.write(`${w}\n`);
  const limited = new ProjectLimitedTools(tools, { defaultProject: plan.project, cwd: options.cwd });
  let running: RunningHttpServer;
  try {
    running = await startHttpServer({ address: plan.address, info: { name: 'codegraph', version: VERSION }, tools: limited, policy: plan.policy, mount: { prefix: VIEW_PATH, handle: view.handle, close: view.close } });
  } catch (error) {
    view.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL') throw error;
    const why = code === 'EADDRINUSE' ? 'is already in use' : code === 'EACCES' ? 'may not be used by this user' : 'is not an address of this machine';
    process.stderr.write(`codegraph: ${formatHttpAddress(plan.address)} ${why}; choose another with --http-addr HOST:PORT (\`codegraph http list\` shows the codegraph servers running)\n`);
    return 1;
  }
  const address = formatHttpAddress(running.address);
  const url = mcpUrl(running.address);
  const log = options.env['CODEGRAPH_HTTP_LOG_FILE'];
  try {
    registerServer({ pid: process.pid, address, url, project: plan.project ?? null, startedAt: new Date().toISOString(), log: log ?? null, version: VERSION }, options.env);
  } catch (error) {
    process.stderr.write(`codegraph: could not record this server for \`codegraph http list\`: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.stderr.write(`codegraph: serving MCP over streamable HTTP at ${url} (pid ${process.pid}${plan.project === undefined ? ', requests name their projectPath' : `, project ${plan.project}`})\n`);
  if (plan.project !== undefined) process.stderr.write(`codegraph: the view of ${plan.project} is at http://${address}${VIEW_PATH}/\n`);
  const here = plan.project === undefined ? findIndexedProjectUp(options.cwd) : undefined;
  if (here !== undefined) process.stderr.write(`codegraph: started in the indexed project ${here}, which is not the default over HTTP; start with --path ${here} to make it the default\n`);
  const watcher = options.watch ? startWatching({ path: plan.project, cwd: options.cwd, env: options.env, watch: true }, plan.project) : undefined;
  const signal = await stopSignal();
  process.stderr.write(`codegraph: ${signal}: finishing requests in flight, then stopping\n`);
  await running.close();
  await watcher?.stop();
  services.close();
  unregisterServer(process.pid, options.env);
  process.stderr.write('codegraph: stopped\n');
  return 0;
}

/** Resolves with the name of the first SIGTERM, SIGINT or SIGHUP. */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];
    const on = (signal: NodeJS.Signals): void => {
      for (const s of signals) process.off(s, on);
      resolve(signal);
    };
    for (const s of signals) process.on(s, on);
  });
}

function splitList(value: string | undefined): string[] {
  return value === undefined ? [] : value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
