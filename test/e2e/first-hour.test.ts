/**
 * The first hour of a new user, from the packed package: installed into a clean folder (as
 * `npm i ./codegraph-wasm-*.tgz` lays it out, without the network), a fresh home folder, and
 * another tool called `codegraph` first on PATH with its own entry, hook and index. The command
 * install writes starts; the other tool's files stay byte for byte; mistakes exit 2 with a
 * suggestion; uninstall gives back every file and leaves nothing behind.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { cliEnv } from '../support/cli.js';
import { projectRoot } from '../support/golden.js';
import { SqliteDb } from '../../src/store/sqlite.js';

const ROOT = projectRoot(import.meta.url);
const top = mkdtempSync(join(tmpdir(), 'codegraph-first-hour-'));
after(() => rmSync(top, { recursive: true, force: true }));
const home = join(top, 'home');
const project = join(top, 'project');
const otherBin = join(top, 'other-bin');
const prefix = join(top, 'prefix');
let cli = '';
let packed: string[] = [];

const THEIR_CLAUDE = '{\n  "mcpServers": {\n    "codegraph": { "command": "codegraph", "args": ["serve", "--mcp"] }\n  }\n}\n';
const THEIR_SETTINGS = '{\n  "hooks": {\n    "UserPromptSubmit": [{ "hooks": [{ "type": "command", "command": "codegraph prompt-hook" }] }]\n  }\n}\n';

before(async () => {
  // Pack without running the build again (the test run has just built dist/).
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', top], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(pack.status, 0, pack.stderr);
  const info = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  packed = info[0]?.files.map((f) => f.path) ?? [];
  const pkg = join(prefix, 'node_modules', 'codegraph-wasm');
  mkdirSync(pkg, { recursive: true });
  const untar = spawnSync('tar', ['xzf', join(top, info[0]?.filename ?? ''), '-C', pkg, '--strip-components=1'], { encoding: 'utf8' });
  assert.equal(untar.status, 0, untar.stderr);
  // The runtime dependencies, as npm would install them beside the package.
  for (const dep of ['sql.js', 'web-tree-sitter', 'tree-sitter-wasms']) symlinkSync(join(ROOT, 'node_modules', dep), join(prefix, 'node_modules', dep));
  mkdirSync(join(prefix, 'bin'));
  cli = join(pkg, 'dist', 'bundle', 'main.js');
  symlinkSync(cli, join(prefix, 'bin', 'codegraph'));
  for (const dir of [home, project, otherBin, join(home, '.claude'), join(project, '.codegraph')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(otherBin, 'codegraph'), '#!/bin/sh\necho "another codegraph" >&2\nexit 3\n');
  chmodSync(join(otherBin, 'codegraph'), 0o755);
  writeFileSync(join(home, '.claude.json'), THEIR_CLAUDE);
  writeFileSync(join(home, '.claude', 'settings.json'), THEIR_SETTINGS);
  const db = await SqliteDb.open();
  db.exec('CREATE TABLE nodes (id INTEGER); CREATE TABLE unresolved_refs (id INTEGER)');
  writeFileSync(join(project, '.codegraph', 'codegraph.db'), db.export());
  db.close();
  writeFileSync(join(project, 'app.ts'), 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n');
});

/** The user's shell: the other codegraph first on PATH, then this install's bin, then Node. */
function env(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const e = cliEnv({ HOME: home, PATH: [otherBin, join(prefix, 'bin'), dirname(process.execPath), '/usr/bin', '/bin'].join(delimiter), CODEGRAPH_NO_DAEMON: '1', ...extra });
  delete e['npm_command'];
  return e;
}

function run(args: readonly string[], extra: Readonly<Record<string, string>> = {}): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [cli, ...args], { cwd: project, env: env(extra), encoding: 'utf8', timeout: 120_000 });
}

/** Every file below `dir` with its bytes, for a before/after comparison. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of (readdirSync(dir, { recursive: true }) as string[]).map(String).sort()) {
    const path = join(dir, rel);
    out.set(rel, existsSync(path) && !readdirSafe(path) ? readFileSync(path, 'latin1') : '<dir>');
  }
  return out;
}

function readdirSafe(path: string): boolean {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

test('the package ships the bundle, README, LICENSE and docs, without the benchmark history', () => {
  assert.ok(packed.includes('dist/bundle/main.js'));
  assert.ok(packed.includes('README.md') && packed.includes('LICENSE') && packed.includes('docs/cli.md'));
  assert.equal(packed.includes('docs/benchmarks.md'), false);
  assert.equal(packed.some((f) => f.startsWith('src/') || f.startsWith('test/')), false);
});

test('the first hour: install writes a command that starts, beside the other tool; mistakes are answered; uninstall leaves nothing', async () => {
  const homeBefore = snapshot(home);
  const projectBefore = snapshot(project);

  // A typo'd command, flag and folder: exit 2 with a suggestion, nothing created.
  const typo = run(['explre', 'greet']);
  assert.equal(typo.status, 2);
  assert.match(typo.stderr, /did you mean explore\?/);
  assert.match(run(['search', 'greet', '--limt', '3']).stderr, /did you mean --limit\?/);
  const folder = run(['init', join(top, 'projcet')]);
  assert.equal(folder.status, 2);
  assert.match(folder.stderr, /no folder .*projcet; nothing was created; did you mean project\?/);
  assert.equal(existsSync(join(top, 'projcet')), false);

  // Their index is left alone; ours goes in a folder of its own.
  const init = run(['init', '--quiet']);
  assert.equal(init.status, 2);
  assert.match(init.stderr, /was not written by codegraph-wasm/);
  assert.equal(run(['init', '--quiet'], { CODEGRAPH_INDEX_DIR: '.codegraph-wasm' }).status, 0);

  // Install: names the other codegraph, refuses its entry, adds our hook beside theirs.
  const install = run(['install', '--target=claude', '--prompt-hook']);
  assert.equal(install.status, 1, 'their entry is refused without --force');
  assert.match(install.stderr, /another codegraph is first on PATH/);
  assert.match(install.stderr, /already has a "mcpServers\.codegraph" server that codegraph-wasm did not write \(it runs `codegraph serve --mcp`\)/);
  assert.match(install.stdout, /Checked: the server starts and answers initialize/);
  assert.match(install.stdout, /Checked: the prompt hook runs/);
  assert.equal(readFileSync(join(home, '.claude.json'), 'utf8'), THEIR_CLAUDE);

  // Cursor's entry is ours alone: the command it holds starts this installation.
  const cursor = run(['install', '--target=cursor']);
  assert.equal(cursor.status, 0, cursor.stderr);
  const entry = (JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')) as { mcpServers: { codegraph: { command: string; args: string[] } } }).mcpServers.codegraph;
  assert.equal(entry.command, process.execPath, 'not the other codegraph first on PATH');
  const answer = await initializeWith(entry.command, entry.args);
  assert.match(answer, /"serverInfo":\{"name":"codegraph"/);

  // Uninstall: every file as it was, nothing added anywhere.
  for (const target of ['claude', 'cursor']) assert.equal(run(['uninstall', `--target=${target}`]).status, 0);
  rmSync(join(project, '.codegraph-wasm'), { recursive: true, force: true });
  assert.deepEqual(snapshot(home), homeBefore);
  assert.deepEqual(snapshot(project), projectBefore);
});

/** Starts `command args` as an agent would, sends initialize, returns the answer line; the process is ended by its pid. */
function initializeWith(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd: top, env: env(), stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('no answer to initialize within 30 s'));
    }, 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.includes('"id":1'));
      if (line === undefined) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(line);
    });
    child.on('error', reject);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);
  });
}
