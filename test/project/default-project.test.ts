import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CHILD_SCAN_INTERVAL_MS, DefaultProjectResolver, type DefaultSource } from '../../src/project/default-project.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'codegraph-default-')));
after(() => rmSync(base, { recursive: true, force: true }));
let counter = 0;

function folder(): string {
  const dir = join(base, `t${counter++}`);
  mkdirSync(dir);
  return dir;
}

function index(dir: string): string {
  mkdirSync(join(dir, '.codegraph'), { recursive: true });
  writeFileSync(join(dir, '.codegraph', 'codegraph.db'), '');
  return dir;
}

/** A launch folder and what each source would point at; `null` leaves a source out. */
interface Case {
  readonly name: string;
  readonly pinned: boolean;
  readonly findUp: boolean;
  readonly children: number;
  readonly workspace: boolean;
  readonly roots: boolean;
  readonly expect: DefaultSource | undefined;
}

const CASES: readonly Case[] = [
  { name: '--path wins over everything', pinned: true, findUp: true, children: 1, workspace: true, roots: true, expect: 'path' },
  { name: 'find-up wins over the child scan', pinned: false, findUp: true, children: 1, workspace: true, roots: true, expect: 'find-up' },
  { name: 'one indexed child wins over initialize', pinned: false, findUp: false, children: 1, workspace: true, roots: true, expect: 'child-scan' },
  { name: 'several children are not guessed; initialize is used', pinned: false, findUp: false, children: 2, workspace: true, roots: true, expect: 'initialize' },
  { name: 'initialize wins over roots', pinned: false, findUp: false, children: 0, workspace: true, roots: true, expect: 'initialize' },
  { name: 'roots are the last source', pinned: false, findUp: false, children: 0, workspace: false, roots: true, expect: 'roots' },
  { name: 'nothing resolves without a source', pinned: false, findUp: false, children: 2, workspace: false, roots: false, expect: undefined },
];

for (const c of CASES) {
  test(`DefaultProjectResolver: ${c.name}`, () => {
    const outer = folder();
    if (c.findUp) index(outer);
    const launch = join(outer, 'launch');
    mkdirSync(join(launch, '.git'), { recursive: true });
    for (let i = 0; i < c.children; i++) index(join(launch, `child${i}`));
    const resolver = new DefaultProjectResolver({ cwd: launch, ...(c.pinned ? { pinned: folder() } : {}) });
    resolver.current();
    if (c.workspace) resolver.offerWorkspace([folder(), index(folder())]);
    if (c.roots) resolver.offerRoots([index(folder())]);
    assert.equal(resolver.source(), c.expect);
    assert.equal(resolver.current() !== undefined, c.expect !== undefined);
  });
}

test('DefaultProjectResolver lists several indexed children sorted and reports them once', () => {
  const launch = folder();
  mkdirSync(join(launch, '.git'));
  index(join(launch, 'b'));
  index(join(launch, 'a'));
  const reported: (readonly string[])[] = [];
  let now = 0;
  const resolver = new DefaultProjectResolver({ cwd: launch, now: () => now, onAmbiguous: (c) => reported.push(c) });
  assert.equal(resolver.current(), undefined);
  now += CHILD_SCAN_INTERVAL_MS;
  assert.equal(resolver.current(), undefined);
  assert.deepEqual(resolver.candidates(), [join(launch, 'a'), join(launch, 'b')]);
  assert.deepEqual(reported, [[join(launch, 'a'), join(launch, 'b')]]);
});

test('DefaultProjectResolver scans children at most once per interval', () => {
  const launch = folder();
  mkdirSync(join(launch, '.git'));
  let now = 1_000;
  const resolver = new DefaultProjectResolver({ cwd: launch, now: () => now });
  assert.equal(resolver.current(), undefined);
  const child = index(join(launch, 'app'));
  now += CHILD_SCAN_INTERVAL_MS - 1;
  assert.equal(resolver.current(), undefined);
  now += 1;
  assert.equal(resolver.current(), child);
  assert.equal(resolver.source(), 'child-scan');
});

test('DefaultProjectResolver re-runs find-up on every call while no default is known', () => {
  const project = folder();
  const cwd = join(project, 'src');
  mkdirSync(cwd);
  const resolver = new DefaultProjectResolver({ cwd, now: () => 0 });
  assert.equal(resolver.current(), undefined);
  index(project);
  assert.equal(resolver.current(), project);
  assert.equal(resolver.source(), 'find-up');
});

test('DefaultProjectResolver adopts an advertised workspace once it gets indexed', () => {
  const resolver = new DefaultProjectResolver({ cwd: folder() });
  const workspace = folder();
  resolver.offerWorkspace([workspace]);
  assert.equal(resolver.current(), undefined);
  index(workspace);
  assert.equal(resolver.current(), workspace);
  assert.equal(resolver.source(), 'initialize');
});

test('DefaultProjectResolver keeps a pinned path even when it has no index', () => {
  const cwd = folder();
  const resolver = new DefaultProjectResolver({ cwd, pinned: 'relative/project' });
  assert.equal(resolver.current(), join(cwd, 'relative', 'project'));
});
