import { McpServer } from '../mcp/server.js';
import { DefaultProjectResolver } from '../project/default-project.js';
import { ambiguityLines, isBroadRoot, isIndexed } from '../project/resolve.js';
import { selectListed } from '../tools/listing.js';
import { CodegraphTools } from '../tools/service.js';
import { loadHandler } from '../tools/handlers.js';
import { serveLines } from '../transport/stdio.js';
import { VERSION } from '../version.js';

/** Options of `codegraph serve`. */
export interface ServeOptions {
  readonly path: string | undefined;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Keep the default project's index up to date while serving (`--watch`). */
  readonly watch?: boolean;
}

/**
 * Builds the MCP server for a process: default project, listed tools, handlers. Several indexed
 * projects found below the launch folder are listed on stderr (here and whenever the list changes).
 */
export function createServer(options: ServeOptions): { server: McpServer; warnings: string[]; defaultProject: DefaultProjectResolver } {
  const defaultProject = new DefaultProjectResolver({
    cwd: options.cwd,
    ...(options.path !== undefined ? { pinned: options.path } : {}),
    onAmbiguous: (candidates) => {
      for (const line of ambiguityLines(candidates)) process.stderr.write(`codegraph: ${line}\n`);
    },
  });
  defaultProject.current();
  const { tools, warnings } = createTools(defaultProject, options);
  return { server: new McpServer({ name: 'codegraph', version: VERSION }, tools), warnings, defaultProject };
}

/**
 * The tool service of a server whose default project `defaultProject` resolves, with the tools
 * CODEGRAPH_MCP_TOOLS lists, and a warning per unknown name in it.
 */
export function createTools(defaultProject: DefaultProjectResolver, options: Pick<ServeOptions, 'cwd' | 'env'>): { tools: CodegraphTools; warnings: string[] } {  const selection = selectListed(options.env['CODEGRAPH_MCP_TOOLS']);
  const warnings = selection.unknown.map(
    (name) => `codegraph: CODEGRAPH_MCP_TOOLS names an unknown tool "${name}" (known: explore, node, search, callers, callees, impact, status, files, check, export); ignored`,
  );
  const tools = new CodegraphTools({ listed: selection.shortNames, defaultProject, loadHandler, cwd: options.cwd });
  return { tools, warnings };}

/** Serves MCP over this process's stdin/stdout until stdin ends. */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const { server, warnings, defaultProject } = createServer(options);
  for (const w of warnings) process.stderr.write(`${w}\n`);
  const watcher = options.watch === true ? startWatching(options, defaultProject.current()) : undefined;
  try {
    await serveLines({
      input: process.stdin,
      output: process.stdout,
      onMessage: (incoming, peer) => server.handle(incoming, peer),
    });
  } finally {
    server.abortAll();
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
