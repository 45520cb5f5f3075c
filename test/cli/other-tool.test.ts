/**
 * Living beside another code-graph tool that also calls itself `codegraph`: its binary first on
 * PATH, its MCP entry, prompt hook, instructions block, skill and `.codegraph/` index. Install,
 * uninstall and init never replace or remove any of it without --force, and say so.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { CLI_PATH, cliEnv } from '../support/cli.js';
import { SqliteDb } from '../../src/store/sqlite.js';

const top = mkdtempSync(join(tmpdir(), 'codegraph-other-tool-'));
after(() => rmSync(top, { recursive: true, force: true }));

const THEIR_ENTRY = '{\n  "mcpServers": {\n    "codegraph": {\n      "command": "codegraph",\n      "args": ["serve", "--mcp"]\n    }\n  }\n}\n';
const THEIR_HOOK = '{\n  "hooks": {\n    "UserPromptSubmit": [\n      { "hooks": [{ "type": "command", "command": "codegraph prompt-hook" }] }\n    ]\n  }\n}\n';
const THEIR_BLOCK = '# Notes\n\n<!-- codegraph:start -->\nUse the other tool.\n<!-- codegraph:end -->\n';
const THEIR_SKILL = '---\nname: codegraph\ndescription: the other tool\n---\n\nTheirs.\n';

interface Box {
  readonly home: string;
  readonly project: string;
  readonly otherBin: string;
  readonly env: Record<string, string>;
  readonly theirFiles: Readonly<Record<string, string>>;
}

/** A home and project where the other tool is installed (project level), with its index. */
async function box(name: string): Promise<Box> {
  const root = join(top, name);
  const home = join(root, 'home');
  const project = join(root, 'project');
  const otherBin = join(root, 'other-bin');
  for (const dir of [home, project, otherBin, join(project, '.claude'), join(project, '.codegraph'), join(project, '.agents', 'skills', 'codegraph')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(otherBin, 'codegraph'), '#!/bin/sh\necho "the other codegraph" >&2\nexit 3\n');
  chmodSync(join(otherBin, 'codegraph'), 0o755);
  writeFileSync(join(project, 'a.ts'), 'export function a(): number {\n  return 1;\n}\n');
  const theirFiles: Record<string, string> = {
    '.mcp.json': THEIR_ENTRY,
    '.claude/settings.json': THEIR_HOOK,
    'CLAUDE.md': THEIR_BLOCK,
    '.agents/skills/codegraph/SKILL.md': THEIR_SKILL,
  };
  for (const [file, text] of Object.entries(theirFiles)) writeFileSync(join(project, file), text);
  const db = await SqliteDb.open();
  db.exec('CREATE TABLE nodes (id INTEGER); CREATE TABLE unresolved_refs (id INTEGER)');
  writeFileSync(join(project, '.codegraph', 'codegraph.db'), db.export());
  db.close();
  const env = cliEnv({ HOME: home, USERPROFILE: home, XDG_CONFIG_HOME: join(home, '.config'), PATH: `${otherBin}${delimiter}${dirname(process.execPath)}`, CODEGRAPH_NO_DAEMON: '1' });
  delete env['npm_command'];
  return { home, project, otherBin, env, theirFiles };
}

function run(b: Box, args: readonly string[], extraEnv: Readonly<Record<string, string>> = {}): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI_PATH, ...args], { cwd: b.project, env: { ...b.env, ...extraEnv }, encoding: 'utf8', timeout: 120_000 });
}

function assertTheirsUntouched(b: Box): void {
  for (const [file, text] of Object.entries(b.theirFiles)) assert.equal(readFileSync(join(b.project, file), 'utf8'), text, `${file} is the other tool's, byte for byte`);
}

