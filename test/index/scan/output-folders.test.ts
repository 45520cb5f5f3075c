import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_CONFIG } from '../../../src/index/scan/config.js';
import { skippedOutputFolders } from '../../../src/index/scan/output-folders.js';

function languageOf(relPath: string): string | undefined {
  return /\.(js|ts)$/.test(relPath) ? 'javascript' : undefined;
}

async function tree(files: readonly string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'codegraph-output-'));
  for (const path of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), path === '.gitignore' ? '/dist\n' : '');
  }
  return root;
}

test('counts source files in root build folders, deep, and nothing else', async () => {
  const root = await tree(['index.js', 'build/a.js', 'build/lib/b.ts', 'build/README.md', 'out/c.js', 'src/build/d.js', 'lib/e.js']);
  try {
    assert.deepEqual((await skippedOutputFolders(root, DEFAULT_CONFIG, languageOf)), [
      { folder: 'build', sourceFiles: 2, capped: false },
      { folder: 'out', sourceFiles: 1, capped: false },
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('leaves out a folder the project ignores or names in its include globs', async () => {
  const root = await tree(['.gitignore', 'dist/a.js', 'build/b.js', 'out/c.js']);
  try {
    const config = { ...DEFAULT_CONFIG, include: ['**', 'build/**'] };
    assert.deepEqual(await skippedOutputFolders(root, config, languageOf), [{ folder: 'out', sourceFiles: 1, capped: false }]);
    const noGitignore = { ...DEFAULT_CONFIG, respectGitignore: false };
    assert.deepEqual((await skippedOutputFolders(root, noGitignore, languageOf)).map((s) => s.folder), ['build', 'dist', 'out']);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('leaves out a folder .git/info/exclude ignores', async () => {
  const root = await tree(['build/a.js', 'out/b.js', '.git/info/keep']);
  try {
    await writeFile(join(root, '.git', 'info', 'exclude'), '# local\n/build/\n');
    assert.deepEqual((await skippedOutputFolders(root, DEFAULT_CONFIG, languageOf)).map((s) => s.folder), ['out']);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
