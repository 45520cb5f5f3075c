/** codegraph_explore as a tool: the engine run over a project on disk. */
import { explore, hasIndexData, type ExploreOptions, type ExploreResult } from '../../explore/index.js';
import type { ProjectIndex } from '../../project/index-cache.js';
import type { ToolHandler } from '../service.js';
import { projectSource } from './project-source.js';

/** Answers `query` from `index`, reading the project's current source from disk. */
export async function exploreProject(index: ProjectIndex, query: string, options: ExploreOptions = {}): Promise<ExploreResult> {
  return explore({ store: index.store, source: projectSource(index) }, query, options);
}

/** The progress message of the first explore of an index, which builds the engine's per-index data first. */
export const COLD_EXPLORE_MESSAGE = 'building the explore index (first explore of this index)';

/**
 * codegraph_explore: validates what the schema cannot (a non-blank query) and runs the engine.
 * On an index explore has not seen yet it reports progress first, since building the per-index
 * data takes seconds on a large project.
 */
export const exploreHandler: ToolHandler = async (args, index, context) => {
  const query = args['query'];
  if (typeof query !== 'string' || query.trim() === '') {
    return { text: 'Error: query must be a non-empty string (a question, identifiers, a path or path:line)', isError: true };
  }
  const maxFiles = typeof args['maxFiles'] === 'number' ? args['maxFiles'] : undefined;
  const maxChars = typeof args['maxChars'] === 'number' ? args['maxChars'] : undefined;
  if (!hasIndexData(index.store)) {
    context.progress(0, 1, COLD_EXPLORE_MESSAGE);
    // A turn of the event loop lets the notification leave before the synchronous build starts.
    await new Promise(setImmediate);
  }
  const result = await exploreProject(index, query, { maxFiles, maxChars });
  return { text: result.text, json: result.json };
};
