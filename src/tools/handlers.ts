import { EXPLORE_HANDLERS } from '../explore/handler.js';
import { GRAPH_HANDLERS } from './graph/handlers.js';
import { LOOKUP_HANDLERS } from './lookup/handlers.js';
import type { ToolHandler } from './service.js';

/**
 * Handlers by short tool name. A tool missing here answers plainly that it is not available yet.
 */
export const TOOL_HANDLERS: Readonly<Record<string, ToolHandler>> = {
  ...LOOKUP_HANDLERS,
  ...GRAPH_HANDLERS,
  ...EXPLORE_HANDLERS,
};
