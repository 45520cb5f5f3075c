import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { access, chmod, constants, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import type { ProjectConfig } from '../../../src/index/scan/config.js';
import { DEFAULT_CONFIG } from '../../../src/index/scan/config.js';
import type { ScanResult } from '../../../src/index/scan/walk.js';
import { scanProject } from '../../../src/index/scan/walk.js';

const LANGUAGES: Readonly<Record<string, string>> = { ts: 'typescript', js: 'javascript', py: 'python' };

function languageOf(relPath: string): string | undefined {
  const dot = relPath.lastIndexOf('.');
  return dot === -1 ? undefined : LANGUAGES[relPath.slice(dot + 1)];
}

/** Creates `files` (path → content) under a fresh temp dir, runs `body`, then removes the tree. */
async function withTree(files: Readonly<Record<string, string>>, body: (root: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'codegraph-walk-'));
  try {
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    await body(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function scan(root: string, config: Partial<ProjectConfig> = {}): Promise<ScanResult> {
  return scanProject(root, { config: { ...DEFAULT_CONFIG, ...config }, languageOf });
}

function paths(result: ScanResult): string[] {
  return result.files.map((file) => file.path);
}

test('scanProject returns files sorted by path with size, mtime and language', async () => {
  await withTree({ 'b.ts': 'x', 'a/z.py': 'abc', 'a/B.js': '', 'A.ts': '' }, async (root) => {
    const result = await scan(root);
    assert.deepEqual(paths(result), ['A.ts', 'a/B.js', 'a/z.py', 'b.ts']);
    const z = result.files[2]!;
    assert.deepEqual([z.size, z.language, z.mtimeMs > 0], [3, 'python', true]);
  });
});

test('scanProject ignores files of unknown language without diagnostics', async () => {
  await withTree({ 'a.ts': '', 'README.md': '', 'Makefile': '' }, async (root) => {
    const result = await scan(root);
    assert.deepEqual([paths(result), result.skipped], [['a.ts'], []]);
  });
});

test('scanProject applies nested .gitignore files relative to their directory', async () => {
  const tree = {
    '.gitignore': '*.gen.ts\n',
    'x.gen.ts': '',
    'pkg/.gitignore': '/local.ts\n!keep.gen.ts\n',
    'pkg/local.ts': '',
    'pkg/keep.gen.ts': '',
    'pkg/deep/local.ts': '',
    'local.ts': '',
  };
  await withTree(tree, async (root) => {
    assert.deepEqual(paths(await scan(root)), ['local.ts', 'pkg/deep/local.ts', 'pkg/keep.gen.ts']);
  });
});

test('scanProject does not enter a directory its .gitignore excludes', async () => {
  await withTree({ '.gitignore': 'gen/\n', 'gen/a.ts': '', 'gen/sub/b.ts': '', 'a.ts': '' }, async (root) => {
    const result = await scan(root);
    assert.deepEqual([paths(result), result.directoriesVisited], [['a.ts'], 1]);
  });
});

test('scanProject indexes gitignored files when respectGitignore is false', async () => {
  await withTree({ '.gitignore': '*.ts\n', 'a.ts': '' }, async (root) => {
    assert.deepEqual(paths(await scan(root, { respectGitignore: false })), ['a.ts']);
  });
});

test('scanProject honours .git/info/exclude', async () => {
  await withTree({ '.git/info/exclude': 'secret.ts\n', 'secret.ts': '', 'a.ts': '' }, async (root) => {
    assert.deepEqual(paths(await scan(root)), ['a.ts']);
  });
});

test('scanProject still walks the tree when the root .gitignore ignores .* like the kernel', async () => {
  // The root's own name starts with a dot too, so matching it against `.*` would lose everything.
  const tree = {
    '.linux/.gitignore': '.*\n!.gitignore\n!.mailmap\n*.o\n',
    '.linux/.hidden/a.ts': '',
    '.linux/kernel/sched.ts': '',
    '.linux/init.py': '',
  };
  await withTree(tree, async (base) => {
    assert.deepEqual(paths(await scan(join(base, '.linux'))), ['init.py', 'kernel/sched.ts']);
  });
});

test('scanProject skips heavy folders at any depth', async () => {
  const tree = {
    'node_modules/x/index.js': '',
    'pkg/node_modules/y.js': '',
    'pkg/build/out.js': '',
    '.venv/pyvenv.cfg': '',
    '.venv/lib/site.py': '',
    'pkg/src/a.ts': '',
  };
  await withTree(tree, async (root) => {
    assert.deepEqual(paths(await scan(root)), ['pkg/src/a.ts']);
  });
});

test('scanProject skips a coverage or virtualenv folder by what it holds: a report or an environment is skipped, code so named is indexed', async () => {
  const tree = {
    'coverage/lcov.info': '',
    'coverage/lcov-report/sorter.js': '',
    'web/coverage/tmp/coverage-1.json': '',
    'web/coverage/prettify.js': '',
    'plugins/coverage/index.js': '',
    'coverage-py/coverage/control.py': '',
    'venv/pyvenv.cfg': '',
    'venv/lib/python3.11/site-packages/six.py': '',
    'old/env/bin/activate': '',
    'old/env/lib/python2.7/site.py': '',
    'conda/.venv/conda-meta/history': '',
    'conda/.venv/lib/site.py': '',
    'src/env/settings.py': '',
    'ng/coverage/my-app/prettify.js': '',
    'ng/coverage/my-app/index.html': '',
    'tool/coverage/templates/index.html': '',
    'tool/coverage/report.js': '',
  };
  await withTree(tree, async (root) => {
    assert.deepEqual(paths(await scan(root)), ['coverage-py/coverage/control.py', 'plugins/coverage/index.js', 'src/env/settings.py', 'tool/coverage/report.js']);
  });
});

test('scanProject skips minified builds unless an include glob that says .min. names them', async () => {
  const tree = { 'min/moment.min.js': '', 'lib/select2.full.min.js': '', 'esm/a.min.mjs': '', 'src/admin.js': '', 'src/min.js': '' };
  await withTree(tree, async (root) => {
    assert.deepEqual(paths(await scan(root)), ['src/admin.js', 'src/min.js']);
    assert.deepEqual(paths(await scan(root, { include: ['**'] })), ['src/admin.js', 'src/min.js'], 'a glob that does not say .min. re-admits nothing');
    assert.deepEqual(paths(await scan(root, { include: ['src/**', 'min/*.min.js'] })), ['min/moment.min.js', 'src/admin.js', 'src/min.js']);
  });
});

test('scanProject re-admits a heavy folder an include glob starts with', async () => {
  await withTree({ 'vendor/lib/a.js': '', 'sub/vendor/b.js': '', 'src/c.js': '' }, async (root) => {
    assert.deepEqual(paths(await scan(root, { include: ['vendor/**', 'src/**'] })), ['src/c.js', 'vendor/lib/a.js']);
  });
});

test('scanProject never indexes .git or .codegraph even when include names them', async () => {
  await withTree({ '.git/hooks/a.js': '', '.codegraph/b.js': '', 'c.js': '' }, async (root) => {
    assert.deepEqual(paths(await scan(root, { include: ['.git/**', '.codegraph/**', '*.js'] })), ['c.js']);
  });
});

test('scanProject indexes only files matching include when include is set', async () => {
  await withTree({ 'src/a.ts': '', 'test/b.ts': '', 'c.ts': '' }, async (root) => {
    assert.deepEqual(paths(await scan(root, { include: ['src/**'] })), ['src/a.ts']);
  });
});

test('scanProject skips files and directories matching exclude', async () => {
  await withTree({ 'src/a.ts': '', 'src/a.test.ts': '', 'src/gen/b.ts': '' }, async (root) => {
    const result = await scan(root, { exclude: ['*.test.ts', 'src/gen'] });
    assert.deepEqual([paths(result), result.directoriesVisited], [['src/a.ts'], 2]);
  });
});

test('scanProject lets config extensions override the built-in language', async () => {
  await withTree({ 'a.mjs': '', 'b.js': '', 'types.d.ts': '' }, async (root) => {
    const result = await scan(root, { extensions: { '.mjs': 'javascript', '.js': 'flow', '.d.ts': 'dts' } });
    assert.deepEqual(
      result.files.map((file) => [file.path, file.language]),
      [['a.mjs', 'javascript'], ['b.js', 'flow'], ['types.d.ts', 'dts']],
    );
  });
});

test('scanProject reports a too-large diagnostic when a file exceeds maxFileSize', async () => {
  await withTree({ 'big.ts': 'x'.repeat(11), 'small.ts': 'x'.repeat(10) }, async (root) => {
    const result = await scan(root, { maxFileSize: 10 });
    assert.deepEqual(paths(result), ['small.ts']);
    assert.deepEqual(result.skipped.map((d) => [d.path, d.reason]), [['big.ts', 'too-large']]);
  });
});

test('scanProject follows symlinks whose target stays inside the root', async () => {
  await withTree({ 'real/a.ts': '', 'b.ts': '' }, async (root) => {
    await symlink(join(root, 'real'), join(root, 'alias'));
    await symlink('b.ts', join(root, 'c.ts'));
    const result = await scan(root);
    assert.deepEqual([paths(result), result.skipped], [['alias/a.ts', 'b.ts', 'c.ts', 'real/a.ts'], []]);
  });
});

test('scanProject skips symlinks that leave the root with a diagnostic', async () => {
  await withTree({ 'outside/a.ts': '', 'outside/b.ts': '', 'project/c.ts': '' }, async (base) => {
    const root = join(base, 'project');
    await symlink(join(base, 'outside'), join(root, 'dir-link'));
    await symlink(join(base, 'outside', 'b.ts'), join(root, 'file-link.ts'));
    // A heavy name, or one skipped by its marks, linked out of the project is skipped unread and unreported.
    await symlink(join(base, 'outside'), join(root, 'node_modules'));
    await symlink(join(base, 'outside'), join(root, 'env'));
    const result = await scan(root);
    assert.deepEqual(paths(result), ['c.ts']);
    assert.deepEqual(
      result.skipped.map((d) => [d.path, d.reason]),
      [['dir-link', 'symlink-outside-root'], ['file-link.ts', 'symlink-outside-root']],
    );
  });
});

test('scanProject reports a symlink loop instead of walking forever', async () => {
  await withTree({ 'a/b/x.ts': '' }, async (root) => {
    await symlink('..', join(root, 'a', 'b', 'up'));
    const result = await scan(root);
    assert.deepEqual(paths(result), ['a/b/x.ts']);
    assert.deepEqual(result.skipped.map((d) => [d.path, d.reason]), [['a/b/up', 'symlink-loop']]);
  });
});

test('scanProject reports a dangling symlink as broken', async () => {
  await withTree({ 'a.ts': '' }, async (root) => {
    await symlink('missing.ts', join(root, 'gone.ts'));
    const result = await scan(root);
    assert.deepEqual(result.skipped.map((d) => [d.path, d.reason]), [['gone.ts', 'broken-symlink']]);
  });
});

test('scanProject does not resolve symlinks that ignore rules skip anyway', async () => {
  await withTree({ 'outside/a.ts': '', 'project/.gitignore': 'ext\n' }, async (base) => {
    const root = join(base, 'project');
    await symlink(join(base, 'outside'), join(root, 'ext'));
    assert.deepEqual((await scan(root)).skipped, []);
  });
});

test('scanProject reports an unreadable directory and keeps going', async (t) => {
  await withTree({ 'locked/a.ts': '', 'b.ts': '' }, async (root) => {
    const locked = join(root, 'locked');
    await chmod(locked, 0o000);
    try {
      const readable = await access(locked, constants.R_OK).then(() => true, () => false);
      if (readable) {
        t.skip('permissions are not enforced for this user (running as root)');
        return;
      }
      const result = await scan(root);
      assert.deepEqual(paths(result), ['b.ts']);
      assert.deepEqual(result.skipped.map((d) => [d.path, d.reason]), [['locked', 'unreadable']]);
    } finally {
      await chmod(locked, 0o755);
    }
  });
});

test('scanProject rejects with the abort reason when the signal is aborted', async () => {
  await withTree({ 'a.ts': '' }, async (root) => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await assert.rejects(
      scanProject(root, { config: DEFAULT_CONFIG, languageOf, signal: controller.signal }),
      /stop/,
    );
  });
});

test('scanProject rejects when the root does not exist', async () => {
  await assert.rejects(scan(join(tmpdir(), 'codegraph-walk-missing-root-0')), { code: 'ENOENT' });
});

/** A file or folder name in bytes that are not UTF-8 (`caf` then Latin-1 `é`), as a path under `dir`. */
function latin1Path(dir: string, rest: string): Buffer {
  return Buffer.concat([Buffer.from(`${dir}/caf`), Buffer.from([0xe9]), Buffer.from(rest)]);
}

test('scanProject reports a file whose name is not valid UTF-8 as skipped and lists the rest', async () => {
  await withTree({ 'main.ts': '', 'café.ts': '' }, async (root) => {
    writeFileSync(latin1Path(root, '.ts'), 'export const b = 2;\n');
    writeFileSync(latin1Path(root, '.png'), '');
    const result = await scan(root);
    assert.deepEqual(paths(result), ['café.ts', 'main.ts']);
    // The image is of no indexed language, so it is not worth a diagnostic.
    assert.deepEqual(result.skipped.map((d) => [d.path, d.reason]), [['caf\uFFFD.ts', 'invalid-name']]);
    assert.match(result.skipped[0]!.detail, /not valid UTF-8 \(bytes 636166e92e7473\)/);
  });
});

test('scanProject skips names holding control characters, reported with a printable path, and never enters such a folder', async () => {
  await withTree({ 'main.ts': '' }, async (root) => {
    writeFileSync(join(root, 'evil\u001b[31m.ts'), 'export const red = 1;\n');
    writeFileSync(join(root, 'a\nFake: line.ts'), 'export const forged = 1;\n');
    writeFileSync(join(root, 'bell\u0007\u009b.ts'), '');
    mkdirSync(join(root, 'dir\r'));
    writeFileSync(join(root, 'dir\r', 'inner.ts'), '');
    const result = await scan(root);
    assert.deepEqual(paths(result), ['main.ts']);
    const skipped = result.skipped.map((d) => [d.path, d.reason]).sort();
    assert.deepEqual(skipped, [['a\uFFFDFake: line.ts', 'invalid-name'], ['bell\uFFFD\uFFFD.ts', 'invalid-name'], ['dir\uFFFD', 'invalid-name'], ['evil\uFFFD[31m.ts', 'invalid-name']]);
    for (const d of result.skipped) assert.doesNotMatch(`${d.path} ${d.detail}`, /[\u0000-\u001f\u007f-\u009f]/);
    assert.match(result.skipped.find((d) => d.path.startsWith('evil'))?.detail ?? '', /holds control characters \(bytes 6576696c1b5b33316d2e7473\)/);
  });
});

test('scanProject tells a valid name holding U+FFFD from an invalid one that decodes the same', async () => {
  await withTree({ 'caf\uFFFD.ts': '' }, async (root) => {
    writeFileSync(latin1Path(root, '.ts'), '');
    const result = await scan(root);
    assert.deepEqual(paths(result), ['caf\uFFFD.ts']);
    assert.deepEqual(result.skipped.map((d) => d.reason), ['invalid-name']);
  });
});

test('scanProject reports a folder whose name is not valid UTF-8 without entering it', async () => {
  await withTree({ 'main.ts': '' }, async (root) => {
    mkdirSync(latin1Path(root, ''));
    writeFileSync(latin1Path(root, '/inner.ts'), '');
    const result = await scan(root);
    assert.deepEqual(paths(result), ['main.ts']);
    assert.deepEqual(result.skipped.map((d) => [d.path, d.reason]), [['caf\uFFFD', 'invalid-name']]);
  });
});

test('scanProject does not report an ignored file whose name is not valid UTF-8', async () => {
  await withTree({ '.gitignore': 'caf*\n' }, async (root) => {
    writeFileSync(latin1Path(root, '.ts'), '');
    assert.deepEqual((await scan(root)).skipped, []);
  });
});

test('scanProject reports a file whose path is too long to open as name-too-long, not unreadable', async () => {
  await withTree({ 'main.ts': '' }, async (root) => {
    // Folders of 200 bytes until just under the 4,095 bytes an absolute path may have.
    let dir = root;
    while (Buffer.byteLength(dir) + 201 <= 4080) dir = join(dir, 'd'.repeat(200));
    mkdirSync(dir, { recursive: true });
    // A name that takes the file's path past that (the folder path is under 4,080 bytes).
    const name = `${'f'.repeat(4100 - Buffer.byteLength(dir))}.ts`;
    // Only a path relative to a nearer working directory can create the file.
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      writeFileSync(name, '');
      const result = await scan(root);
      assert.deepEqual(paths(result), ['main.ts']);
      assert.deepEqual(result.skipped.map((d) => d.reason), ['name-too-long']);
      assert.ok(result.skipped[0]!.path.endsWith(`/${name}`));
    } finally {
      // Removed from here: by its absolute path, the tree's removal could not reach it.
      rmSync(name, { force: true });
      process.chdir(cwd);
    }
  });
});
