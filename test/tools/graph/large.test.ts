import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { indexProject } from '../../../src/index/sync/index.js';
import type { ToolCallContext } from '../../../src/mcp/tool-service.js';
import { IndexCache, type ProjectIndex } from '../../../src/project/index-cache.js';
import { EXPORT_CLI_HINT, EXPORT_MCP_CAP } from '../../../src/tools/graph/export.js';
import { GRAPH_HANDLERS } from '../../../src/tools/graph/handlers.js';
import type { ToolArgs } from '../../../src/tools/schema.js';

const context: ToolCallContext = { signal: new AbortController().signal, progress: () => {} };
const SPOKES = 150;

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

  test('export over MCP is cut at a line boundary with a truncation line and the CLI hint', async () => {
    const text = await call('export', {});
    assert.ok(text.length <= EXPORT_MCP_CAP, String(text.length));
    const lines = text.trimEnd().split('\n');
    assert.equal(lines.at(-1), EXPORT_CLI_HINT);
    assert.match(lines.at(-2) ?? '', /^… output truncated \(\d+ more lines\)$/);
    // Every kept node line is complete JSON.
    for (const line of lines.slice(1, -2)) JSON.parse(line.replace(/,$/, ''));
  });

  test('the truncation line counts exactly the lines left out', async () => {
    const text = await call('export', {});
    const lines = text.trimEnd().split('\n');
    const more = Number(/\((\d+) more lines\)/.exec(lines.at(-2) ?? '')?.[1]);
    const counts = index.store.counts();
    assert.equal(lines.length - 2 + more, counts.nodes + counts.edges + 3);
  });
});
