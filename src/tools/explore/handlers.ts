import type { ToolHandler } from '../service.js';
import { exploreHandler } from './explore-tool.js';

/** Handler of codegraph_explore, by short name. */
export const EXPLORE_HANDLERS: Readonly<Record<string, ToolHandler>> = { explore: exploreHandler };
