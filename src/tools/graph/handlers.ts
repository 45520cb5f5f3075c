import type { ToolHandler } from '../service.js';

/** Handlers of the graph tools (callers, callees, impact, check, export), by short name. */
export const GRAPH_HANDLERS: Readonly<Record<string, ToolHandler>> = {};
