import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { ToolCallContext } from '../../../src/mcp/tool-service.js';
import { exportGraph } from '../../../src/tools/graph/export.js';
import { GRAPH_HANDLERS } from '../../../src/tools/graph/handlers.js';
import { openFixture, type OpenFixture } from '../../graph/open-fixture.js';

const context: ToolCallContext = { signal: new AbortController().signal, progress: () => {} };

/** A slow writable with a tiny buffer, so every write asks the exporter to wait for drain. */
function slowSink(): { stream: Writable; text: () => string; drains: () => number } {
  const parts: string[] = [];
  let drains = 0;
  const stream = new Writable({
    highWaterMark: 16,
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk.toString('utf8'));
      setImmediate(done);
    },
  });
  stream.on('drain', () => (drains += 1));
  return { stream, text: () => parts.join(''), drains: () => drains };
}

describe('exportGraph', () => {
  let shop: OpenFixture;
  before(async () => {
    shop = await openFixture('shop', import.meta.url);
  });
  after(() => shop.close());

  test('streams the same document the MCP tool returns, honouring back-pressure', async () => {
    const sink = slowSink();
    const summary = await exportGraph(shop.index, sink.stream, { centrality: true });
    const mcp = await GRAPH_HANDLERS['export']!({}, shop.index, context);
    assert.equal(sink.text(), mcp.text);
    assert.equal(summary.complete, true);
    assert.ok(sink.drains() >= 1);
  });

  test('leaves centrality out when asked', async () => {
    const sink = slowSink();
    await exportGraph(shop.index, sink.stream, { centrality: false });
    assert.doesNotMatch(sink.text(), /pagerank/);
    JSON.parse(sink.text());
  });

  test('rejects when the stream fails', async () => {
    const stream = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, done) {
        setImmediate(() => done(new Error('disk full')));
      },
    });
    stream.on('error', () => {});
    await assert.rejects(exportGraph(shop.index, stream), /disk full|closed/);
  });
});
