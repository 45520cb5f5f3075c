/**
 * Every command-line mistake gets one line that says what was wrong and what was meant, exit 2,
 * and changes nothing on disk.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'codegraph-mistakes-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const home = join(scratch, 'home');
mkdirSync(home);
const project = join(scratch, 'project');
mkdirSync(project);
writeFileSync(join(project, 'a.ts'), 'export function a(): number {\n  return b();\n}\nexport function b(): number {\n  return 1;\n}\n');

function cli(args: readonly string[], cwd = project): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI_PATH, ...args], { cwd, encoding: 'utf8', timeout: 60_000, env: cliEnv({ HOME: home, CODEGRAPH_NO_DAEMON: '1' }) });
}

test('init indexes the fixture project', () => {
  const run = cli(['init', '--quiet']);
  assert.equal(run.status, 0, run.stderr);
});

const MISTAKES: readonly { args: readonly string[]; message: RegExp }[] = [
  { args: ['explre', 'how'], message: /^codegraph: unknown command "explre"; did you mean explore\? \(run codegraph --help for the list\)\n$/ },
  { args: ['stauts'], message: /did you mean status\?/ },
  { args: ['deploy'], message: /^codegraph: unknown command "deploy" \(run codegraph --help for the list\)\n$/ },
  { args: ['search', 'a', '--limt', '3'], message: /^codegraph: unknown option --limt for codegraph search; did you mean --limit\? \(codegraph search --help lists its options\)\n$/ },
  { args: ['init', '--quite'], message: /unknown option --quite for codegraph init; did you mean --quiet\?/ },
  { args: ['status', '--jsno'], message: /did you mean --json\?/ },
  { args: ['install', '--targt=cursor'], message: /unknown option --targt for codegraph install; did you mean --target\?/ },
  { args: ['search', 'a', '--limit'], message: /^codegraph: --limit needs a value, as in --limit=VALUE\n$/ },
  { args: ['status', '--json=yes'], message: /^codegraph: --json is a switch and takes no value/ },
  { args: ['describe', 'extra'], message: /^codegraph: codegraph describe takes no words, got "extra"/ },
  { args: ['explore'], message: /^codegraph: explore needs a query \(words, or --query\)\. Usage: codegraph explore <query words> \[flags\]/ },
  { args: ['search'], message: /^codegraph: search needs a query/ },
  { args: ['node'], message: /^codegraph: node needs a symbol \(words, or --symbol\) or --file\. Usage: codegraph node \[symbol words\] \[flags\]/ },
  { args: ['callers'], message: /^codegraph: callers needs a symbol/ },
  { args: ['daemon', 'statsu'], message: /daemon needs run, status or stop, got "statsu"; did you mean status\?/ },
  { args: ['init', './projcet'], message: /^codegraph: no folder .*projcet; nothing was created\n$/ },
  { args: ['init', join(scratch, 'projcet')], message: /^codegraph: no folder .*projcet; nothing was created; did you mean project\?\n$/ },
  { args: ['status', join(scratch, 'nowhere')], message: /no folder .*nowhere; nothing was created/ },
  { args: ['search', 'a', '-p', join(scratch, 'nowhere')], message: /no folder .*nowhere; nothing was created/ },
  { args: ['export', '-p', join(scratch, 'nowhere')], message: /no folder .*nowhere/ },
  { args: ['install', '--local', '-p', join(scratch, 'nowhere'), '--target=cursor'], message: /no folder .*nowhere/ },
  { args: ['serve', '--mcp', '-p', join(scratch, 'nowhere')], message: /no folder .*nowhere/ },
  { args: ['init', join(project, 'a.ts')], message: /a\.ts is a file, not a folder/ },
];

for (const mistake of MISTAKES) {
  test(`codegraph ${mistake.args.join(' ')}: exit 2 with one clear line`, () => {
    const before = readdirSync(scratch).sort();
    const run = cli(mistake.args);
    assert.equal(run.status, 2, `stdout: ${run.stdout}\nstderr: ${run.stderr}`);
    assert.match(run.stderr, mistake.message);
    assert.equal(run.stderr.trimEnd().split('\n').length, 1, 'one line');
    assert.deepEqual(readdirSync(scratch).sort(), before, 'nothing created');
  });
}

test('a typo\'d path creates no folder and no index', () => {
  const run = cli(['init', 'no-such-folder']);
  assert.equal(run.status, 2);
  assert.equal(existsSync(join(project, 'no-such-folder')), false);
});

test('status where there is no index says how to build one and exits 2', () => {
  const bare = join(scratch, 'bare');
  mkdirSync(bare);
  try {
    const run = cli(['status'], bare);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^codegraph: no index at .*bare; run `codegraph init` there to build one\n$/);
    assert.equal(run.stdout, '');
    const json = cli(['status', '--json'], bare);
    assert.equal(json.status, 2);
    assert.deepEqual(JSON.parse(json.stdout), { root: bare, indexed: false });
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
});

test('-p, --yes and --json are taken alike where they make sense', () => {
  assert.equal(cli(['daemon', 'status', '-p', project]).status, 0);
  assert.match(cli(['daemon', 'status', '--path', project]).stdout, /^No daemon runs for .*project\.\n$/);
  assert.equal(cli(['daemon', 'stop', '-p', project]).status, 0);
  const uninstall = cli(['uninstall', '--yes', '--target=cursor']);
  assert.equal(uninstall.status, 0, uninstall.stderr);
  assert.equal(cli(['uninstall', '-y', '--target=cursor']).status, 0);
  assert.equal(cli(['status', '-p', project, '--json']).status, 0);
  assert.equal(cli(['sync', '-p', project, '--json', '--quiet']).status, 0);
});

test('the last line of --help is whole, through a pipe', () => {
  const run = cli(['--help']);
  assert.equal(run.status, 0);
  assert.match(run.stdout, /See\ndocs\/cli\.md and docs\/agents\.md\.\n$/);
});

test('a reader that goes away mid-answer does not stop a sync halfway: it finishes and frees the writer lock', async () => {
  const { spawn } = await import('node:child_process');
  writeFileSync(join(project, 'c.ts'), `${Array.from({ length: 50 }, (_, i) => `export function f${i}(): number {\n  return ${i};\n}\n`).join('')}`);
  const child = spawn(process.execPath, [CLI_PATH, 'sync', '--json'], { cwd: project, env: cliEnv({ HOME: home, CODEGRAPH_NO_DAEMON: '1' }), stdio: ['ignore', 'pipe', 'pipe'] });
  // Close the reading end at once, as `| head -c 0` would.
  child.stdout.destroy();
  child.stderr.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  assert.equal(code, 0);
  assert.equal(existsSync(join(project, '.codegraph', 'writer.lock')), false);
  assert.match(cli(['search', 'f49']).stdout, /f49/);
});
