import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { lookupSymbol } from '../../src/graph/index.js';
import { openGeneratedProject } from '../support/fixture-project.js';
import { openFixture, type OpenFixture } from './open-fixture.js';
import { BUNDLED_PACKAGE } from '../search/fixtures/bundled-package.js';

describe('lookupSymbol', () => {
  let twins: OpenFixture;
  let shop: OpenFixture;
  before(async () => {
    twins = await openFixture('twins', import.meta.url);
    shop = await openFixture('shop', import.meta.url);
  });
  after(() => {
    twins.close();
    shop.close();
  });

  test('groups same-named definitions by file, in path order', () => {
    const found = lookupSymbol(twins.index.store, 'handle');
    assert.deepEqual(found.groups.map((g) => g.path), ['billing/handler.ts', 'shipping/handler.ts']);
  });

  test('a module\'s definition comes before its copy in a bundle, whatever the paths\' order', async () => {
    const project = await openGeneratedProject(BUNDLED_PACKAGE);
    try {
      assert.deepEqual(lookupSymbol(project.index.store, 'splitPairs').groups.map((g) => g.path), ['lib/parse.js', 'lib/bundle.js']);
    } finally {
      project.close();
    }
  });

  test('a TypeScript function with overload signatures is one definition, from the first signature', () => {
    const found = lookupSymbol(twins.index.store, 'parseAmount');
    assert.equal(found.groups.length, 1);
    assert.deepEqual(found.groups[0]?.nodes.map((n) => [n.startLine, n.endLine]), [[7, 11]]);
  });

  test('keeps overloads of one qualified name in one file together', async () => {
    const project = await openGeneratedProject({
      'src/Amounts.java': 'public class Amounts {\n  static long parse(String text) { return 0; }\n  static long parse(long cents) { return cents; }\n}\n',
    });
    try {
      const found = lookupSymbol(project.index.store, 'Amounts.parse');
      assert.equal(found.groups.length, 1);
      assert.deepEqual(found.groups[0]?.nodes.map((n) => n.startLine), [2, 3]);
    } finally {
      project.close();
    }
  });

  test('narrows to the file given by exact path', () => {
    const found = lookupSymbol(twins.index.store, 'handle', 'shipping/handler.ts');
    assert.deepEqual(found.groups.map((g) => g.path), ['shipping/handler.ts']);
    assert.deepEqual(found.filter, { kind: 'matched', value: 'shipping/handler.ts' });
  });

  test('narrows by a segment-aligned path suffix, with ./ and backslashes normalized', () => {
    assert.deepEqual(lookupSymbol(shop.index.store, 'saveOrder', 'db\\repo.ts').groups.length, 2);
    assert.deepEqual(lookupSymbol(twins.index.store, 'handle', './billing/handler.ts').groups.map((g) => g.path), ['billing/handler.ts']);
  });

  test('does not treat a partial file name as a suffix', () => {
    const found = lookupSymbol(twins.index.store, 'handle', 'andler.ts');
    assert.equal(found.filter.kind, 'unmatched');
  });

  test('falls back to every definition and reports a filter that matches nothing', () => {
    const found = lookupSymbol(twins.index.store, 'handle', 'nowhere.ts');
    assert.equal(found.groups.length, 2);
    assert.deepEqual(found.filter, { kind: 'unmatched', value: 'nowhere.ts' });
  });

  test('resolves qualified names in any separator style', () => {
    for (const spelled of ['Cart.add', 'Cart::add', 'Cart#add']) {
      const found = lookupSymbol(shop.index.store, spelled);
      assert.deepEqual(found.groups.map((g) => `${g.path} ${g.qualifiedName}`), ['src/cart.ts Cart.add'], spelled);
    }
  });

  test('names a file node by its project-relative path', () => {
    const found = lookupSymbol(shop.index.store, 'src/events.ts');
    assert.equal(found.groups[0]?.nodes[0]?.kind, 'file');
  });

  test('falls back to a case-insensitive name match', () => {
    assert.equal(lookupSymbol(shop.index.store, 'EMIT').groups[0]?.qualifiedName, 'emit');
  });

  test('finds nothing for an unknown name', () => {
    assert.equal(lookupSymbol(shop.index.store, 'noSuchThing').groups.length, 0);
  });
});

test('a class and the constructors that bear its name are one definition; the qualified constructor name is its own', async () => {
  const project = await openGeneratedProject({
    'src/Money.java': 'public class Money {\n  Money() {}\n  Money(long cents) {}\n}\n',
    'src/Purse.java': 'public class Purse {\n  Money empty() { return new Money(); }\n}\n',
  });
  try {
    const found = lookupSymbol(project.index.store, 'Money');
    assert.equal(found.groups.length, 1);
    assert.equal(found.groups[0]?.qualifiedName, 'Money');
    assert.deepEqual(found.groups[0]?.nodes.map((n) => n.kind), ['class', 'constructor', 'constructor']);
    const constructors = lookupSymbol(project.index.store, 'Money.Money');
    assert.deepEqual(constructors.groups.map((g) => [g.qualifiedName, g.nodes.length]), [['Money.Money', 2]]);
  } finally {
    project.close();
  }
});
