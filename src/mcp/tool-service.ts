/**
 * The contract between the MCP dispatcher and whatever serves its tools: the dispatcher lists and
 * calls tools through it and knows nothing else about them.
 */

/** A tool exactly as `tools/list` shows it. */
export interface ListedTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** A JSON Schema object: the tool's arguments. */
  readonly inputSchema: {
    readonly type: 'object';
    readonly properties: Readonly<Record<string, unknown>>;
    readonly required?: readonly string[];
  };
  readonly annotations: Readonly<Record<string, boolean>>;
}

/** What a tool call may use while it runs. */
export interface ToolCallContext {
  readonly signal: AbortSignal;
  /** Sends `notifications/progress` when the caller asked for it; otherwise does nothing. */
  readonly progress: (progress: number, total?: number, message?: string) => void;
}

/** A tool call's outcome as text; `isError` marks bad input or a failed tool. */
export interface ToolResult {
  readonly text: string;
  /** Further text content items, sent after `text` in this order (a note that must not be mixed into data). */
  readonly moreText?: readonly string[];
  readonly isError?: boolean;
}

/** The tools side of the server: listing and calling. Throws ProtocolError for an unknown tool. */
export interface ToolService {
  list(): readonly ListedTool[];
  call(name: string, args: unknown, context: ToolCallContext): Promise<ToolResult>;
  /**
   * Offers the folders `initialize` advertised (`rootUri`, `rootPath`, `workspaceFolders[0]`, as
   * file paths in that order); the service may adopt one as default project when none is known.
   */
  adoptWorkspace?(paths: readonly string[]): Promise<void>;
  /** Offers the client's workspace roots (file paths); the service may adopt one as default project. */
  adoptRoots?(paths: readonly string[]): Promise<void>;
  /** Whether a default project is known (roots are only asked for when it is not). */
  hasDefaultProject?(): boolean;
}
