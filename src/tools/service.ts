import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { ListedTool, ToolCallContext, ToolResult, ToolService } from '../mcp/tool-service.js';
import type { IndexCache, ProjectIndex } from '../project/index-cache.js';
import { findIndexedProjectUp, isIndexed, noDefaultGuidance, notIndexedGuidance, resolveTarget } from '../project/resolve.js';
import { findTool, type ToolDefinition } from './definitions.js';
import { listTools } from './listing.js';
import { validateArgs, type ToolArgs } from './schema.js';

/** What a handler returns: the text every client sees, and optionally the same content as data (CLI `--json`). */
export interface ToolOutput extends ToolResult {
  readonly json?: unknown;
}

/** Runs one tool on an indexed project; the arguments are already validated against the tool's schema. */
export type ToolHandler = (args: ToolArgs, index: ProjectIndex, context: ToolCallContext) => Promise<ToolOutput>;

/** Options for the tool service. */
export interface ToolServiceOptions {
  /** Short names shown by `tools/list`. */
  readonly listed: readonly string[];
  /** The project pinned by --path or found from the working directory. */
  readonly defaultProject: string | undefined;
  /** Finds a tool's handler by short name. */
  readonly loadHandler: (short: string) => Promise<ToolHandler>;
  readonly cwd: string;
  /** An index cache shared with other services (one per daemon); by default each service makes its own. */
  readonly cache?: IndexCache;
}

/**
 * The ten tools behind the MCP server: validates arguments against the listed schema, resolves
 * the project, and answers guidance instead of errors when there is no index to query.
 */
export class CodegraphTools implements ToolService {
  private readonly options: ToolServiceOptions;
  private defaultProject: string | undefined;
  private cache: IndexCache | undefined;

  constructor(options: ToolServiceOptions) {
    this.options = options;
    this.defaultProject = options.defaultProject;
    this.cache = options.cache;
  }

  /** The index cache, created on the first query (loading sql.js only then). */
  private async indexCache(): Promise<IndexCache> {
    if (this.cache === undefined) {
      const { IndexCache: Cache } = await import('../project/index-cache.js');
      this.cache ??= new Cache();
    }
    return this.cache;
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

  async call(name: string, rawArgs: unknown, context: ToolCallContext): Promise<ToolOutput> {
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
        const handler = await this.options.loadHandler(def.short);
        let index: ProjectIndex | undefined;
        try {
          index = await (await this.indexCache()).get(target.root);
        } catch (error) {
          if (error instanceof Error && error.name === 'SchemaError') {
            return { text: `The index at ${target.root} cannot be read by this version: ${error.message}\nRebuild it with \`codegraph index ${target.root}\`.` };
          }
          throw error;
        }
        if (index === undefined) return { text: notIndexedGuidance(target.root) };
        return handler(checked.args, index, context);
      }
    }
  }
}
