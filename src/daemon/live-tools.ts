/**
 * The tool service of a live project: the shared tools, with the watcher's health on top. Every
 * answer starts with the RECOVERING / DISABLED warning while the watcher is unhealthy, and
 * `codegraph_status` ends with the `Auto-sync:` line in every state.
 */
import type { ListedTool, ToolCallContext, ToolResult, ToolService } from '../mcp/tool-service.js';

/** What the live tools ask about the watcher. */
export interface AutoSyncReport {
  /** The `Auto-sync:` value. */
  describe(): string;
  /** The warning line, or undefined when healthy. */
  banner(): string | undefined;
}

/** The status tool's wire name. */
const STATUS_TOOL = 'codegraph_status';

/** Wraps `inner`, adding the health banner and the `Auto-sync:` line. */
export class LiveTools implements ToolService {
  readonly #make: () => ToolService;
  #inner: ToolService | undefined;
  readonly #health: AutoSyncReport;

  /** `inner` is made on first use (a daemon session's tools depend on its `hello`). */
  constructor(inner: ToolService | (() => ToolService), health: AutoSyncReport) {
    this.#make = typeof inner === 'function' ? inner : () => inner;
    this.#health = health;
  }

  get #tools(): ToolService {
    this.#inner ??= this.#make();
    return this.#inner;
  }

  list(): readonly ListedTool[] {
    return this.#tools.list();
  }

  hasDefaultProject(): boolean {
    return this.#tools.hasDefaultProject?.() ?? false;
  }

  async adoptWorkspace(paths: readonly string[]): Promise<void> {
    await this.#tools.adoptWorkspace?.(paths);
  }

  async adoptRoots(paths: readonly string[]): Promise<void> {
    await this.#tools.adoptRoots?.(paths);
  }

  async call(name: string, args: unknown, context: ToolCallContext): Promise<ToolResult> {
    const result = await this.#tools.call(name, args, context);
    let text = result.text;
    if (name === STATUS_TOOL && result.isError !== true) text = `${text}${text.endsWith('\n') ? '' : '\n'}Auto-sync: ${this.#health.describe()}\n`;
    const banner = this.#health.banner();
    if (banner !== undefined) text = `${banner}\n\n${text}`;
    return { ...result, text };
  }
}
