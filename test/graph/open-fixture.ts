/** Indexes a fixture project once per test file and opens its database the way the server does. */
import { IndexCache, type ProjectIndex } from '../../src/project/index-cache.js';
import { fixtureProject } from '../support/fixture-project.js';

/** An indexed fixture project with its opened index. */
export interface OpenFixture {
  readonly root: string;
  readonly index: ProjectIndex;
  readonly close: () => void;
}

/** Copies `test/fixtures/projects/<name>`, indexes it and opens the index. */
export async function openFixture(name: string, fromUrl: string): Promise<OpenFixture> {
  const project = await fixtureProject(name, fromUrl);
  const cache = new IndexCache();
  const index = await cache.get(project.root);
  if (index === undefined) throw new Error(`fixture ${name} has no index`);
  return {
    root: project.root,
    index,
    close: () => {
      cache.close();
      project.cleanup();
    },
  };
}
