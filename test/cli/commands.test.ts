import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { fixtureProject } from '../support/fixture-project.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

function run(args: string[], cwd?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI_PATH, ...args], { encoding: 'utf8', cwd, env: cliEnv(), timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function plainCopy(): Promise<string> {
  const p = await fixtureProject('shop', import.meta.url, { index: false });
  cleanups.push(p.cleanup);
  return p.root;
}

/** The package manifest, found from this compiled file (dist/test/cli/). */
function manifest(): { version: string; bin: Record<string, string> } {
  return JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string; bin: Record<string, string> };
}

test('codegraph --version prints the package version', () => {
  const r = run(['--version']);
  assert.equal(r.status, 0);
  assert.equal(r.stdout, `${manifest().version}\n`);
});

test('the CLI the tests run is the shipped bundle, and its init parses in bundled workers', async () => {
  assert.equal(CLI_PATH, fileURLToPath(new URL(`../../../${manifest().bin['codegraph']}`, import.meta.url)));
  // More files than are parsed on the main thread: the pool starts the bundle's worker entry.
  const root = await plainCopy();
  const init = run(['init', root]);
  assert.equal(init.status, 0, init.stderr);
  assert.match(init.stdout, /files: 11 \(11 parsed/);
  const status = JSON.parse(run(['status', root, '--json']).stdout) as { diagnostics: number };
  assert.equal(status.diagnostics, 0);
});

test('codegraph with an unknown command exits 2 with a one-line error naming it', () => {
  const r = run(['frobnicate']);
  assert.equal(r.status, 2);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  assert.match(r.stderr, /unknown command "frobnicate"/);
});

test('codegraph COMMAND --help prints that command\'s usage; a query tool\'s lists its words and flags', () => {
  const init = run(['init', '--help']);
  assert.equal(init.status, 0);
  assert.match(init.stdout, /codegraph init \[path\]/);
  assert.match(init.stdout, /codegraph init --target=zed/);
  assert.doesNotMatch(init.stdout, /codegraph serve/);
  const callers = run(['help', 'callers']);
  assert.equal(callers.status, 0);
  assert.match(callers.stdout, /^codegraph callers <symbol words> \[flags\]/);
  assert.match(callers.stdout, /--limit N +Maximum callers per definition \(1-100\)\. Default: 20\./);
  assert.match(callers.stdout, /-p, --project DIR/);
  assert.equal(run(['daemon', 'stop', '-h']).stdout, run(['daemon', '--help']).stdout);
  const unknown = run(['nope', '--help']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown command "nope"/);
  // After `--` a dash is a query word, not a request for help.
  const empty = mkdtempSync(join(tmpdir(), 'codegraph-help-'));
  try {
    const word = run(['search', '-p', empty, '--', '--help']);
    assert.equal(word.status, 2);
    assert.match(word.stderr, /no index at/);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('codegraph init refuses the home folder unless --force, and says what to do', () => {
  const home = mkdtempSync(join(tmpdir(), 'codegraph-home-'));
  try {
    writeFileSync(join(home, 'a.py'), 'def a():\n    return 1\n');
    const env = { ...cliEnv(), HOME: home };
    const refused = spawnSync(process.execPath, [CLI_PATH, 'init', home], { encoding: 'utf8', env, timeout: 60_000 });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /is your home folder: .*inside a project folder, or add --force/);
    assert.equal(existsSync(join(home, '.codegraph')), false);
    const forced = spawnSync(process.execPath, [CLI_PATH, 'init', home, '--force', '--quiet'], { encoding: 'utf8', env, timeout: 60_000 });
    assert.equal(forced.status, 0, forced.stderr);
    assert.equal(existsSync(join(home, '.codegraph', 'codegraph.db')), true);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('codegraph with an unknown flag exits 2 naming the flag', () => {
  const r = run(['status', '--colour']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--colour/);
});

test('codegraph init builds an index that status reports as current', async () => {
  const root = await plainCopy();
  const init = run(['init', root, '--quiet']);
  assert.equal(init.status, 0, init.stderr);
  assert.equal(init.stdout, '');
  assert.ok(existsSync(join(root, '.codegraph', 'codegraph.db')));
  assert.ok(existsSync(join(root, '.codegraph', '.gitignore')));
  const status = run(['status', root, '--json']);
  assert.equal(status.status, 0, status.stderr);
  const parsed = JSON.parse(status.stdout) as { indexed: boolean; counts: { files: number; nodes: number }; pending: { added: string[]; modified: string[]; removed: string[] } };
  assert.equal(parsed.indexed, true);
  assert.equal(parsed.counts.files, 11);
  assert.ok(parsed.counts.nodes > 40);
  assert.deepEqual(parsed.pending, { added: [], modified: [], removed: [] });
});

test('codegraph status lists a pending change and sync clears it', async () => {
  const root = await plainCopy();
  assert.equal(run(['init', root, '--quiet']).status, 0);
  writeFileSync(join(root, 'src', 'extra.ts'), 'export const extra = 1;\n');
  const before = run(['status', root]);
  assert.match(before.stdout, /Pending sync: 1 file changed/);
  assert.match(before.stdout, /added \(1\):\n\s+src\/extra\.ts/);
  const sync = run(['sync', root]);
  assert.equal(sync.status, 0, sync.stderr);
  assert.match(sync.stdout, /1 parsed/);
  assert.match(run(['status', root]).stdout, /Pending sync: none/);
});

test('codegraph status answers from the snapshot beside the database, the same as from the database, and only for its version', async () => {
  const root = await plainCopy();
  assert.equal(run(['init', root, '--quiet']).status, 0);
  writeFileSync(join(root, 'src', 'extra.ts'), 'export const extra = 1;\n');
  const snapshotPath = join(root, '.codegraph', 'status.json');
  const snapshot = readFileSync(snapshotPath, 'utf8');
  const fromSnapshot = [run(['status', root]).stdout, run(['status', root, '--json']).stdout];
  rmSync(snapshotPath);
  const fromDatabase = [run(['status', root]).stdout, run(['status', root, '--json']).stdout];
  assert.deepEqual(fromSnapshot, fromDatabase);
  assert.match(fromSnapshot[0] ?? '', /added \(1\):\n\s+src\/extra\.ts/);
  // A marked snapshot shows which source answered: the snapshot while its stamp is the database's…
  const marked = JSON.parse(snapshot) as { indexedAt: string; database: { ino: number } };
  marked.indexedAt = 'marked-snapshot';
  writeFileSync(snapshotPath, JSON.stringify(marked));
  assert.match(run(['status', root]).stdout, /Indexed at: marked-snapshot/);
  // …and the database once the stamp names another version.
  marked.database.ino += 1;
  writeFileSync(snapshotPath, JSON.stringify(marked));
  assert.doesNotMatch(run(['status', root]).stdout, /marked-snapshot/);
});

test('the index commands take the path as -p/--path too, and refuse both forms at once', async () => {
  const root = await plainCopy();
  assert.equal(run(['init', '-p', root, '--quiet']).status, 0);
  const status = run(['status', '--path', root, '--json']);
  assert.equal(status.status, 0, status.stderr);
  assert.equal((JSON.parse(status.stdout) as { root?: string }).root, root);
  const both = run(['sync', root, '-p', root]);
  assert.equal(both.status, 2);
  assert.match(both.stderr, /either as an argument or as --path, not both/);
});

test('codegraph sync without an index exits 2 and says to run init', async () => {
  const root = await plainCopy();
  const r = run(['sync', root]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /codegraph init/);
});

test('codegraph init refuses to run while a live process holds the writer lock', async () => {
  const root = await plainCopy();
  mkdirSync(join(root, '.codegraph'));
  const lock = { pid: process.pid, startedAt: new Date().toISOString(), host: hostname(), command: 'codegraph sync' };
  writeFileSync(join(root, '.codegraph', 'writer.lock'), JSON.stringify(lock));
  const r = run(['init', root, '--quiet']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`pid ${process.pid}`));
  assert.match(r.stderr, /codegraph unlock/);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace for an expected failure');
  const unlock = run(['unlock', root]);
  assert.equal(unlock.status, 0);
  assert.equal(run(['init', root, '--quiet']).status, 0);
});

test('codegraph init recovers a stale lock left by a dead process', async () => {
  const root = await plainCopy();
  mkdirSync(join(root, '.codegraph'));
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const lock = { pid: Number(dead.stdout), startedAt: new Date().toISOString(), host: hostname(), command: 'codegraph init' };
  writeFileSync(join(root, '.codegraph', 'writer.lock'), JSON.stringify(lock));
  const r = run(['init', root, '--quiet']);
  assert.equal(r.status, 0, r.stderr);
});

test('codegraph init reports a malformed config file with its position and exits 1', async () => {
  const root = await plainCopy();
  mkdirSync(join(root, '.codegraph'));
  writeFileSync(join(root, '.codegraph', 'config.json'), '{"exclude": [1, }');
  const r = run(['init', root, '--quiet']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /config\.json/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('codegraph init stops with exit code 1 at an invalid .codegraph/config.toml, naming file, line and column', async () => {
  const root = await plainCopy();
  mkdirSync(join(root, '.codegraph'));
  writeFileSync(join(root, '.codegraph', 'config.toml'), '[indexing]\nmax_file_size = = 3\n');
  const r = run(['init', root, '--quiet']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /\.codegraph\/config\.toml is not valid TOML at line 2, column 17/);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('codegraph init warns on stderr about unknown keys in a control file', async () => {
  const root = await plainCopy();
  writeFileSync(join(root, 'codegraph.json'), '{"exclud": ["x"]}');
  const r = run(['init', root, '--quiet']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^codegraph: warning: unknown key "exclud" in codegraph\.json is ignored$/m);
});

test('codegraph uninit removes the index folder', async () => {
  const root = await plainCopy();
  assert.equal(run(['init', root, '--quiet']).status, 0);
  assert.equal(run(['uninit', root]).status, 0);
  assert.equal(existsSync(join(root, '.codegraph')), false);
});

test('codegraph export writes the whole graph as node-link JSON to --out', async () => {
  const root = await plainCopy();
  assert.equal(run(['init', root, '--quiet']).status, 0);
  const out = join(root, 'graph.json');
  const r = run(['export', '-p', root, '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const graph = JSON.parse(readFileSync(out, 'utf8')) as { directed: boolean; nodes: { pagerank?: number }[]; links: unknown[] };
  assert.equal(graph.directed, true);
  assert.ok(graph.nodes.length > 40);
  assert.ok(graph.links.length > 40);
  const total = graph.nodes.reduce((sum, n) => sum + (n.pagerank ?? 0), 0);
  assert.ok(Math.abs(total - 1) < 1e-4, `PageRank sums to ${total} (values are rounded for output)`);
});

test('codegraph search prints the same text as the MCP tool and JSON with --json', async () => {
  const root = await plainCopy();
  assert.equal(run(['init', root, '--quiet']).status, 0);
  const text = run(['search', 'priceOf', '-p', root]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /priceOf \(function\)\n\s+src\/pricing\.ts:6/);
  const json = run(['search', 'priceOf', '-p', root, '--json']);
  assert.doesNotThrow(() => JSON.parse(json.stdout));
});

test('codegraph init explains how to proceed when .gitignore hides every source file', async () => {
  const root = await plainCopy();
  writeFileSync(join(root, '.gitignore'), '/*\n');
  const r = run(['init', root, '--quiet']);
  assert.equal(r.status, 0);
  assert.match(r.stderr, /nothing was indexed/);
  assert.match(r.stderr, /"respectGitignore": false/);
  mkdirSync(join(root, '.codegraph'), { recursive: true });
  writeFileSync(join(root, '.codegraph', 'config.json'), '{"respectGitignore": false}');
  const again = run(['init', root, '--json']);
  assert.equal(again.status, 0, again.stderr);
  assert.ok((JSON.parse(again.stdout) as { files: number }).files >= 11);
});

test('codegraph node reads a file when given a path or pasted location, a symbol otherwise', async () => {
  const root = await plainCopy();
  assert.equal(run(['init', root, '--quiet']).status, 0);
  const file = run(['node', 'src/cart.ts:20-24', '-p', root]);
  assert.equal(file.status, 0, file.stderr);
  assert.match(file.stdout, /^src\/cart\.ts — \d+ lines/);
  assert.match(file.stdout, /Showing lines 20-24/);
  const symbol = run(['node', 'Cart.add', '-p', root]);
  assert.match(symbol.stdout, /^Cart\.add \(method\)/);
});

test('codegraph init says when a skipped build folder holds most of the code, and how to index it', async () => {
  const root = await plainCopy();
  const first = run(['init', root, '--json']);
  const indexed = (JSON.parse(first.stdout) as { files: number }).files;
  assert.doesNotMatch(first.stderr, /note:/, 'a project without build output gets no note');
  mkdirSync(join(root, 'build', 'lib'), { recursive: true });
  for (let i = 0; i <= 2 * indexed; i++) writeFileSync(join(root, 'build', 'lib', `part${i}.js`), `exports.part${i} = function () {};\n`);
  const again = run(['init', root]);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`build/ holds ${2 * indexed + 1} source files that were not indexed .* against ${indexed} indexed`));
  assert.match(again.stderr, /"include": \["\*\*", "build\/\*\*"\]/);
  writeFileSync(join(root, '.codegraph', 'config.json'), '{ "include": ["**"] }\n');
  assert.match(run(['init', root]).stderr, /add "build\/\*\*" to "include" in \.codegraph\/config\.json/);
  writeFileSync(join(root, '.codegraph', 'config.json'), '{ "include": ["**", "build/**"] }\n');
  const included = run(['init', root, '--json']);
  assert.equal((JSON.parse(included.stdout) as { files: number }).files, 3 * indexed + 1);
  assert.doesNotMatch(included.stderr, /note:/);
});
