import type { ToolHandler } from './service.js';

type Family = Readonly<Record<string, ToolHandler>>;

/**
 * Where each tool's handler lives. Families load on first use, so a server starts (and answers
 * `initialize` and `tools/list`) without loading the query engine, sql.js or tree-sitter.
 */
const FAMILIES: Readonly<Record<string, () => Promise<Family>>> = {
  search: async () => (await import('./lookup/handlers.js')).LOOKUP_HANDLERS,
  node: async () => (await import('./lookup/handlers.js')).LOOKUP_HANDLERS,
  files: async () => (await import('./lookup/handlers.js')).LOOKUP_HANDLERS,
  status: async () => (await import('./lookup/handlers.js')).LOOKUP_HANDLERS,
  callers: async () => (await import('./graph/handlers.js')).GRAPH_HANDLERS,
  callees: async () => (await import('./graph/handlers.js')).GRAPH_HANDLERS,
  impact: async () => (await import('./graph/handlers.js')).GRAPH_HANDLERS,
  check: async () => (await import('./graph/handlers.js')).GRAPH_HANDLERS,
  export: async () => (await import('./graph/handlers.js')).GRAPH_HANDLERS,
  explore: async () => (await import('./explore/handlers.js')).EXPLORE_HANDLERS,
};

/** The handler of a tool by short name (one of TOOL_DEFINITIONS). */
export async function loadHandler(short: string): Promise<ToolHandler> {
  const handler = (await FAMILIES[short]?.())?.[short];
  if (handler === undefined) throw new Error(`no handler for tool ${short}`);
  return handler;
}
