import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { indexProject } from '../../src/index/sync/index.js';
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
