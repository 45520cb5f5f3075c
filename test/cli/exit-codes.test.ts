/**
 * The exit codes docs/cli.md states are the ones the built CLI returns: the test reads the doc's
 * exit-code table and runs, for each row, the cases below that should end with that code.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';

const DOC = 'docs/cli.md';
const scratch = mkdtempSync(join(tmpdir(), 'codegraph-exit-codes-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh folder holding one TypeScript file and, when given, files under `.codegraph/`. */
function project(name: string, codegraphFiles?: Readonly<Record<string, string>>): string {
  const root = join(scratch, name);
  mkdirSync(root);
  writeFileSync(join(root, 'a.ts'), 'export function a(): number {\n  return 1;\n}\n');
  if (codegraphFiles === undefined) return root;
  mkdirSync(join(root, '.codegraph'));
  for (const [file, text] of Object.entries(codegraphFiles)) writeFileSync(join(root, '.codegraph', file), text);
  return root;
}

interface Case {
  readonly name: string;
  /** The CLI arguments; builds whatever folder the case needs first. */
  readonly args: () => string[];
  /** The code is an answer, printed on stdout, not a failure on stderr (`affected`). */
  readonly answer?: boolean;
}

/** For each documented exit code, commands that must end with it. */
const CASES: Readonly<Record<number, readonly Case[]>> = {
  0: [{ name: 'init of a small project', args: () => ['init', project('ok'), '--quiet'] }],
  1: [
    {
      name: 'init while a live process holds the writer lock',
      args: () => {
        const lock = { pid: process.pid, startedAt: new Date().toISOString(), host: hostname(), command: 'codegraph sync' };
        return ['init', project('locked', { 'writer.lock': JSON.stringify(lock) }), '--quiet'];
      },
    },
    { name: 'init with a malformed config file', args: () => ['init', project('bad-config', { 'config.json': '{"exclude": [1, }' }), '--quiet'] },
    {
      name: 'affected when no test reaches the change',
      args: () => {
        const root = project('affected-none');
        const init = spawnSync(process.execPath, [CLI_PATH, 'init', root, '--quiet'], { encoding: 'utf8', env: cliEnv() });
        assert.equal(init.status, 0, init.stderr);
        return ['affected', join(root, 'a.ts'), '-p', root];
      },
      answer: true,
    },
  ],
  2: [
    { name: 'an unknown flag', args: () => ['status', '--colour'] },
    { name: 'an unknown command', args: () => ['explre', 'words'] },
    { name: 'a path that does not exist', args: () => ['init', join(scratch, 'no-such-folder')] },
    { name: 'a query command with no words', args: () => ['explore', '--path', project('no-words')] },
    { name: 'status where there is no index', args: () => ['status', project('no-index')] },
    { name: 'sync where there is no index', args: () => ['sync', project('not-indexed')] },
    { name: 'a query on a damaged index', args: () => ['search', 'a', '--path', project('damaged', { 'codegraph.db': 'not a database, just text' })] },
  ],
};

/** The rows of the exit-code table in docs/cli.md: code and what the doc says it means. */
function documentedCodes(): { code: number; when: string }[] {
  const text = readFileSync(new URL(`../../../${DOC}`, import.meta.url), 'utf8');
  const header = text.indexOf('| code | when |');
  assert.ok(header >= 0, `${DOC} needs an exit-code table with the header "| code | when |"`);
  const rows: { code: number; when: string }[] = [];
  for (const line of text.slice(header).split('\n').slice(2)) {
    const match = /^\| (\d+) \| (.+) \|$/.exec(line);
    if (match === null) break;
    rows.push({ code: Number(match[1]), when: match[2] ?? '' });
  }
  return rows;
}

const rows = documentedCodes();

test('docs/cli.md documents exit codes 0, 1 and 2, and this test has cases for exactly those', () => {
  assert.deepEqual(rows.map((r) => r.code), [0, 1, 2]);
  assert.deepEqual(Object.keys(CASES).map(Number), rows.map((r) => r.code), `every row of the table in ${DOC} needs cases here, and every case a row`);
});

for (const row of rows) {
  for (const c of CASES[row.code] ?? []) {
    test(`codegraph exits ${row.code} for ${c.name}, as docs/cli.md says (${row.when.split(':')[0]})`, () => {
      const run = spawnSync(process.execPath, [CLI_PATH, ...c.args()], { encoding: 'utf8', cwd: scratch, env: cliEnv(), timeout: 60_000 });
      assert.equal(run.status, row.code, `stderr: ${run.stderr}`);
      if (row.code === 0) return;
      if (c.answer === true) {
        assert.equal(run.stderr, '');
        assert.match(run.stdout, /^No test reaches/);
        return;
      }
      assert.match(run.stderr, /^codegraph: /, 'a failure says what went wrong');
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace for a documented failure');
      if (row.code === 2) assert.equal(run.stderr.trim().split('\n').length, 1, 'a command-line mistake is one line');
    });
  }
}
