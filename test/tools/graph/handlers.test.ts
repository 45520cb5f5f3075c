import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ToolCallContext } from '../../../src/mcp/tool-service.js';
import { GRAPH_HANDLERS } from '../../../src/tools/graph/handlers.js';
import { loadHandler } from '../../../src/tools/handlers.js';
import type { ToolArgs } from '../../../src/tools/schema.js';
import type { ToolOutput } from '../../../src/tools/service.js';
import { assertGolden } from '../../support/golden.js';
import { openFixture, type OpenFixture } from '../../graph/open-fixture.js';
import { openGeneratedProject } from '../../support/fixture-project.js';

const GOLDEN = 'tools/graph';
const context: ToolCallContext = { signal: new AbortController().signal, progress: () => {} };

async function call(fixture: OpenFixture, tool: string, args: ToolArgs): Promise<ToolOutput> {
  const handler = GRAPH_HANDLERS[tool];
  assert.ok(handler, `no handler for ${tool}`);
  return handler(args, fixture.index, context);
}

test('the five graph tools are registered with the server', async () => {
  for (const tool of ['callers', 'callees', 'impact', 'check', 'export']) assert.equal(await loadHandler(tool), GRAPH_HANDLERS[tool], tool);
});

describe('graph tools on the shop fixture', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
  });
  after(() => shop.close());

  const golden = (name: string, tool: string, args: ToolArgs): void => {
    test(`${tool} ${JSON.stringify(args)} matches ${name}`, async () => {
      const out = await call(shop, tool, args);
      assert.equal(out.isError, undefined);
      assertGolden(GOLDEN, name, out.text, import.meta.url);
    });
  };
  golden('callers-emit.txt', 'callers', { symbol: 'emit', limit: 20 });
  golden('callers-qualified.txt', 'callers', { symbol: 'Cart.add', limit: 20 });
  golden('callees-limited.txt', 'callees', { symbol: 'checkout', limit: 1 });
  golden('impact-emit.txt', 'impact', { symbol: 'emit', depth: 2 });
  golden('impact-file.txt', 'impact', { symbol: 'src/events.ts', depth: 3 });
  golden('check-shop.txt', 'check', {});
  golden('unknown-symbol.txt', 'callers', { symbol: 'emitt', limit: 20 });

  test('callers, callees and impact refuse a file filter outside the project alike, and keep one inside', async () => {
    for (const tool of ['callers', 'callees', 'impact']) {
      for (const file of ['/etc/passwd', '../../outside.ts', `${shop.index.root}/../x.ts:3`]) {
        const out = await call(shop, tool, { symbol: 'emit', file, limit: 20, depth: 2 });
        assert.equal(out.isError, true, `${tool} ${file}`);
        assert.equal(out.text, `Error: file ${JSON.stringify(file)} is outside the project; only files under the project root can be named`);
      }
      const inside = await call(shop, tool, { symbol: 'emit', file: 'src/events.ts', limit: 20, depth: 2 });
      assert.equal(inside.isError, undefined, `${tool}: ${inside.text}`);
    }
  });

  test('an unknown symbol is answered with close names, not an error', async () => {
    const out = await call(shop, 'impact', { symbol: 'priceOff', depth: 2 });
    assert.equal(out.isError, undefined);
    assert.match(out.text, /^No symbol named "priceOff"/);
    assert.match(out.text, /- priceOf \(function\) - src\/pricing\.ts:6/);
  });

  test('callers reports Showing N of M only when the limit hides rows', async () => {
    assert.match((await call(shop, 'callers', { symbol: 'Cart.add', limit: 1 })).text, /Showing 1 of 2 callers; pass a larger limit \(up to 100\)/);
    assert.doesNotMatch((await call(shop, 'callers', { symbol: 'Cart.add', limit: 2 })).text, /Showing/);
  });

  test('callers json lists each definition with its callers', async () => {
    const out = await call(shop, 'callers', { symbol: 'emit', limit: 20 });
    assert.deepEqual(out.json, {
      tool: 'callers',
      symbol: 'emit',
      total: 2,
      definitionsFound: 1,
      definitions: [{
        name: 'emit', qualifiedName: 'emit', kind: 'function', file: 'src/events.ts', lines: [7], total: 2,
        callers: [
          { name: 'add', qualifiedName: 'Cart.add', kind: 'method', file: 'src/cart.ts', line: 18, relation: 'calls', atLine: 20 },
          { name: 'checkout', qualifiedName: 'Cart.checkout', kind: 'method', file: 'src/cart.ts', line: 31, relation: 'calls', atLine: 34 },
        ],
      }],
      stale: [],
    });
  });

  test('check json lists cycles as path arrays', async () => {
    const out = await call(shop, 'check', {});
    assert.deepEqual((out.json as { cycles: unknown }).cycles, [
      ['src/cart.ts', 'src/db/repo.ts', 'src/cart.ts'],
      ['src/cart.ts', 'src/events.ts', 'src/cart.ts'],
    ]);
  });

  test('export over MCP is the whole node-link JSON when it fits', async () => {
    const out = await call(shop, 'export', {});
    const doc = JSON.parse(out.text) as { nodes: unknown[]; links: unknown[] };
    assert.equal(doc.nodes.length, shop.index.store.counts().nodes);
    assert.deepEqual(out.json, { tool: 'export', format: 'networkx-node-link', nodes: doc.nodes.length, links: doc.links.length, truncated: false });
  });
});

