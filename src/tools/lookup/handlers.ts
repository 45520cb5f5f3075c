import type { ToolHandler } from '../service.js';
import { filesHandler } from './files-tool.js';
import { nodeHandler } from './node-tool.js';
import { searchHandler } from './search-tool.js';
import { statusHandler } from './status-tool.js';

/** Handlers of the lookup tools (search, node, files, status), by short name. */
export const LOOKUP_HANDLERS: Readonly<Record<string, ToolHandler>> = {
  search: searchHandler,
  node: nodeHandler,
  files: filesHandler,
  status: statusHandler,
};
