import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ConfigResult } from '../../../src/index/scan/config.js';
import { configErrorMessage, DEFAULT_CONFIG, isControlFile, loadConfig, loadScope, parseConfig } from '../../../src/index/scan/config.js';

async function withConfig(text: string | undefined, body: (root: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'codegraph-config-'));
  try {
    if (text !== undefined) {
      await mkdir(join(root, '.codegraph'));
      await writeFile(join(root, '.codegraph', 'config.json'), text);
    }
    await body(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function errorOf(result: ConfigResult): string {
  assert.equal(result.kind, 'invalid');
  return result.kind === 'invalid' ? result.error : '';
}

test('loadConfig returns the defaults when the config file is missing', async () => {
  await withConfig(undefined, async (root) => {
    assert.deepEqual(await loadConfig(root), { kind: 'ok', config: DEFAULT_CONFIG, warnings: [] });
  });
});

test('loadConfig reads every field of a valid config file', async () => {
  const text = JSON.stringify({
    include: ['src/**'],
    exclude: ['**/*.gen.ts'],
    extensions: { '.MJS': 'javascript' },
    maxFileSize: 2048,
    respectGitignore: false,
  });
  await withConfig(text, async (root) => {
    assert.deepEqual(await loadConfig(root), {
      kind: 'ok',
      config: {
        include: ['src/**'],
        exclude: ['**/*.gen.ts'],
        extensions: { '.mjs': 'javascript' },
        maxFileSize: 2048,
        respectGitignore: false,
      },
      warnings: [],
    });
  });
});

test('loadConfig reports malformed JSON with its line and column', async () => {
  await withConfig('{\n  "exclude": [\n    "a",\n  ]\n}', async (root) => {
    assert.match(errorOf(await loadConfig(root)), /not valid JSON at line 4, column 3/);
  });
});

test('loadConfig reports a config that cannot be read as a directory', async () => {
  const root = await mkdtemp(join(tmpdir(), 'codegraph-config-'));
  try {
    await mkdir(join(root, '.codegraph', 'config.json'), { recursive: true });
    assert.match(errorOf(await loadConfig(root)), /could not be read/);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('parseConfig reports the end of input when the text is truncated', () => {
  assert.match(errorOf(parseConfig('{"a": ')), /at line 1, column 7/);
});

test('parseConfig rejects a top-level value that is not an object', () => {
  assert.match(errorOf(parseConfig('[]')), /must contain a JSON object/);
});

const INVALID: readonly (readonly [field: string, text: string, message: string])[] = [
  ['include', '{"include": "src"}', 'include must be an array of strings'],
  ['exclude', '{"exclude": [1]}', 'exclude must be an array of strings'],
  ['maxFileSize', '{"maxFileSize": -1}', 'maxFileSize must be a positive integer number of bytes'],
  ['maxFileSize', '{"maxFileSize": 1.5}', 'maxFileSize must be a positive integer number of bytes'],
  ['respectGitignore', '{"respectGitignore": "yes"}', 'respectGitignore must be a boolean'],
  ['extensions', '{"extensions": ["js"]}', 'extensions must be an object mapping extensions such as ".mjs" to language ids'],
  ['extensions', '{"extensions": {"mjs": "javascript"}}', 'extensions key "mjs" must be an extension starting with "." such as ".mjs"'],
  ['extensions', '{"extensions": {".mjs": 3}}', 'extensions[".mjs"] must be a non-empty language id string'],
];

for (const [field, text, message] of INVALID) {
  test(`parseConfig names ${field} when given ${text}`, () => {
    assert.deepEqual(parseConfig(text), { kind: 'invalid', error: message });
  });
}

test('parseConfig warns about unknown keys instead of failing', () => {
  const result = parseConfig('{"exclud": [], "maxFileSize": 10}');
  assert.equal(result.kind, 'ok');
  assert.deepEqual(result.kind === 'ok' ? result.warnings : [], ['unknown key "exclud" in .codegraph/config.json is ignored']);
});

test('parseConfig warns when include is empty because nothing would be indexed', () => {
  const result = parseConfig('{"include": []}');
  assert.equal(result.kind === 'ok' ? result.warnings.length : -1, 1);
});

/** A temporary project holding `files` (project-relative path -> text). */
async function withFiles(files: Readonly<Record<string, string>>, body: (root: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'codegraph-control-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), text);
    }
    await body(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

test('loadConfig reads the reference spelling from .codegraph/config.toml', async () => {
  const toml = '[indexing]\nmax_file_size = 4096\nrespect_gitignore = false\nexclude = ["gen/**"]\n\n[indexing.extensions]\n".MJS" = "javascript"\n';
  await withFiles({ '.codegraph/config.toml': toml }, async (root) => {
    assert.deepEqual(await loadConfig(root), {
      kind: 'ok',
      config: { exclude: ['gen/**'], extensions: { '.mjs': 'javascript' }, maxFileSize: 4096, respectGitignore: false },
      warnings: [],
    });
  });
});

test('loadConfig applies JSON rules first and the TOML file last', async () => {
  const files = {
    '.codegraph/config.json': '{"exclude": ["a/**"], "maxFileSize": 100, "extensions": {".x": "python"}}',
    'codegraph.json': '{"indexing": {"max_file_size": 200}, "include": ["src/**"]}',
    '.codegraph/config.toml': '[indexing]\nmax_file_size = 300\n[extensions]\n".y" = "ruby"\n',
  };
  await withFiles(files, async (root) => {
    const result = await loadConfig(root);
    assert.equal(result.kind, 'ok');
    if (result.kind !== 'ok') return;
    assert.deepEqual(result.config, {
      include: ['src/**'],
      exclude: ['a/**'],
      extensions: { '.x': 'python', '.y': 'ruby' },
      maxFileSize: 300,
      respectGitignore: true,
    });
  });
});

test('loadConfig warns about unknown keys in every control file', async () => {
  const files = {
    'codegraph.json': '{"exclud": []}',
    '.codegraph/config.toml': 'colour = "blue"\n[indexing]\nmax_size = 1\n',
  };
  await withFiles(files, async (root) => {
    const result = await loadConfig(root);
    assert.deepEqual(result.kind === 'ok' ? result.warnings : [], [
      'unknown key "exclud" in codegraph.json is ignored',
      'unknown key "colour" in .codegraph/config.toml is ignored',
      'unknown key "indexing.max_size" in .codegraph/config.toml is ignored',
    ]);
  });
});

test('loadConfig names the TOML file, line and column of a syntax error', async () => {
  await withFiles({ '.codegraph/config.toml': '[indexing]\nmax_file_size = \n' }, async (root) => {
    const result = await loadConfig(root);
    assert.equal(errorOf(result), '.codegraph/config.toml is not valid TOML at line 2, column 17: expected a value');
    assert.equal(configErrorMessage(result.kind === 'invalid' ? result : { error: '' }).startsWith('.codegraph/config.toml: '), true);
  });
});

test('loadConfig names the key as written when a reference-spelled value is invalid', async () => {
  await withFiles({ 'codegraph.json': '{"indexing": {"max_file_size": "big"}}' }, async (root) => {
    assert.equal(errorOf(await loadConfig(root)), 'indexing.max_file_size must be a positive integer number of bytes');
  });
});

test('configErrorMessage keeps the config.json prefix for errors without a file', () => {
  assert.equal(configErrorMessage({ error: 'include must be an array of strings' }), '.codegraph/config.json: include must be an array of strings');
});

test('isControlFile names the config files, the root .gitignore and .git/info/exclude', () => {
  for (const path of ['.codegraph/config.json', 'codegraph.json', '.codegraph/config.toml', '.gitignore', '.git/info/exclude']) assert.equal(isControlFile(path), true, path);
  for (const path of ['src/codegraph.json', 'src/.gitignore', '.codegraph/codegraph.db', 'config.toml']) assert.equal(isControlFile(path), false, path);
});

test('loadScope returns the new scope and its warnings when the files are valid', async () => {
  await withFiles({ '.codegraph/config.toml': 'exclude = ["x/**"]\nextra = 1\n' }, async (root) => {
    const loaded = await loadScope(root);
    assert.deepEqual(loaded.scope.exclude, ['x/**']);
    assert.deepEqual(loaded.warnings, ['unknown key "extra" in .codegraph/config.toml is ignored']);
    assert.equal(loaded.error, undefined);
  });
});

test('loadScope keeps the previous scope and reports the file when one is invalid', async () => {
  await withFiles({ '.codegraph/config.toml': 'exclude = ["x/**"\n' }, async (root) => {
    const previous = { ...DEFAULT_CONFIG, exclude: ['kept/**'] };
    const loaded = await loadScope(root, previous);
    assert.equal(loaded.scope, previous);
    assert.match(loaded.error ?? '', /^\.codegraph\/config\.toml: \.codegraph\/config\.toml is not valid TOML at line 2, column 1/);
    assert.deepEqual((await loadScope(root)).scope, DEFAULT_CONFIG);
  });
});

test('loadConfig holds a repository maxFileSize above the user limit to that limit, with a warning', async () => {
  await withConfig('{"maxFileSize": 52428800}', async (root) => {
    const result = await loadConfig(root, {});
    assert.equal(result.kind === 'ok' ? result.config.maxFileSize : undefined, DEFAULT_CONFIG.maxFileSize);
    assert.match(result.kind === 'ok' ? result.warnings.join('\n') : '', /a repository cannot raise; set CODEGRAPH_MAX_FILE_SIZE/);
  });
});

test('loadConfig lets CODEGRAPH_MAX_FILE_SIZE raise the limit a repository config asks for', async () => {
  await withConfig('{"maxFileSize": 3000000}', async (root) => {
    const result = await loadConfig(root, { CODEGRAPH_MAX_FILE_SIZE: '4000000' });
    assert.deepEqual(result.kind === 'ok' ? [result.config.maxFileSize, result.warnings] : undefined, [3000000, []]);
  });
});

test('parseConfig holds maxFileSize to the user limit as loadConfig does', () => {
  const result = parseConfig('{"maxFileSize": 52428800}', {});
  assert.equal(result.kind === 'ok' ? result.config.maxFileSize : undefined, DEFAULT_CONFIG.maxFileSize);
});
