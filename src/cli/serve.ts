import { McpServer } from '../mcp/server.js';
import type { ToolService } from '../mcp/tool-service.js';
import { DefaultProjectResolver } from '../project/default-project.js';
import type { ProjectServices } from '../project/project-services.js';
import { ambiguityLines, isBroadRoot, isIndexed } from '../project/resolve.js';
import { selectListed } from '../tools/listing.js';
import { CodegraphTools, type ToolForwarder } from '../tools/service.js';
import { loadHandler } from '../tools/handlers.js';
import { LiveTools } from '../daemon/live-tools.js';
import { serveLines } from '../transport/stdio.js';
import { VERSION } from '../version.js';

/** Options of `codegraph serve`. */
export interface ServeOptions {
  readonly path: string | undefined;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Keep the default project's index up to date in this process (`--watch`, foreground only). */
  readonly watch?: boolean;
  /** Keep only the first catch-up sync in the project's daemon (`--no-watch`). */
  readonly noWatch?: boolean;
}

/**
 * The default-project resolver of a stdio server: `--path` pins, else find-up, child scan,
 * initialize and roots. Several indexed projects found below the launch folder are listed on
 * stderr (here and whenever the list changes).
 */
export function stdioDefaultProject(options: Pick<ServeOptions, 'path' | 'cwd'>): DefaultProjectResolver {
  return new DefaultProjectResolver({
    cwd: options.cwd,
    ...(options.path !== undefined ? { pinned: options.path } : {}),
    onAmbiguous: (candidates) => {
      for (const line of ambiguityLines(candidates)) process.stderr.write(`codegraph: ${line}\n`);
    },
  });
}

/**
 * Builds the MCP server of a foreground process. `autoSync` is the `Auto-sync:` value
 * `codegraph_status` reports for this process.
 */
export function createServer(options: ServeOptions, autoSync = 'not running (no daemon)', resolver?: DefaultProjectResolver, shared: SharedServices = {}): { server: McpServer; warnings: string[]; defaultProject: DefaultProjectResolver } {
  const defaultProject = resolver ?? stdioDefaultProject(options);
  defaultProject.current();
  const { tools, warnings } = createTools(defaultProject, options, shared);
  const live: ToolService = new LiveTools(tools, { describe: () => autoSync, banner: () => undefined });
  return { server: new McpServer({ name: 'codegraph', version: VERSION }, live), warnings, defaultProject };
}

/** What the sessions of one process share: open projects (a daemon's) and where other projects are answered. */
export interface SharedServices {
  /** Open projects shared between sessions; by default each tool service owns its own. */
  readonly services?: ProjectServices;
  /** Answers calls for other projects through their daemons. */
  readonly forward?: ToolForwarder;
}

/**
 * The tool service of a server whose default project `defaultProject` resolves, with the tools
 * CODEGRAPH_MCP_TOOLS lists, and a warning per unknown name in it.
 */
export function createTools(defaultProject: DefaultProjectResolver, options: Pick<ServeOptions, 'cwd' | 'env'>, shared: SharedServices = {}): { tools: CodegraphTools; warnings: string[] } {
  const selection = selectListed(options.env['CODEGRAPH_MCP_TOOLS']);
  const tools = new CodegraphTools({ listed: selection.shortNames, defaultProject, loadHandler, cwd: options.cwd, ...shared });
  return { tools, warnings: toolWarnings(options.env) };
}

/** A warning per unknown tool name in CODEGRAPH_MCP_TOOLS. */
export function toolWarnings(env: NodeJS.ProcessEnv): string[] {
  return selectListed(env['CODEGRAPH_MCP_TOOLS']).unknown.map(
    (name) => `codegraph: CODEGRAPH_MCP_TOOLS names an unknown tool "${name}" (known: explore, node, search, callers, callees, impact, status, files, check, export); ignored`,
  );
}

/**
 * Serves MCP over this process's stdin/stdout until stdin ends: through the project's shared
 * daemon when the default project is indexed (and not the home folder or `/`), else here.
 */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const resolver = stdioDefaultProject(options);
  const root = resolver.current();
  if (root !== undefined && isIndexed(root) && !isBroadRoot(root)) {
    const { serveThroughDaemon } = await import('./serve-daemon.js');
    if (await serveThroughDaemon(root, options)) return;
    await serveForeground(options, { resolver, local: root });
    return;
  }
  await serveForeground(options, { resolver });
}

/** How a foreground server runs. */
export interface ForegroundOptions {
  /** The `Auto-sync:` value `codegraph_status` reports. */
  readonly autoSync?: string;
  readonly resolver?: DefaultProjectResolver;
  /** A project answered here even though it is indexed (its daemon could not start). */
  readonly local?: string;
}

/**
 * Serves MCP in this process, with the in-process watcher when `--watch` asked for it; other
 * projects that calls name are answered by their daemons.
 */
export async function serveForeground(options: ServeOptions, foreground: ForegroundOptions = {}): Promise<void> {
  const { autoSync, resolver, local } = foreground;
  const defaultProject = resolver ?? stdioDefaultProject(options);
  const watcher = options.watch === true ? startWatching(options, defaultProject.current()) : undefined;
  // Projects named by `projectPath` are served by their own daemons, unless daemons are off.
  const forwarder = options.env['CODEGRAPH_NO_DAEMON'] === '1' ? undefined : new (await import('../daemon/forward.js')).DaemonForwarder({ env: options.env, cwd: options.cwd, ...(local !== undefined ? { ownRoot: local } : {}) });
  const shared = forwarder !== undefined ? { forward: forwarder.forward } : {};
  const { server, warnings } = createServer(options, autoSync ?? (watcher !== undefined ? 'watching in this process (--watch)' : undefined), defaultProject, shared);
  for (const w of warnings) process.stderr.write(`${w}\n`);
  try {
    await serveLines({
      input: process.stdin,
      output: process.stdout,
      onMessage: (incoming, peer) => server.handle(incoming, peer),
    });
  } finally {
    server.abortAll();
    forwarder?.close();
    await watcher?.stop();
  }
}
/**
 * Watches the default project beside the server: its syncs replace the database file, which the
 * tools' index cache notices and reloads. Only an existing index is watched (never the home
 * folder or the file-system root, which an editor may launch the server in); problems are
 * reported on stderr and never stop the server.
 */
export function startWatching(options: ServeOptions, root: string | undefined): { stop: () => Promise<void> } | undefined {
  const say = (line: string): boolean => process.stderr.write(`codegraph: ${line}\n`);
  if (root === undefined || !isIndexed(root)) {
    say('--watch: no indexed project to watch (run `codegraph init` in the project, or pass --path); serving without it');
    return undefined;
  }
  if (isBroadRoot(root)) {
    say(`--watch: not watching ${root} (the home folder or the file-system root); pass --path to a project`);
    return undefined;
  }
  const controller = new AbortController();
  const done = (async () => {
    const { watchProject } = await import('../index/watch.js');
    const { debounceFrom } = await import('./watch-command.js');
    await watchProject({
      root,
      debounceMs: debounceFrom(options.env),
      signal: controller.signal,
      onEvent: (event) => {
        if (event.kind === 'failed') say(`--watch: sync failed: ${event.error instanceof Error ? event.error.message : String(event.error)}`);
      },
    });
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) say(`--watch stopped: ${error instanceof Error ? error.message : String(error)}`);
  });
  return {
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}
