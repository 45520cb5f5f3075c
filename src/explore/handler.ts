import type { ToolHandler } from '../tools/service.js';
import { explore } from './explore.js';

/** codegraph_explore: validates what the schema cannot (a non-blank query) and runs the engine. */
const exploreHandler: ToolHandler = async (args, index) => {
  const query = args['query'];
  if (typeof query !== 'string' || query.trim() === '') {
    return { text: 'Error: query must be a non-empty string (a question, identifiers, a path or path:line)', isError: true };
  }
  const maxFiles = typeof args['maxFiles'] === 'number' ? args['maxFiles'] : undefined;
  const maxChars = typeof args['maxChars'] === 'number' ? args['maxChars'] : undefined;
  const result = await explore(index, query, { maxFiles, maxChars });
  return { text: result.text, json: result.json };
};

/** Handler of codegraph_explore, by short name. */
export const EXPLORE_HANDLERS: Readonly<Record<string, ToolHandler>> = { explore: exploreHandler };
