import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ErrorCode, ProtocolError } from '../../src/jsonrpc/errors.js';
import { parseLine, type Incoming } from '../../src/jsonrpc/message.js';
import { McpServer } from '../../src/mcp/server.js';
import type { ToolService } from '../../src/mcp/tool-service.js';

const MODERN = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

/** A tool service whose one tool waits until released, to test cancellation and progress. */
function slowTools(): ToolService & { release: () => void; calls: number } {
  let release = (): void => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const service = {
    calls: 0,
    release: () => release(),
    list: () => [],
    call: async (name: string, _args: unknown, ctx: { progress: (p: number, t?: number) => void }) => {
      if (name !== 'slow') throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      service.calls++;
      ctx.progress(1, 3);
      ctx.progress(1, 3); // not increasing: must not be sent
      ctx.progress(2, 3);
      await gate;
      return { text: 'done' };
    },
  };
  return service;
}

function harness(tools: ToolService = slowTools()): { server: McpServer; sent: Record<string, unknown>[]; send: (line: string) => Promise<void> } {
  const server = new McpServer({ name: 'codegraph', version: '9.9.9' }, tools);
  const sent: Record<string, unknown>[] = [];
  const peer = { send: async (m: object) => void sent.push(m as Record<string, unknown>) };
  const send = async (line: string): Promise<void> => {
    const parsed = parseLine(line);
    assert.notEqual(parsed.kind, 'parse-error');
    await server.handle(parsed as Incoming, peer);
  };
  return { server, sent, send };
}

test('McpServer answers initialize with capabilities tools only and the package version', async () => {
  const h = harness();
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {} } }));
  const result = h.sent[0]?.['result'] as Record<string, unknown>;
  assert.equal(result['protocolVersion'], '2025-06-18');
  assert.deepEqual(result['capabilities'], { tools: {} });
  assert.deepEqual(result['serverInfo'], { name: 'codegraph', version: '9.9.9' });
  assert.equal(typeof result['instructions'], 'string');
  assert.equal('resultType' in result, false);
});

test('McpServer never answers a notification', async () => {
  const h = harness();
  await h.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await h.send('{"jsonrpc":"2.0","method":"tools/list"}');
  assert.deepEqual(h.sent, []);
});

test('McpServer answers a batch array with one -32600 without id', async () => {
  const h = harness();
  await h.send('[{"jsonrpc":"2.0","id":1,"method":"ping"}]');
  assert.equal(h.sent.length, 1);
  assert.equal('id' in (h.sent[0] ?? {}), false);
  assert.equal((h.sent[0]?.['error'] as { code: number }).code, -32600);
});

test('McpServer echoes the id of an invalid request when it is valid', async () => {
  const h = harness();
  await h.send('{"jsonrpc":"1.0","id":"abc","method":"ping"}');
  assert.equal(h.sent[0]?.['id'], 'abc');
  assert.equal((h.sent[0]?.['error'] as { code: number }).code, -32600);
});

test('McpServer turns an unexpected handler throw into -32603', async () => {
  const tools: ToolService = { list: () => [], call: async () => { throw new TypeError('boom'); } };
  const h = harness(tools);
  const originalWrite = process.stderr.write.bind(process.stderr);
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    await h.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } }));
  } finally {
    process.stderr.write = originalWrite;
  }
  assert.deepEqual(h.sent[0], { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } });
});

test('McpServer suppresses the response of a cancelled tool call', async () => {
  const tools = slowTools();
  const h = harness(tools);
  const pending = h.send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'slow' } }));
  await h.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}');
  tools.release();
  await pending;
  assert.equal(h.sent.filter((m) => m['id'] === 5).length, 0);
});

test('McpServer honours a cancel that arrives before its request', async () => {
  const tools = slowTools();
  tools.release();
  const h = harness(tools);
  await h.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"early"}}');
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 'early', method: 'tools/call', params: { name: 'slow' } }));
  assert.equal(h.sent.filter((m) => m['id'] === 'early').length, 0);
});

test('McpServer sends strictly increasing progress only when a progressToken was given', async () => {
  const tools = slowTools();
  tools.release();
  const h = harness(tools);
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 'tok' } } }));
  const progress = h.sent.filter((m) => m['method'] === 'notifications/progress').map((m) => (m['params'] as { progress: number }).progress);
  assert.deepEqual(progress, [1, 2]);
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'slow' } }));
  assert.equal(h.sent.filter((m) => m['method'] === 'notifications/progress').length, 2);
});

test('McpServer answers a tool result as one text item, or one item per text when the tool gives more, in both eras', async () => {
  const tools: ToolService = {
    list: () => [],
    call: async (name: string) => (name === 'two' ? { text: '{"a":1}', moreText: ['a note'] } : { text: 'one' }),
  };
  const h = harness(tools);
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'one' } }));
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'two' } }));
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'two', _meta: MODERN } }));
  assert.equal(JSON.stringify(h.sent[0]), '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"one"}]}}');
  assert.equal(JSON.stringify(h.sent[1]), '{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"{\\"a\\":1}"},{"type":"text","text":"a note"}]}}');
  assert.deepEqual((h.sent[2]?.['result'] as { content: unknown }).content, [{ type: 'text', text: '{"a":1}' }, { type: 'text', text: 'a note' }]);
});

test('McpServer shapes modern results with resultType and serverInfo in _meta', async () => {
  const h = harness();
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'prompts/list', params: { _meta: MODERN } }));
  assert.deepEqual(h.sent[0], {
    jsonrpc: '2.0',
    id: 3,
    result: {
      prompts: [],
      ttlMs: 300000,
      cacheScope: 'private',
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'codegraph', version: '9.9.9' } },
    },
  });
});

test('McpServer asks for roots after initialized when the client has them and no project is known', async () => {
  let adopted: readonly string[] = [];
  const tools: ToolService = {
    list: () => [],
    call: async () => ({ text: '' }),
    hasDefaultProject: () => false,
    adoptRoots: async (paths) => {
      adopted = paths;
    },
  };
  const h = harness(tools);
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { roots: {} } } }));
  await h.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await new Promise((r) => setImmediate(r));
  const ask = h.sent.find((m) => m['method'] === 'roots/list');
  assert.ok(ask !== undefined, 'server should send roots/list');
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: ask['id'], result: { roots: [{ uri: 'file:///tmp/some%20project' }] } }));
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(adopted, ['/tmp/some project']);
});
