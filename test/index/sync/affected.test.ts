import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { moduleStems } from '../../../src/index/sync/affected.js';
import { indexProject } from '../../../src/index/sync/index.js';
import { generatedProject } from '../../support/fixture-project.js';
import { dumpGraph } from '../../support/graph-dump.js';
import { freshDump } from '../../support/shop-edits.js';

test('module stems name a file by its stem and an index-like file by its folder too', () => {
  assert.deepEqual(moduleStems(['src/util.ts', 'pkg/__init__.py', 'types.d.ts', 'index.js']), ['util', '__init__', 'pkg', 'types', 'index']);
});

test('module stems: every index-like name (index, __init__, mod, main, lib) adds its folder; only a trailing .d is dropped; an empty stem is none', () => {
  assert.deepEqual(moduleStems(['src/foo/mod.rs', 'cmd/tool/main.go', 'crate/lib.rs', 'web/index.ts', 'app/__init__.py']), ['mod', 'foo', 'main', 'tool', 'lib', 'crate', 'index', 'web', '__init__', 'app']);
  assert.deepEqual(moduleStems(['a.dx.ts', 'b.d.ts']), ['a.dx', 'b']);
  assert.deepEqual(moduleStems(['.ts', 'x/.env']), []);
  assert.deepEqual(moduleStems(['main.go']), ['main'], 'no folder to add');
});

/**
 * Indexes `files`, applies `edit` to the tree, syncs, and checks the graph equals a fresh index of
 * the edited tree; returns the synced dump for further checks.
 */
async function syncEqualsFresh(files: Record<string, string>, edit: (root: string) => void): Promise<string> {
  const project = await generatedProject(files);
  const cleanups: (() => void)[] = [project.cleanup];
  try {
    edit(project.root);
    await indexProject({ root: project.root, mode: 'incremental', command: 'test', workers: 1 });
    const synced = await dumpGraph(project.root);
    assert.equal(synced, await freshDump(project.root, cleanups));
    return synced;
  } finally {
    for (const c of cleanups) c();
  }
}

const TWO_CANDIDATES = {
  'a.py': 'class A:\n    def refresh_cache(self):\n        return 1\n',
  'b.py': 'class B:\n    def refresh_cache(self):\n        return 2\n',
  'c.py': 'def run(thing):\n    return thing.refresh_cache()\n',
};
const CALL_TO_B = /edge c\.py#function:run@\S+ -calls-> b\.py#method:B\.refresh_cache@/;

test('a file removed leaves one candidate for a call no file imports: the caller is bound to it, as a fresh index binds it', async () => {
  const dump = await syncEqualsFresh(TWO_CANDIDATES, (root) => rmSync(join(root, 'a.py')));
  assert.match(dump, CALL_TO_B);
});

test('a definition removed from a file that stays leaves one candidate: the caller is bound to it', async () => {
  const dump = await syncEqualsFresh(TWO_CANDIDATES, (root) => writeFileSync(join(root, 'a.py'), 'class A:\n    def other(self):\n        return 1\n'));
  assert.match(dump, CALL_TO_B);
});

test('a file added under the name an import asks for binds the importer, as a fresh index binds it', async () => {
  const dump = await syncEqualsFresh(
    { 'app.py': 'from helpers import tidy\n\ndef main():\n    return tidy()\n' },
    (root) => writeFileSync(join(root, 'helpers.py'), 'def tidy():\n    return 1\n'),
  );
  assert.match(dump, /edge app\.py#function:main@\S+ -calls-> helpers\.py#function:tidy@/);
});

const RETURNED = {
  'models.py': 'class Client:\n    def send(self):\n        return 1\n\nclass Other:\n    def send(self):\n        return 2\n',
  'factory.py': 'from models import Client, Other\n\ndef make() -> Client:\n    return Client()\n',
  'use.py': 'from factory import make\n\ndef run():\n    return make().send()\n',
};

test('a function made to return another type re-binds the calls on its result, as a fresh index binds them', async () => {
  const dump = await syncEqualsFresh(RETURNED, (root) => writeFileSync(join(root, 'factory.py'), 'from models import Client, Other\n\ndef make() -> Other:\n    return Other()\n'));
  assert.match(dump, /edge use\.py#function:run@\S+ -calls-> models\.py#method:Other\.send@/);
  assert.doesNotMatch(dump, /-calls-> models\.py#method:Client\.send@/);
});

test('a method added to the returned type binds a call on the result that found none, as a fresh index binds it', async () => {
  const files = { ...RETURNED, 'use.py': 'from factory import make\n\ndef run():\n    return make().close()\n' };
  const models = 'class Client:\n    def send(self):\n        return 1\n\n    def close(self):\n        return 3\n\nclass Other:\n    def send(self):\n        return 2\n';
  const dump = await syncEqualsFresh(files, (root) => writeFileSync(join(root, 'models.py'), models));
  assert.match(dump, /edge use\.py#function:run@\S+ -calls-> models\.py#method:Client\.close@/);
});

test('a factory made to return its local as a property binds a call on an object of that name elsewhere, as a fresh index binds it', async () => {
  const factory = (returned: string): string => `function createManager() {\n  function schedule(task) { return task; }\n  return ${returned};\n}\nmodule.exports = { createManager };\n`;
  const files = {
    'manager.js': factory('{}'),
    'app.js': "const { createManager } = require('./manager');\nfunction run(manager) { return manager.schedule(1); }\nmodule.exports = { run };\n",
  };
  const CALL = /edge app\.js#function:run@\S+ -calls-> manager\.js#function:createManager\.schedule@/;
  const before = await syncEqualsFresh(files, () => undefined);
  assert.doesNotMatch(before, CALL, 'a local no property names is reached by no call on an object');
  const after = await syncEqualsFresh(files, (root) => writeFileSync(join(root, 'manager.js'), factory('{ schedule }')));
  assert.match(after, CALL);
});
