import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { IndexSession } from '../../src/index/session.js';
import { StoredDefinitions } from '../../src/index/stored-definitions.js';
import { ProjectIndex } from '../../src/index/resolve/index.js';
import { ResolverInputs } from '../../src/index/resolver-inputs.js';
import { readSymbols, readSymbolById, readSymbolsNamed, type GraphStore } from '../../src/store/index.js';
import { generatedProject } from '../support/fixture-project.js';

const cleanups: (() => void | Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups) await c();
});

const FILES = {
  'a.c': 'int alpha(void) { return 1; }\nint shared(void) { return 2; }\n',
  'z.c': 'int zeta(void) { return 3; }\nint shared(void) { return 4; }\nint last(void) { return 5; }\n',
};

/** What the definition with each id is, as the store and the reader see it: [id, name, file, kind] or null. */
function view(defs: StoredDefinitions, store: GraphStore, ids: readonly number[]): { reader: unknown[]; store: unknown[] } {
  const row = (s: { id: number; name: string; fileId: number; kind: string } | undefined) => (s === undefined ? null : [s.id, s.name, s.fileId, s.kind]);
  return { reader: ids.map((id) => row(defs.symbol(id))), store: ids.map((id) => row(readSymbolById(store, id))) };
}

test('definitions read as asked for stay the same objects across a change to other files, and follow the store for the changed ones', async () => {
  const project = await generatedProject(FILES);
  cleanups.push(project.cleanup);
  const session = await IndexSession.open({ root: project.root, command: 'test', workers: 1 });
  cleanups.push(() => session.close());
  await session.sync();
  const read = async <T>(fn: (store: GraphStore) => T): Promise<T> => (await session.read(async (store) => fn(store)))!.value;

  const { defs, ids, alpha, zFile, sharedBefore } = await read((store) => {
    const defs = new StoredDefinitions(store);
    const all = readSymbols(store);
    const alpha = defs.named('alpha')[0]!;
    assert.equal(defs.symbol(alpha.id), alpha);
    assert.ok(defs.symbolsOf(alpha.fileId).includes(alpha));
    const sharedBefore = defs.named('shared').map((s) => s.fileId);
    const top = Math.max(...all.map((s) => s.id));
    const ids = [...all.map((s) => s.id), top + 1, top + 2];
    assert.deepEqual(ids.map((id) => defs.symbol(id) === undefined), [...all.map(() => false), true, true]);
    const zFile = all.find((s) => s.name === 'zeta')!.fileId;
    return { defs, ids, alpha, zFile, sharedBefore };
  });
  assert.equal(sharedBefore.length, 2);

  // z.c is stored last: its new rows may take the ids its old ones had.
  // More definitions than before: ids looked up and missing then exist now.
  writeFileSync(join(project.root, 'z.c'), 'int renamed(void) { return 3; }\nstruct last { int x; };\nint more(void) { return 6; }\nint most(void) { return 7; }\n');
  await session.sync();
  await read((store) => {
    assert.equal(defs.changed([zFile]), true);
    const seen = view(defs, store, ids);
    assert.deepEqual(seen.reader, seen.store, 'every id as the store has it now');
    assert.equal(defs.symbol(alpha.id), alpha, 'an unchanged file\'s definition is the object handed out before');
    assert.deepEqual(defs.named('shared').map((s) => s.fileId), sharedBefore.filter((f) => f !== zFile), 'a name the changed file no longer defines');
    assert.deepEqual(defs.named('renamed').map((s) => s.id), readSymbolsNamed(store, 'renamed').map((s) => s.id), 'a name it defines now');
    assert.deepEqual(defs.symbolsOf(zFile).map((s) => s.name), ['renamed', 'last', 'x', 'more', 'most']);
  });
});

test('past its kept limit a source forgets every definition, and an index over it drops the tables made from them', async () => {
  const project = await generatedProject(FILES);
  cleanups.push(project.cleanup);
  const session = await IndexSession.open({ root: project.root, command: 'test', workers: 1 });
  cleanups.push(() => session.close());
  await session.sync();
  await session.read(async (store) => {
    // z.c's three definitions fit; one more does not.
    const defs = new StoredDefinitions(store, 3);
    const inputs = new ResolverInputs(undefined, 0);
    inputs.refresh(store, []);
    const index = ProjectIndex.over(inputs.resolverFiles(store), defs);
    const zeta = defs.named('zeta')[0]!;
    assert.deepEqual(index.topLevel(zeta.fileId, 'zeta'), [zeta]);
    assert.equal(defs.changed([]), true, 'within the limit nothing is forgotten');
    defs.symbol(defs.named('alpha')[0]!.id);
    assert.equal(defs.changed([]), false, 'past it, everything is');
    const again = index.symbol(zeta.id)!;
    assert.notEqual(again, zeta, 'a new object for the same row');
    assert.deepEqual(again, zeta);
    index.forgetDefinitions();
    assert.equal(index.topLevel(zeta.fileId, 'zeta')[0], again, 'the tables hold what the source hands out now');
  });
});
