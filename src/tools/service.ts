import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { ToolCallContext, ToolResult, ToolService } from '../mcp/server.js';
import { findIndexedProjectUp, isIndexed, noDefaultGuidance, notIndexedGuidance, resolveTarget } from '../project/resolve.js';
import { findTool, type ToolDefinition } from './definitions.js';
import { listTools, type ListedTool } from './listing.js';
import { validateArgs, type ToolArgs } from './schema.js';

/** Runs one tool on an indexed project; the arguments are already validated. */
export type ToolHandler = (args: ToolArgs, projectRoot: string, context: ToolCallContext) => Promise<ToolResult>;

/** Options for the tool service. */
export interface ToolServiceOptions {
  /** Short names shown by `tools/list`. */
  readonly listed: readonly string[];
  /** The project pinned by --path or found from the working directory. */
  readonly defaultProject: string | undefined;
  /** Handlers by short name; a tool without one answers that it is not available yet. */
  readonly handlers: Readonly<Record<string, ToolHandler>>;
  readonly cwd: string;
}

/**
 * The ten tools behind the MCP server: validates arguments against the listed schema, resolves
 * the project, and answers guidance instead of errors when there is no index to query.
 */
export class CodegraphTools implements ToolService {
  private readonly options: ToolServiceOptions;
  private defaultProject: string | undefined;

  constructor(options: ToolServiceOptions) {
    this.options = options;
    this.defaultProject = options.defaultProject;
  }

  list(): readonly ListedTool[] {
    return listTools(this.options.listed, this.defaultProject !== undefined);
  }

  hasDefaultProject(): boolean {
    return this.defaultProject !== undefined;
  }

  async adoptRoots(paths: readonly string[]): Promise<void> {
    if (this.defaultProject !== undefined) return;
    for (const path of paths) {
      const root = isIndexed(path) ? path : findIndexedProjectUp(path);
      if (root !== undefined) {
        this.defaultProject = root;
        return;
      }
    }
  }

  async call(name: string, rawArgs: unknown, context: ToolCallContext): Promise<ToolResult> {
    const def: ToolDefinition | undefined = findTool(name);
    if (def === undefined) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const checked = validateArgs(def.inputSchema, rawArgs);
    if (checked.kind === 'invalid') return { text: `Error: ${checked.message}`, isError: true };
    const projectPath = checked.args['projectPath'];
    const target = resolveTarget(typeof projectPath === 'string' ? projectPath : undefined, this.defaultProject, this.options.cwd);
    switch (target.kind) {
      case 'invalid':
        return { text: `Error: ${target.message}`, isError: true };
      case 'no-default':
        return { text: noDefaultGuidance() };
      case 'not-indexed':
        return { text: notIndexedGuidance(target.root) };
      case 'indexed': {
        const handler = this.options.handlers[def.short];
        if (handler === undefined) {
          return {
            text: `${def.name} is not available yet in this version of codegraph: its query engine has not been built. The index at ${target.root} exists; nothing was read.`,
            isError: true,
          };
        }
        return handler(checked.args, target.root, context);
      }
    }
  }
}
