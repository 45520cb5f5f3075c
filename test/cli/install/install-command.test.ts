/**
 * End-to-end: the built CLI installs into, re-installs over and uninstalls from every agent's
 * config under a temporary HOME (never the real one), on fixtures with comments and odd layout.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../../support/cli.js';
import { assertGolden, fixturesDir } from '../../support/golden.js';

const FIXTURES = join(fixturesDir(import.meta.url), 'agent-configs');
const realHome = homedir();
const realFiles = ['.claude.json', '.cursor/mcp.json', '.codex/config.toml', '.gemini/settings.json', '.kiro/settings/mcp.json', '.copilot/mcp-config.json', '.config/zed/settings.json'];
const realBefore = realFiles.map((f) => stamp(join(realHome, f)));

function stamp(path: string): string {
  return existsSync(path) ? `${statSync(path).size}:${statSync(path).mtimeMs}` : 'absent';
}

const cleanups: string[] = [];
after(() => {
  for (const dir of cleanups) rmSync(dir, { recursive: true, force: true });
});

/**
 * A temporary home, project and PATH whose `codegraph` is this installation (a link to the
 * built CLI, as a global install or `npm link` makes), then the folder of the Node running the tests.
 */
function sandbox(): { home: string; project: string; env: Record<string, string> } {
  const top = mkdtempSync(join(tmpdir(), 'codegraph-install-'));
  cleanups.push(top);
  const home = join(top, 'home');
  const project = join(top, 'project');
  const bin = join(top, 'bin');
  for (const dir of [home, project, bin]) mkdirSync(dir, { recursive: true });
  symlinkSync(CLI_PATH, join(bin, 'codegraph'));
  const env = cliEnv({ HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), APPDATA: join(home, 'AppData', 'Roaming'), PATH: `${bin}${delimiter}${dirname(process.execPath)}` });
  delete env['npm_command'];
  delete env['CODEX_HOME'];
  return { home, project, env };
}

function run(args: readonly string[], box: { project: string; env: Record<string, string> }): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI_PATH, ...args], { encoding: 'utf8', cwd: box.project, env: box.env, timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Case {
  readonly agent: string;
  readonly scope: 'global' | 'local';
  /** The config file, relative to the home (global) or the project (local). */
  readonly file: string;
  readonly fixture?: string;
  /** Whether cutting the entry out (no backup to restore) also gives the original bytes. */
  readonly spanExact: boolean;
}

const CASES: readonly Case[] = [
  { agent: 'claude', scope: 'global', file: '.claude.json', fixture: 'claude.json', spanExact: true },
  { agent: 'cursor', scope: 'global', file: '.cursor/mcp.json', fixture: 'cursor.json', spanExact: true },
  { agent: 'codex', scope: 'global', file: '.codex/config.toml', fixture: 'codex.toml', spanExact: false },
  { agent: 'opencode', scope: 'global', file: '.config/opencode/opencode.jsonc', fixture: 'opencode.jsonc', spanExact: true },
  { agent: 'gemini', scope: 'global', file: '.gemini/settings.json', fixture: 'gemini.json', spanExact: true },
  { agent: 'zed', scope: 'global', file: '.config/zed/settings.json', fixture: 'zed.jsonc', spanExact: true },
  { agent: 'zuno', scope: 'global', file: '.config/zuno/zuno.jsonc', fixture: 'zuno.jsonc', spanExact: false },
  { agent: 'kiro', scope: 'global', file: '.kiro/settings/mcp.json', fixture: 'kiro.json', spanExact: false },
  { agent: 'vscode', scope: 'global', file: '.config/Code/User/mcp.json', fixture: 'vscode.json', spanExact: true },
  { agent: 'copilot-cli', scope: 'global', file: '.copilot/mcp-config.json', spanExact: true },
  { agent: 'claude', scope: 'local', file: '.mcp.json', spanExact: true },
  { agent: 'codex', scope: 'local', file: '.codex/config.toml', spanExact: true },
  { agent: 'zed', scope: 'local', file: '.zed/settings.json', spanExact: true },
  { agent: 'trae', scope: 'local', file: '.trae/mcp.json', spanExact: true },
];

function setUp(c: Case): { box: ReturnType<typeof sandbox>; path: string; before: string | undefined; args: string[] } {
  const box = sandbox();
  const path = join(c.scope === 'global' ? box.home : box.project, c.file);
  const before = c.fixture === undefined ? undefined : readFileSync(join(FIXTURES, c.fixture), 'utf8');
  if (before !== undefined) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, before);
  }
  return { box, path, before, args: [`--target=${c.agent}`, ...(c.scope === 'local' ? ['--local'] : [])] };
}

