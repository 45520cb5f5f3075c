import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexProject } from '../../src/index/sync.js';
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
