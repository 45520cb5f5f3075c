import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ResolverInputs } from '../../src/index/resolver-inputs.js';
import { openIndex } from '../../src/index/sync/index.js';
import { INDEX_DIR } from '../../src/store/layout.js';
import type { GraphStore } from '../../src/store/index.js';
import { fixtureProject } from '../support/fixture-project.js';

const cleanups: (() => void)[] = [];
after(() => {
  for (const c of cleanups) c();
});

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

test('inputs prepared a slice at a time hold the tables a whole read gives, and hold none until the end', async () => {
  const project = await fixtureProject('shop', import.meta.url);
  cleanups.push(project.cleanup);
  const { store } = await openIndex(join(project.root, INDEX_DIR));
  try {
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
  } finally {
    store.close();
  }
});
