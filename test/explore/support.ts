/** Helpers for explore tests: indexed fixture projects and generated ones, opened for queries. */
import { indexData, type IndexData } from '../../src/explore/data/index-data.js';
import { IndexCache, type ProjectIndex } from '../../src/project/index-cache.js';
import { fixtureProject, generatedProject } from '../support/fixture-project.js';

/** An indexed project opened for queries. */
export interface OpenProject {
  readonly root: string;
  readonly index: ProjectIndex;
  readonly cache: IndexCache;
  readonly close: () => void;
}

/** Copies, indexes and opens `test/fixtures/projects/<name>`. */
export async function openFixture(name: string, fromUrl: string): Promise<OpenProject> {
  const project = await fixtureProject(name, fromUrl);
  return open(project.root, project.cleanup);
}

/** Writes `files` (project-relative path -> text) to a temporary folder, indexes and opens it. */
export async function openGenerated(files: Readonly<Record<string, string>>): Promise<OpenProject> {
  const project = await generatedProject(files);
  return open(project.root, project.cleanup);
}

/** Indexes `files` as `openGenerated` does, runs `fn` on the index's explore data, and closes it. */
export async function withGeneratedData<T>(files: Readonly<Record<string, string>>, fn: (data: IndexData) => T | Promise<T>): Promise<T> {
  const generated = await openGenerated(files);
  try {
    return await fn(indexData(generated.index.store));
  } finally {
    generated.close();
  }
}

async function open(root: string, cleanup: () => void): Promise<OpenProject> {
  const cache = new IndexCache();
  const index = await cache.get(root);
  if (index === undefined) throw new Error(`no index at ${root}`);
  return {
    root,
    index,
    cache,
    close: () => {
      cache.close();
      cleanup();
    },
  };
}

/** A hub function with `callers` direct callers in separate files and no tests. */
export function hubProject(callers: number): Record<string, string> {
  const files: Record<string, string> = { 'src/hub.ts': 'export function hubValue(): number {\n  return 42;\n}\n' };
  for (let i = 0; i < callers; i++) {
    files[`src/callers/caller${i}.ts`] = `import { hubValue } from '../hub.js';\n\nexport function useHub${i}(): number {\n  return hubValue() + ${i};\n}\n`;
  }
  return files;
}