/** Every file and folder below `dir`, relative, sorted (links listed, not followed). */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[]).map(String).sort();
}

/** The state install records changes in (default location under the sandbox's home). */
function recordsOf(box: { home: string }): string {
  return join(box.home, '.local', 'state', 'codegraph', 'install-records');
}

function assertRestored(path: string, before: string | undefined): void {
  if (before === undefined) assert.equal(existsSync(path), false, `${path} is removed`);
  else assert.equal(readFileSync(path, 'utf8'), before);
}

for (const c of CASES) {
  const name = `${c.agent} (${c.scope})`;
  test(`install writes the ${name} entry, re-install changes nothing, uninstall restores the bytes`, { skip: c.agent === 'vscode' && process.platform !== 'linux' }, () => {
    const { box, path, before, args } = setUp(c);
    const treeBefore = [...tree(box.home), ...tree(box.project)];
    const first = run(['install', ...args], box);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^Server command: codegraph serve --mcp\n/);
    assert.match(first.stdout, /\nChecked: the server starts and answers initialize \(\d+ ms\)\.\n$/);
    assert.equal(tree(box.home).some((f) => f.endsWith('.codegraph-backup')) || tree(box.project).some((f) => f.endsWith('.codegraph-backup')), false, 'no backup beside the configs');
    const installed = readFileSync(path, 'utf8');
    assertGolden('install', `${c.agent}.${c.scope}${c.file.slice(c.file.lastIndexOf('.'))}`, installed, import.meta.url);
    const again = run(['install', ...args], box);
    assert.equal(again.status, 0, again.stderr);
    assert.doesNotMatch(again.stdout, /written/);
    assert.equal(readFileSync(path, 'utf8'), installed);
    const removed = run(['uninstall', ...args], box);
    assert.equal(removed.status, 0, removed.stderr);
    assertRestored(path, before);
    assert.deepEqual([...tree(box.home), ...tree(box.project)], treeBefore, 'uninstall leaves no file or folder install made');
  });
  if (c.spanExact) {
    test(`uninstall of ${name} without the install record cuts out exactly what install wrote`, { skip: c.agent === 'vscode' && process.platform !== 'linux' }, () => {
      const { box, path, before, args } = setUp(c);
      assert.equal(run(['install', '--no-verify', ...args], box).status, 0);
      assert.ok(existsSync(recordsOf(box)), 'install recorded the original state');
      if (process.platform !== 'win32') {
        // The originals may hold tokens: only the user may read them, whatever the umask.
        assert.equal(statSync(recordsOf(box)).mode & 0o777, 0o700);
        const records = readdirSync(recordsOf(box)).filter((f) => f.endsWith('.json'));
        assert.ok(records.length > 0);
        for (const f of records) assert.equal(statSync(join(recordsOf(box), f)).mode & 0o077, 0, `${f} is private`);
      }
      rmSync(recordsOf(box), { recursive: true, force: true });
      assert.equal(run(['uninstall', ...args], box).status, 0);
      assertRestored(path, before);
    });
  }
}

