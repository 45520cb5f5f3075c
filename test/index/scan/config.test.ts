import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ConfigResult } from '../../../src/index/scan/config.js';
import { DEFAULT_CONFIG, loadConfig, parseConfig } from '../../../src/index/scan/config.js';

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
