import { ErrorCode, ProtocolError } from '../jsonrpc/errors.js';
import type { ListedTool, ToolCallContext, ToolResult, ToolService } from '../mcp/tool-service.js';
import type { DefaultProjectResolver } from '../project/default-project.js';
import type { ProjectIndex } from '../project/index-cache.js';
import { ProjectServices } from '../project/project-services.js';
import { damagedIndexGuidance, noDefaultGuidance, notIndexedGuidance, resolveTarget } from '../project/resolve.js';
import { CorruptIndexError } from '../store/index.js';
import { findTool, type ToolDefinition } from './definitions.js';
import { listTools } from './listing.js';
import { validateArgs, type ToolArgs } from './schema.js';
import { visibleText } from './visible-text.js';

/** What a handler returns: the text every client sees, and optionally the same content as data (CLI `--json`). */
export interface ToolOutput extends ToolResult {
  readonly json?: unknown;
}

/** Runs one tool on an indexed project; the arguments are already validated against the tool's schema. */
export type ToolHandler = (args: ToolArgs, index: ProjectIndex, context: ToolCallContext) => Promise<ToolOutput>;

/**
 * Answers a call on behalf of the project at `root` somewhere else (that project's daemon), or
 * resolves undefined to have it answered in this process. `args` name `root` as `projectPath`.
 */
export type ToolForwarder = (root: string, name: string, args: Readonly<Record<string, unknown>>, context: ToolCallContext) => Promise<ToolOutput | undefined>;

/** The progress message of a call that waits for the project's index to catch up with the files. */
export const CATCH_UP_PROGRESS = 'waiting for the index to catch up with changed files';

/** Options for the tool service. */
export interface ToolServiceOptions {
  /** Short names shown by `tools/list`. */
  readonly listed: readonly string[];
  /** Finds the default project (--path, find-up, child scan, initialize, roots) and remembers it. */
  readonly defaultProject: DefaultProjectResolver;
  /** Finds a tool's handler by short name. */
  readonly loadHandler: (short: string) => Promise<ToolHandler>;
  readonly cwd: string;
  /** Open projects shared with other sessions (a daemon's); by default the service owns its own. */
  readonly services?: ProjectServices;
  /** Where calls for a project may be answered instead of here (see `ToolForwarder`). */
  readonly forward?: ToolForwarder;
}

/**
 * The ten tools behind the MCP server: validates arguments against the listed schema, resolves
 * the project, and answers guidance instead of errors when there is no index to query.
 */
export class CodegraphTools implements ToolService {
  private readonly options: ToolServiceOptions;
  private readonly services: ProjectServices;
  private readonly ownsServices: boolean;

  constructor(options: ToolServiceOptions) {
    this.options = options;
    this.ownsServices = options.services === undefined;
    this.services = options.services ?? new ProjectServices();
  }

  list(): readonly ListedTool[] {
    return listTools(this.options.listed, this.hasDefaultProject());
  }

  hasDefaultProject(): boolean {
    return this.options.defaultProject.current() !== undefined;
  }

  async adoptWorkspace(paths: readonly string[]): Promise<void> {
    this.options.defaultProject.offerWorkspace(paths);
  }

  async adoptRoots(paths: readonly string[]): Promise<void> {
    this.options.defaultProject.offerRoots(paths);
  }

  /** Releases every project this service acquired (shared ones stay with their owner). */
  close(): void {
    if (this.ownsServices) this.services.close();
  }

  async call(name: string, rawArgs: unknown, context: ToolCallContext): Promise<ToolOutput> {
    const output = await this.#answer(name, rawArgs, context);
    return { ...output, text: visibleText(output.text) };
  }

  async #answer(name: string, rawArgs: unknown, context: ToolCallContext): Promise<ToolOutput> {
    const def: ToolDefinition | undefined = findTool(name);
    if (def === undefined) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const checked = validateArgs(def.inputSchema, rawArgs);
    if (checked.kind === 'invalid') return { text: `Error: ${checked.message}`, isError: true };
    const projectPath = checked.args['projectPath'];
    const target = resolveTarget(typeof projectPath === 'string' ? projectPath : undefined, this.options.defaultProject.current(), this.options.cwd);
    switch (target.kind) {
      case 'invalid':
        return { text: `Error: ${target.message}`, isError: true };
      case 'no-default':
        return { text: noDefaultGuidance(this.options.defaultProject.candidates()) };
      case 'not-indexed':
        return { text: notIndexedGuidance(target.root) };
      case 'indexed': {
        const forwarded = await this.options.forward?.(target.root, name, { ...checked.args, projectPath: target.root }, context);
        if (forwarded !== undefined) return forwarded;
        const handler = await this.options.loadHandler(def.short);
        let answer: { readonly value: ToolOutput } | undefined;
        try {
          answer = await this.services.use(target.root, (index) => handler(checked.args, index, context), () => context.progress(0, undefined, CATCH_UP_PROGRESS));
        } catch (error) {
          if (error instanceof Error && error.name === 'SchemaError') {
            return { text: `The index at ${target.root} cannot be read by this version: ${error.message}\nRebuild it with \`codegraph index ${target.root}\`.` };
          }
          if (error instanceof CorruptIndexError) {
            return { text: damagedIndexGuidance(target.root, error.reason), isError: true };
          }
          throw error;
        }
        return answer?.value ?? { text: notIndexedGuidance(target.root) };
      }
    }
  }
}
