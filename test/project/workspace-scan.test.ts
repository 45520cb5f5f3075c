import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { isWorkspaceRoot, MAX_SCAN_CANDIDATES, scanIndexedChildren } from '../../src/project/workspace-scan.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-wsscan-')));
after(() => rmSync(base, { recursive: true, force: true }));
let counter = 0;

/** A fresh folder holding `files` (path -> text; a path ending in "/" is a folder). */
function tree(files: Readonly<Record<string, string>>): string {
  const root = join(base, `t${counter++}`);
  mkdirSync(root);
  for (const [path, text] of Object.entries(files)) {
    if (path.endsWith('/')) mkdirSync(join(root, path), { recursive: true });
    else {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  }
  return root;
}

const INDEX = '.codegraph/codegraph.db';

const MANIFESTS: readonly { name: string; files: Record<string, string>; workspace: boolean }[] = [
  { name: '.git folder', files: { '.git/': '' }, workspace: true },
  { name: '.git file (a worktree)', files: { '.git': 'gitdir: elsewhere' }, workspace: true },
  { name: 'package.json with workspaces', files: { 'package.json': '{"workspaces": ["packages/*"]}' }, workspace: true },
  { name: 'package.json without workspaces', files: { 'package.json': '{"name": "x"}' }, workspace: false },
  { name: 'Cargo.toml with [workspace]', files: { 'Cargo.toml': '[workspace]\nmembers = ["a"]\n' }, workspace: true },
  { name: 'Cargo.toml of one crate', files: { 'Cargo.toml': '[package]\nname = "a"\n' }, workspace: false },
  { name: 'go.work', files: { 'go.work': 'go 1.22\n' }, workspace: true },
  { name: 'pnpm-workspace.yaml', files: { 'pnpm-workspace.yaml': 'packages: []\n' }, workspace: true },
  { name: 'settings.gradle', files: { 'settings.gradle': "include 'a'\n" }, workspace: true },
  { name: 'settings.gradle.kts', files: { 'settings.gradle.kts': 'include("a")\n' }, workspace: true },
  { name: 'pom.xml with modules', files: { 'pom.xml': '<project><modules><module>a</module></modules></project>' }, workspace: true },
  { name: 'pom.xml without modules', files: { 'pom.xml': '<project></project>' }, workspace: false },
  { name: 'lerna.json', files: { 'lerna.json': '{}' }, workspace: true },
  { name: 'nx.json', files: { 'nx.json': '{}' }, workspace: true },
  { name: 'rush.json', files: { 'rush.json': '{}' }, workspace: true },
  { name: 'no manifest', files: { 'README.md': 'x' }, workspace: false },
];

for (const m of MANIFESTS) {
  test(`scanIndexedChildren ${m.workspace ? 'searches' : 'does not search'} below a folder with ${m.name}`, () => {
    const root = tree({ ...m.files, [`app/${INDEX}`]: '' });
    assert.equal(isWorkspaceRoot(root), m.workspace);
    assert.deepEqual(scanIndexedChildren(root).candidates, m.workspace ? [join(root, 'app')] : []);
  });
}

const DEPTHS: readonly { depth: number; found: boolean }[] = [
  { depth: 1, found: true },
  { depth: 4, found: true },
  { depth: 5, found: false },
];

for (const d of DEPTHS) {
  test(`scanIndexedChildren ${d.found ? 'finds' : 'does not find'} an index ${d.depth} level(s) down`, () => {
    const rel = Array.from({ length: d.depth }, (_, i) => `l${i}`).join('/');
    const root = tree({ '.git/': '', [`${rel}/${INDEX}`]: '' });
    assert.deepEqual(scanIndexedChildren(root).candidates, d.found ? [join(root, rel)] : []);
  });
}

for (const skipped of ['.hidden', 'node_modules', 'vendor', 'build', 'dist', 'target', 'cache', 'venv', 'tmp', 'temp']) {
  test(`scanIndexedChildren skips a ${skipped} folder`, () => {
    const root = tree({ '.git/': '', [`${skipped}/pkg/${INDEX}`]: '' });
    assert.deepEqual(scanIndexedChildren(root).candidates, []);
  });
}

test('scanIndexedChildren does not search below an indexed child', () => {
  const root = tree({ '.git/': '', [`outer/${INDEX}`]: '', [`outer/inner/${INDEX}`]: '' });
  assert.deepEqual(scanIndexedChildren(root).candidates, [join(root, 'outer')]);
});

test('scanIndexedChildren returns several candidates sorted', () => {
  const root = tree({ '.git/': '', [`zeta/${INDEX}`]: '', [`alpha/deep/${INDEX}`]: '', [`mid/${INDEX}`]: '' });
  assert.deepEqual(scanIndexedChildren(root).candidates, [join(root, 'alpha', 'deep'), join(root, 'mid'), join(root, 'zeta')]);
});

test('scanIndexedChildren stops at the candidate limit and says so', () => {
  const files: Record<string, string> = { '.git/': '' };
  for (let i = 0; i < MAX_SCAN_CANDIDATES + 6; i++) files[`p${String(i).padStart(3, '0')}/${INDEX}`] = '';
  const scan = scanIndexedChildren(tree(files));
  assert.equal(scan.candidates.length, MAX_SCAN_CANDIDATES);
  assert.equal(scan.truncated, true);
});

test('scanIndexedChildren never scans the home folder', () => {
  const root = tree({ '.git/': '', [`app/${INDEX}`]: '' });
  const saved = process.env['HOME'];
  process.env['HOME'] = root;
  try {
    assert.deepEqual(scanIndexedChildren(root).candidates, []);
  } finally {
    if (saved === undefined) delete process.env['HOME'];
    else process.env['HOME'] = saved;
  }
});

test('scanIndexedChildren never scans the file-system root', () => {
  assert.deepEqual(scanIndexedChildren('/'), { candidates: [], truncated: false });
});
