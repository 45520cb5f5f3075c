/** A command-line mistake: printed as one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The top-level help text. */
export const HELP = `codegraph — code intelligence for AI coding agents (MCP server + CLI)

Usage:
  codegraph init [path] [--quiet] [--json]   build the index in <path>/.codegraph/
  codegraph index [path] [--quiet] [--json]  rebuild the index from nothing
  codegraph sync [path] [--quiet] [--json]   re-index only what changed since the last run
  codegraph watch [path] [--quiet] [--json]  keep the index up to date while files change
  codegraph status [path] [--json]           what the index holds and what changed since
  codegraph unlock [path]                    remove a writer lock left by a dead process
  codegraph uninit [path]                    delete <path>/.codegraph/
  codegraph serve --mcp [-p|--path DIR] [--no-watch] [--watch]
                                             serve the MCP tools over stdio, through the
                                             project's shared daemon, which keeps the index
                                             up to date (--no-watch: catch up once only)
  codegraph serve --http [--http-addr HOST:PORT] [-p|--path DIR] [--detach]
                                             serve the MCP tools over streamable HTTP at
                                             http://HOST:PORT/mcp (default 127.0.0.1:8111)
  codegraph view [-p|--path DIR] [--http-addr HOST:PORT] [--open] [--watch]
                                             the code map, search, neighbourhoods, source and
                                             impact as a page at http://HOST:PORT/view/
                                             (default 127.0.0.1:8112; --open starts a browser;
                                             serve --http also serves it at /view with --path)
  codegraph http list [--json]               the HTTP servers running for this user
  codegraph http stop HOST:PORT              stop one gracefully
  codegraph daemon status [path] [--json]    list the running project daemons (or the one of path)
  codegraph daemon stop [path] [--all]       stop a project's daemon (or every one)
  codegraph <tool> [words...] [--flags] [-p DIR] [--json]
                                             run one query tool: explore, search, node,
                                             callers, callees, impact, files, status,
                                             check, export
  codegraph export [--out FILE] [--no-centrality] [-p DIR]
                                             the whole graph as node-link JSON, to FILE or stdout
  codegraph affected [FILE...] [--since REV] [--depth N] [--json] [-p DIR]
                                             the tests the changed files reach (exit 0: some,
                                             1: none, 2: a mistake)
  codegraph describe [--format json]         print the server's tools and protocol revisions
  codegraph install [--target=AGENT,...] [--global|--local] [--yes] [--prompt-hook]
                  [--force] [--no-verify] [--no-permissions]
                                             register the MCP server with coding agents and
                                             check that it starts (--print-config=AGENT prints
                                             the snippet instead; --force replaces another
                                             tool's codegraph entry)
  codegraph uninstall [--target=AGENT,...] [--global|--local]
                                             remove what install wrote
  codegraph skill update [--target=AGENT,...]
                                             refresh the managed instructions and skill
  codegraph init --target=zed [path]         index, then pin .zed/settings.json to the path
  codegraph prompt-hook [--path DIR]         Claude Code prompt hook (prompt JSON on stdin)
  codegraph --version                        print the version
  codegraph --help                           print this help; codegraph COMMAND --help, one command's

The index commands take their path as an argument or as -p/--path DIR; init and index refuse
the home folder and the file-system root unless --force is given. The project is found
from --path, or from the working directory upward (the nearest folder containing .codegraph/). Environment: CODEGRAPH_MCP_TOOLS=explore,node,search,callers,...
chooses the tools listed by tools/list (all ten stay callable); CODEGRAPH_WATCH_DEBOUNCE_MS
(default 2000) is the longest quiet spell watch waits for before syncing (a lone save: 150 ms); CODEGRAPH_NO_DAEMON=1
serves in the foreground; CODEGRAPH_DAEMON_IDLE_MS (default 300000) is how long a daemon
outlives its last client; CODEGRAPH_MAX_FILE_SIZE (bytes, default 1048576, at most 8388608)
is the largest file indexed, which a repository's config can lower but not raise;
CODEGRAPH_INDEX_DIR (default .codegraph) is the index folder's name. See
docs/cli.md and docs/agents.md.
`;

/**
 * `codegraph COMMAND --help`: the usage entries of HELP that start with that command (both of
 * `init`'s, `daemon status` and `daemon stop`), or undefined when none does (a query tool).
 */
export function commandHelp(command: string): string | undefined {
  const entries: string[][] = [];
  for (const line of HELP.slice(HELP.indexOf('Usage:')).split('\n').slice(1)) {
    if (line.trim() === '') break;
    if (line.startsWith('  codegraph ')) entries.push([line]);
    else entries[entries.length - 1]?.push(line);
  }
  const own = entries.filter((entry) => (entry[0] ?? '').slice('  codegraph '.length).split(' ')[0] === command);
  if (own.length === 0) return undefined;
  return `Usage:\n${own.map((entry) => entry.join('\n')).join('\n')}\n\nRun codegraph --help for every command.\n`;
}
