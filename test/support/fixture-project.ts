import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { indexProject } from '../../src/index/sync/index.js';
import { IndexCache, type ProjectIndex } from '../../src/project/index-cache.js';
import { fixturesDir } from './golden.js';

/** A fixture project copied to a temporary folder (and indexed, when asked). */
export interface FixtureProject {
  readonly root: string;
  readonly cleanup: () => void;
}

/**
 * Copies `test/fixtures/projects/<name>` into a fresh temporary folder so a test can index and
 * edit it freely; `index` builds `.codegraph/` there with the real indexer.
 */
export async function fixtureProject(name: string, fromUrl: string, options: { index?: boolean } = {}): Promise<FixtureProject> {
  const root = mkdtempSync(join(tmpdir(), `codegraph-${name}-`));
  cpSync(join(fixturesDir(fromUrl), 'projects', name), root, { recursive: true });
  if (options.index !== false) await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Writes `files` (project-relative path -> text) to a fresh temporary folder and indexes it with
 * the real indexer: a project made for one test.
 */
export async function generatedProject(files: Readonly<Record<string, string>>): Promise<FixtureProject> {
  const root = mkdtempSync(join(tmpdir(), 'codegraph-generated-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** An indexed project opened the way the tool service opens an index. */
export interface OpenedProject {
  readonly root: string;
  readonly index: ProjectIndex;
  /** Closes the index and removes the folder. */
  readonly close: () => void;
}

/** Opens the index of `project` (already indexed) through an IndexCache. */
export async function openIndexed(project: FixtureProject): Promise<OpenedProject> {
  const cache = new IndexCache();
  const index = await cache.get(project.root);
  if (index === undefined) throw new Error(`no index at ${project.root}`);
  return {
    root: project.root,
    index,
    close: () => {
      cache.close();
      project.cleanup();
    },
  };
}

/** `generatedProject(files)`, opened. */
export async function openGeneratedProject(files: Readonly<Record<string, string>>): Promise<OpenedProject> {
  return openIndexed(await generatedProject(files));
}
