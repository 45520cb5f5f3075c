import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { HELD_DEFINITIONS_LIMIT, heldDefinitionsLimit, ResolverInputs } from '../../src/index/resolver-inputs.js';
import { openIndex } from '../../src/index/sync/index.js';
import { INDEX_DIR } from '../../src/store/layout.js';
import { highestNodeId, readSymbols } from '../../src/store/index.js';
import type { GraphStore } from '../../src/store/index.js';
import { fixtureProject } from '../support/fixture-project.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

/** Runs `body` over the store of a fresh copy of the shop fixture's index, closed after. */
async function withShopStore(body: (store: GraphStore) => void | Promise<void>): Promise<void> {
  const project = await fixtureProject('shop', import.meta.url);
  cleanups.push(project.cleanup);
  const { store } = await openIndex(join(project.root, INDEX_DIR));
  try {
    await body(store);
  } finally {
    store.close();
  }
}

/** What resolution reads from the inputs: definitions, lookups by name and file, files by name used. */
function tables(inputs: ResolverInputs, store: GraphStore): unknown {
  const symbols = inputs.symbols();
  const names = [...new Set(symbols.map((s) => s.name))].sort();
  const project = inputs.projectIndex(inputs.resolverFiles(store));
  return {
    symbols: symbols.map((s) => [s.id, s.fileId, s.name, s.qualifiedName]),
    named: names.map((n) => project.named(n).map((s) => s.id)),
    perFile: project.files.map((f) => project.symbolsOf(f.id).map((s) => s.id)),
    referencing: names.map((n) => [...inputs.filesReferencing(store, [n])].sort((a, b) => a - b)),
  };
}

test('inputs prepared a slice at a time hold the tables a whole read gives, and hold none until the end', () => withShopStore(async (store) => {
  const whole = new ResolverInputs();
  whole.refresh(store, []);
  const expected = tables(whole, store);

  const sliced = new ResolverInputs();
  const steps = sliced.prepare(store, { symbols: 3, projectSymbols: 5, referenceFiles: 1 });
  let yields = 0;
  for (let step = steps.next(); step.done !== true; step = steps.next()) yields++;
  assert.ok(yields > 10, `the work came in slices (${yields} yields)`);
  assert.deepEqual(tables(sliced, store), expected);
  assert.ok((expected as { referencing: number[][] }).referencing.some((files) => files.length > 0), 'the fixture references some names');

  // Stopped after a few slices, nothing is held: the next use reads the tables whole.
  const stopped = new ResolverInputs();
  const partial = stopped.prepare(store, { symbols: 3, projectSymbols: 5, referenceFiles: 1 });
  for (let i = 0; i < 4; i++) partial.next();
  partial.return(undefined);
  assert.throws(() => stopped.symbols(), /refresh must run first/);
}));

test('inputs that read definitions as asked for give every lookup held ones give, one object per definition, and hold none', () => withShopStore(async (store) => {
  const held = new ResolverInputs(undefined, Number.MAX_SAFE_INTEGER);
  held.refresh(store, []);
  const asked = new ResolverInputs(undefined, 0);
  asked.refresh(store, []);
  assert.equal(held.holdsDefinitions, true);
  assert.equal(asked.holdsDefinitions, false);
  assert.deepEqual(tables(asked, store), tables(held, store));

  const index = asked.projectIndex(asked.resolverFiles(store));
  const withMembers = readSymbols(store).find((s) => s.parentId !== null);
  assert.ok(withMembers !== undefined, 'the fixture has a member');
  const member = index.symbol(withMembers.id)!;
  const parent = index.symbol(member.parentId!)!;
  assert.equal(index.symbol(member.id), member, 'read twice, the same object');
  assert.ok(index.named(member.name).includes(member), 'by name, the same object');
  assert.ok(index.symbolsOf(member.fileId).includes(member), 'by file, the same object');
  assert.ok(index.members(parent, member.name).includes(member), 'among its parent\'s members, the same object');
  assert.equal(index.symbol(1_000_000_000), undefined);

  // Prepared, they read no definition a slice at a time: only which files use which names.
  const prepared = new ResolverInputs(undefined, 0);
  let yields = 0;
  for (const _ of prepared.prepare(store, { symbols: 1, projectSymbols: 1, referenceFiles: 1_000_000 })) yields++;
  assert.ok(yields < 10, `no slices of definitions (${yields} yields)`);
  assert.equal(prepared.holdsDefinitions, false);
  assert.deepEqual(tables(prepared, store), tables(held, store));
}));

test('after a run over every definition, inputs of a project past the limit stop holding them', () => withShopStore(async (store) => {
  const count = readSymbols(store).length;
  const highest = highestNodeId(store);
  for (const [limit, holds] of [[highest, true], [highest - 1, false]] as const) {
    const inputs = new ResolverInputs(undefined, limit);
    const byFile = new Map<number, ReturnType<typeof readSymbols>>();
    for (const s of readSymbols(store)) byFile.set(s.fileId, [...(byFile.get(s.fileId) ?? []), s]);
    inputs.adopt(store, byFile);
    assert.equal(inputs.holdsDefinitions, true);
    const imports = inputs.resolverFiles(store).map((f) => f.imports);
    assert.ok(imports.some((list) => list.length > 0), 'the fixture imports something');
    inputs.settle(store);
    assert.equal(inputs.holdsDefinitions, holds, `limit ${limit}, highest node id ${highest}`);
    assert.equal(inputs.symbols().length, count);
    assert.deepEqual(inputs.resolverFiles(store).map((f) => f.imports), imports, 'the import statements are kept');
  }
}));

test('CODEGRAPH_HELD_DEFINITIONS takes a whole number; anything else leaves the default', () => {
  assert.equal(heldDefinitionsLimit('0'), 0);
  assert.equal(heldDefinitionsLimit(' 250000 '), 250_000);
  for (const bad of [undefined, '', '-1', '1e6', 'lots', '1.5', '9'.repeat(20)]) assert.equal(heldDefinitionsLimit(bad), HELD_DEFINITIONS_LIMIT, String(bad));
});
