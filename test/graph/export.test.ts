import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { collectGraph, rankGraph, writeNodeLink, writeTopNodeLink } from '../../src/graph/index.js';
import { openFixture, type OpenFixture } from './open-fixture.js';

interface NodeLink {
  directed: boolean;
  multigraph: boolean;
  graph: Record<string, unknown>;
  nodes: Record<string, unknown>[];
  links: { source: number; target: number; relation: string }[];
}

async function collect(fixture: OpenFixture, centrality: boolean, chunkChars?: number): Promise<{ text: string; chunks: number }> {
  const parts: string[] = [];
  await writeNodeLink(fixture.index.store, (c) => void parts.push(c), { centrality, ...(chunkChars === undefined ? {} : { chunkChars }) });
  return { text: parts.join(''), chunks: parts.length };
}

describe('writeNodeLink', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
  });
  after(() => shop.close());

  test('writes valid node-link JSON with every node and edge', async () => {
    const doc = JSON.parse((await collect(shop, true)).text) as NodeLink;
    const counts = shop.index.store.counts();
    assert.equal(doc.directed, true);
    assert.equal(doc.multigraph, true);
    assert.deepEqual(doc.graph, {});
    assert.equal(doc.nodes.length, counts.nodes);
    assert.equal(doc.links.length, counts.edges);
  });

  test('nodes carry the NetworkX fields and centrality', async () => {
    const doc = JSON.parse((await collect(shop, true)).text) as NodeLink;
    const emit = doc.nodes.find((n) => n['label'] === 'emit');
    assert.deepEqual(Object.keys(emit ?? {}), [
      'id', 'label', 'kind', 'source_file', 'qualified_name', 'language', 'start_line', 'end_line', 'pagerank', 'in_degree', 'out_degree',
    ]);
    assert.equal(emit?.['source_file'], 'src/events.ts');
    assert.equal(emit?.['in_degree'], 2);
  });

  test('omits centrality when asked', async () => {
    const doc = JSON.parse((await collect(shop, false)).text) as NodeLink;
    assert.ok(doc.nodes.every((n) => !('pagerank' in n) && !('in_degree' in n)));
  });

  test('links name the relation, contains included', async () => {
    const doc = JSON.parse((await collect(shop, false)).text) as NodeLink;
    const relations = new Set(doc.links.map((l) => l.relation));
    assert.ok(relations.has('contains') && relations.has('calls') && relations.has('imports'));
  });

  test('writes one entry per line, nodes + links + 3 lines in all', async () => {
    const parts: string[] = [];
    const summary = await writeNodeLink(shop.index.store, (c) => void parts.push(c));
    const text = parts.join('');
    assert.equal(text.split('\n').length - 1, summary.lines);
    assert.equal(summary.lines, summary.nodes + summary.links + 3);
  });

  test('hands the document over in several chunks when they are small', async () => {
    const { chunks } = await collect(shop, true, 256);
    assert.ok(chunks > 5, String(chunks));
  });

  test('stops when the sink returns false', async () => {
    let calls = 0;
    const summary = await writeNodeLink(shop.index.store, () => {
      calls += 1;
      return false;
    }, { chunkChars: 256 });
    assert.equal(calls, 1);
    assert.equal(summary.complete, false);
  });

  test('rejects when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(writeNodeLink(shop.index.store, () => true, { signal: controller.signal }));
  });

  test('the top of the graph fits the budget as valid node-link JSON with the totals in graph', async () => {
    const tables = collectGraph(shop.index.store);
    const whole = JSON.parse((await collect(shop, true)).text) as NodeLink;
    const top = writeTopNodeLink(shop.index.store, tables, rankGraph(tables), 2000);
    assert.ok(top.text.length <= 2000, String(top.text.length));
    const doc = JSON.parse(top.text) as NodeLink;
    assert.deepEqual(doc.graph, { truncated: true, nodes_total: whole.nodes.length, links_total: whole.links.length });
    assert.equal(doc.nodes.length, top.nodes);
    assert.equal(doc.links.length, top.links);
    const ranked = [...whole.nodes].sort((a, b) => Number(b['pagerank']) - Number(a['pagerank']) || Number(a['id']) - Number(b['id']));
    assert.deepEqual(new Set(doc.nodes.map((n) => n['id'])), new Set(ranked.slice(0, top.nodes).map((n) => n['id'])));
  });

  test('the top of the graph is an empty but valid document when not one node fits', async () => {
    const tables = collectGraph(shop.index.store);
    const top = writeTopNodeLink(shop.index.store, tables, rankGraph(tables), 150);
    const doc = JSON.parse(top.text) as NodeLink;
    assert.deepEqual([doc.nodes, doc.links, top.nodes], [[], [], 0]);
  });
});
