/**
 * `codegraph affected` on small projects in three languages: a change two calls below a test
 * reaches it, a change nothing tests reaches none, a changed test is its own, and --since reads git.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';

const top = mkdtempSync(join(tmpdir(), 'codegraph-affected-'));
after(() => rmSync(top, { recursive: true, force: true }));

function cli(cwd: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI_PATH, ...args], { cwd, encoding: 'utf8', timeout: 120_000, env: cliEnv({ CODEGRAPH_NO_DAEMON: '1' }) });
}

function project(name: string, files: Readonly<Record<string, string>>): string {
  const root = join(top, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const init = cli(root, ['init', '--quiet']);
  assert.equal(init.status, 0, init.stderr);
  return root;
}

interface Json {
  changed: string[];
  notIndexed: string[];
  depth: number;
  tests: { path: string; changed: boolean; functions: { name: string; line: number; depth: number }[] }[];
}

const LANGUAGES: readonly { name: string; files: Record<string, string>; deep: string; untested: string; testFile: string; testFunction: string }[] = [
  {
    name: 'typescript',
    files: {
      'src/core.ts': 'export function parseValue(text: string): number {\n  return Number(text);\n}\n',
      'src/service.ts': "import { parseValue } from './core.js';\nexport function loadTotal(text: string): number {\n  return parseValue(text) * 2;\n}\n",
      'src/unused.ts': 'export function lonely(): number {\n  return 7;\n}\n',
      'test/service.test.ts': "import { loadTotal } from '../src/service.js';\nexport function checksTotal(): void {\n  if (loadTotal('2') !== 4) throw new Error('bad');\n}\n",
    },
    deep: 'src/core.ts',
    untested: 'src/unused.ts',
    testFile: 'test/service.test.ts',
    testFunction: 'checksTotal',
  },
  {
    name: 'python',
    files: {
      'app/core.py': 'def parse_value(text):\n    return int(text)\n',
      'app/service.py': 'from app.core import parse_value\n\n\ndef load_total(text):\n    return parse_value(text) * 2\n',
      'app/unused.py': 'def lonely():\n    return 7\n',
      'tests/test_service.py': 'from app.service import load_total\n\n\ndef test_total():\n    assert load_total("2") == 4\n',
    },
    deep: 'app/core.py',
    untested: 'app/unused.py',
    testFile: 'tests/test_service.py',
    testFunction: 'test_total',
  },
  {
    name: 'go',
    files: {
      'go.mod': 'module example.com/shop\n\ngo 1.21\n',
      'core.go': 'package shop\n\nfunc ParseValue(text string) int {\n\treturn len(text)\n}\n',
      'service.go': 'package shop\n\nfunc LoadTotal(text string) int {\n\treturn ParseValue(text) * 2\n}\n',
      'unused.go': 'package shop\n\nfunc Lonely() int {\n\treturn 7\n}\n',
      'service_test.go': 'package shop\n\nimport "testing"\n\nfunc TestTotal(t *testing.T) {\n\tif LoadTotal("ab") != 4 {\n\t\tt.Fatal("bad")\n\t}\n}\n',
    },
    deep: 'core.go',
    untested: 'unused.go',
    testFile: 'service_test.go',
    testFunction: 'TestTotal',
  },
];

for (const lang of LANGUAGES) {
  test(`${lang.name}: a change two calls below a test reaches it; a change nothing tests reaches none`, () => {
    const root = project(lang.name, lang.files);
    const deep = cli(root, ['affected', lang.deep, '--json']);
    assert.equal(deep.status, 0, deep.stderr);
    const answer = JSON.parse(deep.stdout) as Json;
    assert.deepEqual(answer.changed, [lang.deep]);
    assert.deepEqual(answer.tests.map((t) => t.path), [lang.testFile]);
    const fn = answer.tests[0]?.functions.find((f) => f.name.endsWith(lang.testFunction));
    assert.ok(fn !== undefined, `${lang.testFunction} is listed: ${deep.stdout}`);
    assert.equal(fn.depth, 2, 'two calls away');
    // One hop is not enough to get there.
    assert.equal(cli(root, ['affected', lang.deep, '--depth', '1']).status, 1);

    const none = cli(root, ['affected', lang.untested]);
    assert.equal(none.status, 1, none.stderr);
    assert.match(none.stdout, /^No test reaches 1 changed file within 4 hops\.\n$/);
  });
}

test('a changed test file is affected by itself; an unknown file is named; text form lists files and functions', () => {
  const root = join(top, 'typescript');
  const r = cli(root, ['affected', 'test/service.test.ts', 'src/service.ts', 'src/new-file.ts']);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, [
    '1 test file reaches 2 changed files (within 4 hops):',
    'test/service.test.ts (changed)',
    '  checksTotal (line 2, changed)',
    'Not in the index (new, deleted or skipped; `codegraph sync` first for new files): src/new-file.ts',
    '',
  ].join('\n'));
});

test('--since takes the changed files from git', () => {
  const root = join(top, 'python');
  const git = (args: string[]): void => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    assert.equal(r.status, 0, r.stderr);
  };
  git(['init', '-q']);
  git(['add', '-A']);
  git(['commit', '-qm', 'base']);
  writeFileSync(join(root, 'app', 'core.py'), 'def parse_value(text):\n    return int(text.strip())\n');
  const r = cli(root, ['affected', '--since', 'HEAD', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const answer = JSON.parse(r.stdout) as Json;
  assert.deepEqual(answer.changed, ['app/core.py']);
  assert.deepEqual(answer.tests.map((t) => t.path), ['tests/test_service.py']);
});

test('mistakes: no files, a bad depth, a file outside the project, --since outside git', () => {
  const root = join(top, 'go');
  for (const [args, message] of [
    [['affected'], /^codegraph: affected needs the changed files, or --since REV/],
    [['affected', 'core.go', '--depth', '0'], /--depth must be a whole number from 1 to 20/],
    [['affected', '/etc/passwd'], /\/etc\/passwd is outside the project/],
    [['affected', '--since', 'HEAD'], /--since needs a git repository/],
  ] as const) {
    const r = cli(root, args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}`);
    assert.match(r.stderr, message);
  }
});