test('install names the other codegraph on PATH, refuses its entry and skill, and writes its own hook and block beside theirs', async () => {
  const b = await box('install');
  const dbBefore = readFileSync(join(b.project, '.codegraph', 'codegraph.db'));
  const r = run(b, ['install', '--target=claude', '--local', '--prompt-hook']);
  assert.equal(r.status, 1, r.stdout);
  assert.match(r.stderr, new RegExp(`another codegraph is first on PATH \\(${join(b.otherBin, 'codegraph').replaceAll('/', '\\/')}\\); the configs run this installation instead: `));
  assert.match(r.stdout, new RegExp(`^Server command: ${process.execPath.replaceAll('/', '\\/')} \\S+main\\.js serve --mcp\\n`));
  assert.match(r.stderr, /\.mcp\.json already has a "mcpServers\.codegraph" server that codegraph-wasm did not write \(it runs `codegraph serve --mcp`\); it was left untouched\. Add --force to replace it/);
  assert.equal(readFileSync(join(b.project, '.mcp.json'), 'utf8'), THEIR_ENTRY);
  assert.equal(readFileSync(join(b.project, '.agents/skills/codegraph/SKILL.md'), 'utf8'), THEIR_SKILL);
  const settings = readFileSync(join(b.project, '.claude', 'settings.json'), 'utf8');
  assert.ok(settings.includes('"command": "codegraph prompt-hook"'), 'their hook stays');
  assert.match(settings, /"managedBy": "codegraph-wasm"/);
  const claudeMd = readFileSync(join(b.project, 'CLAUDE.md'), 'utf8');
  assert.ok(claudeMd.startsWith(THEIR_BLOCK), 'their block stays first, unchanged');
  assert.match(claudeMd, /<!-- codegraph-wasm:start/);
  assert.deepEqual(readFileSync(join(b.project, '.codegraph', 'codegraph.db')), dbBefore);
  // The skill of the same name (written by a local Codex install) is theirs too.
  const codex = run(b, ['install', '--target=codex', '--local', '--no-verify']);
  assert.equal(codex.status, 1);
  assert.match(codex.stderr, /SKILL\.md exists and was not written by codegraph-wasm; it was left untouched\. Add --force to replace it/);
  assert.equal(readFileSync(join(b.project, '.agents/skills/codegraph/SKILL.md'), 'utf8'), THEIR_SKILL);
  assert.equal(run(b, ['uninstall', '--target=codex', '--local']).status, 0);

  // Uninstall removes only what is ours: everything of theirs is as it was.
  const u = run(b, ['uninstall', '--target=claude', '--local']);
  assert.equal(u.status, 0, u.stderr);
  assertTheirsUntouched(b);
  assert.deepEqual(readdirSync(join(b.project, '.claude')), ['settings.json']);
});

test('install --force replaces their entry and skill; uninstall gives back their bytes', async () => {
  const b = await box('force');
  const r = run(b, ['install', '--target=claude', '--local', '--force']);
  assert.equal(r.status, 0, r.stderr);
  const entry = JSON.parse(readFileSync(join(b.project, '.mcp.json'), 'utf8')) as { mcpServers: { codegraph: { command: string; env: Record<string, string> } } };
  assert.equal(entry.mcpServers.codegraph.command, process.execPath);
  assert.deepEqual(entry.mcpServers.codegraph.env, { CODEGRAPH_MANAGED_BY: 'codegraph-wasm' });
  assert.match(r.stdout, /Checked: the server starts and answers initialize/);
  const u = run(b, ['uninstall', '--target=claude', '--local']);
  assert.equal(u.status, 0, u.stderr);
  assertTheirsUntouched(b);
});

test('init and queries leave their index untouched and say how to replace it or keep both', async () => {
  const b = await box('index');
  const dbBefore = readFileSync(join(b.project, '.codegraph', 'codegraph.db'));
  for (const args of [['init'], ['index'], ['sync'], ['search', 'a'], ['status']]) {
    const r = run(b, args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, /codegraph\.db was not written by codegraph-wasm \(another tool's index\?\) and was left untouched\. Run `codegraph init --force` to replace it .*CODEGRAPH_INDEX_DIR=\.codegraph-wasm/);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  assert.deepEqual(readFileSync(join(b.project, '.codegraph', 'codegraph.db')), dbBefore);
  assert.deepEqual(readdirSync(join(b.project, '.codegraph')), ['codegraph.db']);

  // Both tools at once: this one keeps its index in a folder of its own.
  const both = run(b, ['init', '--quiet'], { CODEGRAPH_INDEX_DIR: '.codegraph-wasm' });
  assert.equal(both.status, 0, both.stderr);
  assert.ok(existsSync(join(b.project, '.codegraph-wasm', 'codegraph.db')));
  assert.match(run(b, ['search', 'a'], { CODEGRAPH_INDEX_DIR: '.codegraph-wasm' }).stdout, /^Found 1 symbol for "a"/);
  assert.deepEqual(readFileSync(join(b.project, '.codegraph', 'codegraph.db')), dbBefore);

  // --force replaces theirs, keeping it beside the new index.
  const forced = run(b, ['init', '--quiet', '--force']);
  assert.equal(forced.status, 0, forced.stderr);
  const kept = readdirSync(join(b.project, '.codegraph')).filter((f) => f.startsWith('codegraph.db.foreign-'));
  assert.equal(kept.length, 1);
  assert.deepEqual(readFileSync(join(b.project, '.codegraph', kept[0]!)), dbBefore);
  assert.match(run(b, ['search', 'a']).stdout, /^Found 1 symbol for "a"/);
});
