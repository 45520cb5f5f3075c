import type { ToolHandler } from '../tools/service.js';

/** Handler of codegraph_explore, by short name (absent until the explore engine exists). */
export const EXPLORE_HANDLERS: Readonly<Record<string, ToolHandler>> = {};
