import { resolve } from 'node:path';
import { McpServer } from '../mcp/server.js';
import { findIndexedProjectUp } from '../project/resolve.js';
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
}

/** Builds the MCP server for a process: default project, listed tools, handlers. */
export function createServer(options: ServeOptions): { server: McpServer; warnings: string[] } {
  const selection = selectListed(options.env['CODEGRAPH_MCP_TOOLS']);
  const warnings = selection.unknown.map(
    (name) => `codegraph: CODEGRAPH_MCP_TOOLS names an unknown tool "${name}" (known: explore, node, search, callers, callees, impact, status, files, check, export); ignored`,
  );
  const defaultProject = options.path !== undefined ? resolve(options.cwd, options.path) : findIndexedProjectUp(options.cwd);
  const tools = new CodegraphTools({ listed: selection.shortNames, defaultProject, loadHandler, cwd: options.cwd });
  return { server: new McpServer({ name: 'codegraph', version: VERSION }, tools), warnings };
}

/** Serves MCP over this process's stdin/stdout until stdin ends. */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const { server, warnings } = createServer(options);
  for (const w of warnings) process.stderr.write(`${w}\n`);
  await serveLines({
    input: process.stdin,
    output: process.stdout,
    onMessage: (incoming, peer) => server.handle(incoming, peer),
  });
  server.abortAll();
}
