import type { ToolHandler } from '../service.js';

/** Handlers of the lookup tools (search, node, files, status), by short name. */
export const LOOKUP_HANDLERS: Readonly<Record<string, ToolHandler>> = {};