test('a config keeps its permissions through install and uninstall (a private one stays private)', { skip: process.platform === 'win32' ? 'POSIX modes' : false }, () => {
  const { box, path, before, args } = setUp(CASES[0]!);
  chmodSync(path, 0o600);
  assert.equal(run(['install', '--no-verify', ...args], box).status, 0);
  assert.notEqual(readFileSync(path, 'utf8'), before);
  assert.equal(statSync(path).mode & 0o777, 0o600, 'after install');
  assert.equal(run(['uninstall', ...args], box).status, 0);
  assert.equal(readFileSync(path, 'utf8'), before);
  assert.equal(statSync(path).mode & 0o777, 0o600, 'after uninstall');
  chmodSync(path, 0o640);
  assert.equal(run(['install', '--no-verify', ...args], box).status, 0);
  assert.equal(statSync(path).mode & 0o777, 0o640, 'another mode kept as it is');
});

test('install --print-config prints each agent snippet and writes nothing', () => {
  const box = sandbox();
  const ids = ['claude', 'cursor', 'codex', 'opencode', 'gemini', 'zed', 'zuno', 'kiro', 'vscode', 'copilot-cli', 'antigravity', 'trae', 'qoder', 'hermes', 'jetbrains'];
  const out = ids.map((id) => {
    const r = run(['install', `--print-config=${id}`], box);
    assert.equal(r.status, 0, r.stderr);
    return `## ${id}\n${r.stdout}`;
  });
  assertGolden('install', 'print-config.txt', out.join('\n'), import.meta.url);
  assert.deepEqual(readdirSync(box.home), []);
  assert.deepEqual(readdirSync(box.project), []);
});

test('install writes this Node and the absolute CLI path when codegraph is not on PATH, and that command starts', () => {
  const box = sandbox();
  box.env['PATH'] = join(box.home, 'nothing-here');
  const printed = run(['install', '--print-config=cursor'], box);
  assert.equal(printed.status, 0, printed.stderr);
  const entry = (JSON.parse(printed.stdout) as { mcpServers: { codegraph: { command: string; args: string[] } } }).mcpServers.codegraph;
  assert.deepEqual({ command: entry.command, args: entry.args }, { command: process.execPath, args: [CLI_PATH, 'serve', '--mcp'] });
  const r = run(['install', '--target=cursor,claude', '--prompt-hook'], box);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /Checked: the server starts/);
  assert.match(r.stdout, /Checked: the prompt hook runs/);
  const settings = JSON.parse(readFileSync(join(box.home, '.claude', 'settings.json'), 'utf8')) as { hooks: { UserPromptSubmit: { hooks: { command: string }[] }[] } };
  const command = settings.hooks.UserPromptSubmit[0]?.hooks[0]?.command ?? '';
  assert.ok(command.endsWith(' prompt-hook') && command.includes(CLI_PATH.split('/').pop() ?? 'main.js'), command);
});

test('install under npx writes the npx form, and reports when that command does not start', () => {
  const box = sandbox();
  box.env['PATH'] = dirname(process.execPath);
  box.env['npm_command'] = 'exec';
  // An npx that cannot reach the package, as before the package is published.
  const fakeBin = join(box.home, 'fake-bin');
  mkdirSync(fakeBin);
  writeFileSync(join(fakeBin, 'npx'), '#!/bin/sh\necho "npm error 404 Not Found - codegraph-wasm" >&2\nexit 1\n');
  chmodSync(join(fakeBin, 'npx'), 0o755);
  box.env['PATH'] = `${fakeBin}${delimiter}${dirname(process.execPath)}`;
  const r = run(['install', '--target=cursor'], box);
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^Server command: npx -y codegraph-wasm serve --mcp\n/);
  assert.match(r.stderr, /the written server command does not start: it exited \(code 1\) before answering: npm error 404 Not Found - codegraph-wasm/);
});

test('install leaves a file that does not parse untouched and names its line', () => {
  const box = sandbox();
  const path = join(box.home, '.cursor', 'mcp.json');
  const broken = readFileSync(join(FIXTURES, 'broken.json'), 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, broken);
  const r = run(['install', '--target=cursor'], box);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /\.cursor\/mcp\.json:5: expected "," or "}"; the file was left untouched/);
  assert.equal(readFileSync(path, 'utf8'), broken);
  assert.deepEqual(tree(box.home), ['.cursor', join('.cursor', 'mcp.json')]);
});

