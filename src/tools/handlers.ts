import type { ToolHandler } from './service.js';

/**
 * Handlers by short tool name. A tool missing here answers plainly that it is not available yet;
 * handlers are added as the query engine grows.
 */
export const TOOL_HANDLERS: Readonly<Record<string, ToolHandler>> = {};
