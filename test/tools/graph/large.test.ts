import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { indexProject } from '../../../src/index/sync/index.js';
import type { ToolCallContext } from '../../../src/mcp/tool-service.js';
import { IndexCache, type ProjectIndex } from '../../../src/project/index-cache.js';
import { writeNodeLink } from '../../../src/graph/index.js';
import { EXPORT_CLI_HINT, EXPORT_MCP_CAP, exportAnswer } from '../../../src/tools/graph/export.js';
import { GRAPH_HANDLERS } from '../../../src/tools/graph/handlers.js';
import type { ToolArgs } from '../../../src/tools/schema.js';

const context: ToolCallContext = { signal: new AbortController().signal, progress: () => {} };
const SPOKES = 150;

interface NodeLink {
  graph: { truncated?: boolean; nodes_total?: number; links_total?: number };
  nodes: { id: number; pagerank: number }[];
  links: { source: number; target: number; relation: string }[];
}

/** A project whose `hub` has SPOKES callers: big enough to hit the limit and the export ceiling. */
function writeProject(root: string): void {
  mkdirSync(join(root, 'src'), { recursive: true });
  const lines = ['export function hub(n: number): number {', '  return n + 1;', '}', ''];
  for (let i = 0; i < SPOKES; i++) lines.push(`export function spoke${i}(n: number): number {`, '  return hub(n);', '}', '');
  writeFileSync(join(root, 'src', 'spokes.ts'), lines.join('\n'));
}

describe('graph tools on a large graph', () => {
  let root: string;
  let cache: IndexCache;
  let index: ProjectIndex;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'codegraph-graph-large-'));
    writeProject(root);
    await indexProject({ root, mode: 'full', command: 'test', workers: 1 });
    cache = new IndexCache();
    const loaded = await cache.get(root);
    assert.ok(loaded);
    index = loaded;
  });
  after(() => {
    cache.close();
    rmSync(root, { recursive: true, force: true });
  });

  const call = async (tool: string, args: ToolArgs): Promise<string> => {
    const handler = GRAPH_HANDLERS[tool];
    assert.ok(handler);
    return (await handler(args, index, context)).text;
  };

  test('callers at the maximum limit says so instead of suggesting a larger one', async () => {
    const text = await call('callers', { symbol: 'hub', limit: 100 });
    assert.match(text, /^Callers of hub \(150 found\)/);
    assert.match(text, /Showing 100 of 150 callers \(limit is at its maximum of 100\)/);
    assert.equal(text.split('\n').filter((l) => l.startsWith('- spoke')).length, 100);
  });

  test('export over MCP answers the top nodes by PageRank as valid node-link JSON when the graph is ten times its cap', async () => {
    const parts: string[] = [];
    await writeNodeLink(index.store, (chunk) => void parts.push(chunk));
    const whole = JSON.parse(parts.join('')) as NodeLink;
    const cap = Math.floor(parts.join('').length / 12);
    const out = await exportAnswer(index, context, cap);
    assert.ok(out.text.length <= cap && out.text.length > cap / 2, `${out.text.length} of ${cap}`);
    const doc = JSON.parse(out.text) as NodeLink;
    assert.deepEqual(doc.graph, { truncated: true, nodes_total: whole.nodes.length, links_total: whole.links.length });
    const kept = new Set(doc.nodes.map((n) => n.id));
    assert.ok(kept.size > 1 && kept.size < whole.nodes.length, String(kept.size));
    // The kept nodes are exactly as the whole export writes them, and none left out ranks higher.
    assert.deepEqual(doc.nodes, whole.nodes.filter((n) => kept.has(n.id)));
    const lowestKept = Math.min(...doc.nodes.map((n) => n.pagerank));
    const highestLeft = Math.max(...whole.nodes.filter((n) => !kept.has(n.id)).map((n) => n.pagerank));
    assert.ok(lowestKept >= highestLeft, `${lowestKept} < ${highestLeft}`);
    // Every link among the kept nodes, and no other.
    for (const link of doc.links) assert.ok(kept.has(link.source) && kept.has(link.target), JSON.stringify(link));
    assert.deepEqual(doc.links, whole.links.filter((l) => kept.has(l.source) && kept.has(l.target)));
    assert.ok(doc.links.some((l) => l.relation === 'calls'));
    assert.equal(out.moreText?.length, 1);
    assert.match(out.moreText?.[0] ?? '', new RegExp(`holds the ${kept.size} nodes of highest PageRank and the ${doc.links.length} links among them`));
    assert.ok(out.moreText?.[0]?.endsWith(EXPORT_CLI_HINT));
    assert.deepEqual(out.json, {
      tool: 'export', format: 'networkx-node-link', nodes: whole.nodes.length, links: whole.links.length, truncated: true, nodesShown: kept.size, linksShown: doc.links.length,
    });
  });

  test('export over MCP at the real cap is valid JSON within the cap', async () => {
    const out = await call('export', {});
    assert.ok(out.length <= EXPORT_MCP_CAP, String(out.length));
    const doc = JSON.parse(out) as NodeLink;
    assert.equal(doc.graph.truncated, true);
  });

  test('export over MCP reports its three phases as progress', async () => {
    const seen: [number, number | undefined, string | undefined][] = [];
    await exportAnswer(index, { signal: new AbortController().signal, progress: (p, t, m) => void seen.push([p, t, m]) }, EXPORT_MCP_CAP);
    assert.deepEqual(seen, [
      [0, 3, 'collecting the graph'],
      [1, 3, 'ranking nodes by PageRank'],
      [2, 3, 'writing node-link JSON'],
    ]);
  });
});