test('install without --target lists the detected agents and asks for --yes', () => {
  const box = sandbox();
  mkdirSync(join(box.home, '.cursor'));
  mkdirSync(join(box.home, '.kiro'));
  const ask = run(['install'], box);
  assert.equal(ask.status, 1);
  assert.match(ask.stderr, /found Cursor \(cursor\), Kiro \(kiro\)\. Run again with --yes/);
  const yes = run(['install', '--yes'], box);
  assert.equal(yes.status, 0, yes.stderr);
  assert.ok(existsSync(join(box.home, '.cursor', 'mcp.json')));
  assert.ok(existsSync(join(box.home, '.kiro', 'settings', 'mcp.json')));
});

test('install --prompt-hook adds a UserPromptSubmit hook beside the existing one and the read-only permissions; uninstall restores the bytes', () => {
  const box = sandbox();
  const path = join(box.home, '.claude', 'settings.json');
  const before = readFileSync(join(FIXTURES, 'claude-settings.json'), 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, before);
  const install = run(['install', '--prompt-hook'], box);
  assert.equal(install.status, 0, install.stderr);
  assert.match(install.stdout, /\nChecked: the prompt hook runs \(\d+ ms\)\.\n$/);
  assert.match(install.stdout, /written\s+~\/\.claude\/settings\.json \(prompt hook, permissions\)/);
  assertGolden('install', 'claude.prompt-hook.json', readFileSync(path, 'utf8'), import.meta.url);
  assert.equal(run(['uninstall', '--target=claude'], box).status, 0);
  assert.equal(readFileSync(path, 'utf8'), before);
});

test('without its record, uninstall still cuts out the marked hook; unmarked permission rules stay, as they cannot be told from the user\'s', () => {
  const box = sandbox();
  const path = join(box.home, '.claude', 'settings.json');
  const before = readFileSync(join(FIXTURES, 'claude-settings.json'), 'utf8');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, before);
  assert.equal(run(['install', '--prompt-hook', '--no-permissions', '--no-verify'], box).status, 0);
  assert.doesNotMatch(readFileSync(path, 'utf8'), /mcp__codegraph__/);
  rmSync(recordsOf(box), { recursive: true, force: true });
  assert.equal(run(['uninstall', '--target=claude'], box).status, 0);
  assert.equal(readFileSync(path, 'utf8'), before);
  assert.equal(run(['install', '--prompt-hook', '--no-verify'], box).status, 0);
  rmSync(recordsOf(box), { recursive: true, force: true });
  assert.equal(run(['uninstall', '--target=claude'], box).status, 0);
  const after = readFileSync(path, 'utf8');
  assert.doesNotMatch(after, /managedBy/);
  assert.match(after, /"mcp__codegraph__codegraph_explore"/);
});

test('a local codex install writes AGENTS.md and the skill; skill update repairs the block; uninstall removes both', () => {
  const box = sandbox();
  const agents = join(box.project, 'AGENTS.md');
  const before = readFileSync(join(FIXTURES, 'codex-agents.md'), 'utf8');
  writeFileSync(agents, before);
  assert.equal(run(['install', '--target=codex', '--local'], box).status, 0);
  const skill = join(box.project, '.agents', 'skills', 'codegraph', 'SKILL.md');
  assert.match(readFileSync(skill, 'utf8'), /^---\nname: codegraph\n/);
  const installed = readFileSync(agents, 'utf8');
  assert.ok(installed.startsWith(`${before}\n\n<!-- codegraph-wasm:start`));
  writeFileSync(agents, installed.replace('## CodeGraph', '## Tampered'));
  const update = run(['skill', 'update', '--target=codex'], box);
  assert.equal(update.status, 0, update.stderr);
  assert.equal(readFileSync(agents, 'utf8'), installed);
  assert.equal(run(['uninstall', '--target=codex', '--local'], box).status, 0);
  assert.equal(readFileSync(agents, 'utf8'), before);
  assert.equal(existsSync(join(box.project, '.agents')), false);
});

