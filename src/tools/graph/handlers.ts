import type { ToolHandler } from '../service.js';
import { calleesHandler, callersHandler } from './callers.js';
import { checkHandler } from './check.js';
import { exportHandler } from './export.js';
import { impactHandler } from './impact.js';

/** Handlers of the graph tools (callers, callees, impact, check, export), by short name. */
export const GRAPH_HANDLERS: Readonly<Record<string, ToolHandler>> = {
  callers: callersHandler,
  callees: calleesHandler,
  impact: impactHandler,
  check: checkHandler,
  export: exportHandler,
};
