/**
 * The call flow block: paths that tie (as many named symbols, as many hops) come in the order of
 * where their symbols are, so a fresh index and one a sync renumbered answer alike.
 */
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { indexProject } from '../../../src/index/sync/index.js';
import { IndexCache } from '../../../src/project/index-cache.js';
import { exploreProject } from '../../../src/tools/explore/explore-tool.js';
import { generatedProject } from '../../support/fixture-project.js';

/** The flow lines explore answers `query` with on the index of `root` as it is now. */
async function flowLines(root: string, query: string): Promise<string[]> {
  const cache = new IndexCache();
  try {
    const index = await cache.get(root);
    assert.ok(index !== undefined);
    return (await exploreProject(index, query)).text.split('\n').filter((l) => l.startsWith('- `start` (') && l.includes(' → '));
  } finally {
    cache.close();
  }
}

test('tied call paths are listed by where their symbols are, before and after a sync gives a file new rows', async () => {
  const project = await generatedProject({
    'src/app.ts': "import { left } from './left';\nimport { right } from './right';\nexport function start() {\n  right();\n  left();\n}\n",
    'src/left.ts': 'export function left() {\n  return 1;\n}\n',
    'src/right.ts': 'export function right() {\n  return 2;\n}\n',
  });
  try {
    const expected = ['- `start` (src/app.ts:3) → `left` (src/left.ts:1)', '- `start` (src/app.ts:3) → `right` (src/right.ts:1)'];
    assert.deepEqual(await flowLines(project.root, 'start left right'), expected);
    // The edited file's symbols are stored anew, after the others.
    appendFileSync(join(project.root, 'src/left.ts'), '// edited\n');
    await indexProject({ root: project.root, mode: 'incremental', command: 'test', workers: 1 });
    assert.deepEqual(await flowLines(project.root, 'start left right'), expected);
  } finally {
    project.cleanup();
  }
});
