/**
 * The bound on projects one HTTP server answers for. Its requests carry no session, so every
 * client shares the process's tool service and its index cache; the set of projects they have
 * named lasts until the server exits and may not grow past the bound.
 */
import type { ListedTool, ToolCallContext, ToolResult, ToolService } from '../../mcp/tool-service.js';
import { resolveTarget } from '../../project/resolve.js';

/** How many distinct projects one HTTP server answers for. */
export const MAX_HTTP_PROJECTS = 32;

/** Options of the bound. */
export interface ProjectLimitOptions {
  readonly defaultProject: string | undefined;
  readonly cwd: string;
  readonly max?: number;
}

/**
 * A tool service that forwards to `inner` while the projects named by calls stay within the
 * bound; a call naming one more project is answered with a tool error that says what to do.
 */
export class ProjectLimitedTools implements ToolService {
  readonly #inner: ToolService;
  readonly #options: ProjectLimitOptions;
  readonly #projects = new Set<string>();

  constructor(inner: ToolService, options: ProjectLimitOptions) {
    this.#inner = inner;
    this.#options = options;
  }

  /** The projects calls have named so far, in first-use order. */
  get projects(): readonly string[] {
    return [...this.#projects];
  }

  list(): readonly ListedTool[] {
    return this.#inner.list();
  }

  hasDefaultProject(): boolean {
    return this.#inner.hasDefaultProject?.() ?? false;
  }

  async call(name: string, args: unknown, context: ToolCallContext): Promise<ToolResult> {
    const projectPath = args !== null && typeof args === 'object' ? (args as Record<string, unknown>)['projectPath'] : undefined;
    const target = resolveTarget(typeof projectPath === 'string' ? projectPath : undefined, this.#options.defaultProject, this.#options.cwd);
    if (target.kind === 'indexed' && !this.#projects.has(target.root)) {
      const max = this.#options.max ?? MAX_HTTP_PROJECTS;
      if (this.#projects.size >= max) {
        return {
          text: `Error: this HTTP server already answers for ${max} projects, the most one server keeps; ${target.root} is not one of them. Start another server for it (\`codegraph serve --http --detach --path ${target.root} --http-addr 127.0.0.1:PORT\`).`,
          isError: true,
        };
      }
      this.#projects.add(target.root);
    }
    return this.#inner.call(name, args, context);
  }
}
