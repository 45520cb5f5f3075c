/** A command-line mistake: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The top-level help text. */
export const HELP = `codegraph — code intelligence for AI coding agents (MCP server + CLI)

Usage:
  codegraph serve --mcp [-p|--path DIR]      serve the MCP tools over stdio
  codegraph describe [--format json]         print the server's tools and protocol revisions
  codegraph --version                        print the version
  codegraph --help                           print this help

The project is found from --path, or from the working directory upward (the nearest folder
containing .codegraph/). Environment: CODEGRAPH_MCP_TOOLS=explore,node,search,callers,...
chooses the tools listed by tools/list (all ten stay callable).
`;
