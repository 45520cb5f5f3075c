/** A copied, indexed fixture project opened the way the tool service opens it, for lookup tool tests. */
import { indexProject } from '../../../src/index/sync/index.js';
import { IndexCache } from '../../../src/project/index-cache.js';
import type { ProjectIndex } from '../../../src/project/index-cache.js';
import type { ToolOutput } from '../../../src/tools/service.js';
import { LOOKUP_HANDLERS } from '../../../src/tools/lookup/handlers.js';
import { fixtureProject } from '../../support/fixture-project.js';

/** An indexed copy of a fixture and a way to call the lookup tools on it. */
export interface LookupProject {
  readonly root: string;
  readonly index: ProjectIndex;
  call(tool: string, args?: Record<string, string | number | boolean>): Promise<ToolOutput>;
  close(): void;
}

/**
 * Copies fixture `name`, lets `prepare` add or change files before indexing, indexes it and opens
 * the index through an IndexCache.
 */
export async function openProject(name: string, prepare?: (root: string) => void): Promise<LookupProject> {
  const copy = await fixtureProject(name, import.meta.url, { index: false });
  prepare?.(copy.root);
  await indexProject({ root: copy.root, mode: 'full', command: 'test', workers: 1 });
  const cache = new IndexCache();
  const index = await cache.get(copy.root);
  if (index === undefined) throw new Error(`no index at ${copy.root}`);
  const context = { signal: new AbortController().signal, progress: () => {} };
  return {
    root: copy.root,
    index,
    async call(tool, args = {}) {
      const handler = LOOKUP_HANDLERS[tool];
      if (handler === undefined) throw new Error(`no lookup handler ${tool}`);
      return handler(args, index, context);
    },
    close() {
      cache.close();
      copy.cleanup();
    },
  };
}

/** `text` with the temporary project root replaced by `<root>`, so goldens do not depend on it. */
export function withoutRoot(text: string, root: string): string {
  return text.split(root).join('<root>');
}