test('init --target=zed indexes the project and pins the Zed entry to its absolute path', () => {
  const box = sandbox();
  writeFileSync(join(box.project, 'main.ts'), 'export function main(): void {}\n');
  const r = run(['init', '--quiet', '--target=zed'], box);
  assert.equal(r.status, 0, r.stderr);
  const settings = readFileSync(join(box.project, '.zed', 'settings.json'), 'utf8');
  assertGolden('install', 'zed.init.json', settings.replaceAll(box.project, '<PROJECT>'), import.meta.url);
  assert.ok(existsSync(join(box.project, '.codegraph')));
});

test('install into a symlinked config edits the file it points to and keeps the link', async () => {
  const { symlinkSync, lstatSync } = await import('node:fs');
  const box = sandbox();
  const real = join(box.home, 'dotfiles', 'cursor-mcp.json');
  mkdirSync(dirname(real), { recursive: true });
  writeFileSync(real, '{}\n');
  mkdirSync(join(box.home, '.cursor'));
  const link = join(box.home, '.cursor', 'mcp.json');
  symlinkSync(real, link);
  assert.equal(run(['install', '--target=cursor'], box).status, 0);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.match(readFileSync(real, 'utf8'), /"codegraph"/);
  assert.equal(run(['uninstall', '--target=cursor'], box).status, 0);
  assert.equal(readFileSync(real, 'utf8'), '{}\n');
});

test('the real home folder is never touched', () => {
  assert.deepEqual(realFiles.map((f) => stamp(join(realHome, f))), realBefore);
});

test('docs/agents.md shows each agent\'s snippet exactly as --print-config prints it', () => {
  const golden = readFileSync(join(dirname(FIXTURES), '..', 'golden', 'install', 'print-config.txt'), 'utf8');
  const snippets = new Map(golden.split(/^## /m).slice(1).map((part) => [part.slice(0, part.indexOf('\n')).trim(), `${part.slice(part.indexOf('\n') + 1).trimEnd()}\n`]));
  const doc = readFileSync(join(dirname(FIXTURES), '..', '..', 'docs', 'agents.md'), 'utf8');
  let checked = 0;
  for (const heading of doc.matchAll(/^## .*\(`([\w-]+)`\).*$/gm)) {
    const expected = snippets.get(heading[1] ?? '');
    if (expected === undefined) continue;
    const open = doc.indexOf('```', heading.index);
    const body = doc.indexOf('\n', open) + 1;
    assert.equal(doc.slice(body, doc.indexOf('```', body)), expected, `docs/agents.md, ${heading[1]}`);
    checked++;
  }
  assert.equal(checked, snippets.size, 'every printed snippet is in the docs');
});

test('uninstall keeps a skill edited since install and says so; an unedited one goes with its folders', () => {
  const box = sandbox();
  const before = [...tree(box.home), ...tree(box.project)];
  assert.equal(run(['install', '--target=codex', '--local', '--no-verify'], box).status, 0);
  const skill = join(box.project, '.agents', 'skills', 'codegraph', 'SKILL.md');
  writeFileSync(skill, `${readFileSync(skill, 'utf8')}\nMy own note.\n`);
  const u = run(['uninstall', '--target=codex', '--local'], box);
  assert.equal(u.status, 0, u.stderr);
  assert.match(u.stdout, /kept\s+\.\/\.agents\/skills\/codegraph\/SKILL\.md \(skill\): edited since install; left in place/);
  assert.match(readFileSync(skill, 'utf8'), /My own note\./);
  rmSync(join(box.project, '.agents'), { recursive: true });
  assert.deepEqual([...tree(box.home), ...tree(box.project)], before, 'nothing else of the install is left');
});