describe('graph tools on the twins fixture (same-named definitions)', () => {
  let twins: OpenFixture;
  before(async () => {
    twins = await openFixture('twins', import.meta.url);
  });
  after(() => twins.close());

  const golden = (name: string, tool: string, args: ToolArgs): void => {
    test(`${tool} ${JSON.stringify(args)} matches ${name}`, async () => {
      assertGolden(GOLDEN, name, (await call(twins, tool, args)).text, import.meta.url);
    });
  };
  golden('callers-two-definitions.txt', 'callers', { symbol: 'handle', limit: 20 });
  golden('callers-file-filter.txt', 'callers', { symbol: 'handle', file: 'shipping/handler.ts', limit: 20 });
  golden('callers-unmatched-filter.txt', 'callers', { symbol: 'handle', file: 'orders/handler.ts', limit: 20 });
  golden('callees-two-definitions.txt', 'callees', { symbol: 'handle', limit: 20 });
  golden('impact-two-definitions.txt', 'impact', { symbol: 'handle', depth: 2 });
  golden('impact-overloads.txt', 'impact', { symbol: 'parseAmount', depth: 2 });
  golden('check-none.txt', 'check', {});
  golden('export-twins.json', 'export', {});

  test('a file filter picks one definition and drops the ambiguity hint', async () => {
    const text = (await call(twins, 'impact', { symbol: 'handle', file: 'billing/handler.ts', depth: 2 })).text;
    assert.match(text, /payAll:4, payOne:8/);
    assert.doesNotMatch(text, /shipAll|definitions are named/);
  });
});

describe('callers through the declarations a method overrides or implements', () => {
  let project: OpenFixture;
  before(async () => {
    project = await openGeneratedProject({
      'src/store.ts': [
        'export interface Store {',
        '  get(key: string): string;',
        '}',
        '',
        'export class MemoryStore implements Store {',
        '  get(key: string): string {',
        '    return key;',
        '  }',
        '}',
        '',
        'export class CachedStore extends MemoryStore {',
        '  get(key: string): string {',
        '    return super.get(key);',
        '  }',
        '}',
        '',
      ].join('\n'),
      'src/app.ts': [
        "import type { Store } from './store';",
        '',
        'export function read(store: Store): string {',
        "  return store.get('a');",
        '}',
        '',
      ].join('\n'),
    });
  });
  after(() => project.close());

  const golden = (name: string, tool: string, args: ToolArgs): void => {
    test(`${tool} ${JSON.stringify(args)} matches ${name}`, async () => {
      assertGolden(GOLDEN, name, (await call(project, tool, args)).text, import.meta.url);
    });
  };
  // Called only through the interface, two steps up: no direct caller, the interface's caller after.
  golden('callers-through-interface.txt', 'callers', { symbol: 'CachedStore.get', limit: 20 });
  // A direct caller first; the interface's caller is not its own.
  golden('callers-direct-and-through.txt', 'callers', { symbol: 'MemoryStore.get', limit: 20 });

  test('the JSON answer lists the declaration and its callers apart from the direct ones', async () => {
    const json = (await call(project, 'callers', { symbol: 'MemoryStore.get', limit: 20 })).json as {
      total: number; definitions: { callers: { name: string }[]; through?: { qualifiedName: string; total: number; callers: { name: string }[] }[] }[];
    };
    assert.equal(json.total, 1);
    assert.deepEqual(json.definitions[0]?.callers.map((c) => c.name), ['get']);
    assert.deepEqual(json.definitions[0]?.through?.map((t) => [t.qualifiedName, t.total, t.callers.map((c) => c.name)]), [['Store.get', 1, ['read']]]);
  });

  test('callees list no declarations', async () => {
    const json = (await call(project, 'callees', { symbol: 'CachedStore.get', limit: 20 })).json as { definitions: { through?: unknown }[] };
    assert.equal(json.definitions[0]?.through, undefined);
  });
});

test('a blank symbol is an argument error naming the field', async () => {
  const out = await GRAPH_HANDLERS['callers']!({ symbol: '  ', limit: 20 }, { root: '/', store: undefined as never, databaseBytes: 0 }, context);
  assert.equal(out.isError, true);
  assert.match(out.text, /^Error: symbol must be/);
});
