import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLine, type Incoming } from '../../src/jsonrpc/message.js';
import { instructionsFor } from '../../src/mcp/instructions.js';
import { McpServer } from '../../src/mcp/server.js';
import type { ListedTool, ToolService } from '../../src/mcp/tool-service.js';
import { assertGolden } from '../support/golden.js';

// Every method the dispatcher serves, in both eras, with the exact wire answer: the method table,
// the era routing, the parameter checks and their messages are each pinned here.

const MODERN = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const SERVER_META = { 'io.modelcontextprotocol/serverInfo': { name: 'codegraph', version: '1.2.3' } };
const TOOL: ListedTool = {
  name: 'codegraph_probe',
  title: 'Probe',
  description: 'a tool',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
};

interface Harness {
  readonly server: McpServer;
  readonly sent: Record<string, unknown>[];
  /** Sends one request and returns the one answer it got (asserting there was exactly one). */
  readonly ask: (method: string, params?: unknown, id?: number | string) => Promise<Record<string, unknown>>;
  readonly send: (line: string) => Promise<void>;
}

function harness(tools: ToolService = { list: () => [TOOL], call: async () => ({ text: 'ok' }) }): Harness {
  const server = new McpServer({ name: 'codegraph', version: '1.2.3' }, tools);
  const sent: Record<string, unknown>[] = [];
  const peer = { send: async (m: object) => void sent.push(m as Record<string, unknown>) };
  server.lastPeer = peer;
  const send = async (line: string): Promise<void> => {
    const parsed = parseLine(line);
    assert.notEqual(parsed.kind, 'parse-error');
    await server.handle(parsed as Incoming, peer);
  };
  const ask = async (method: string, params?: unknown, id: number | string = 1): Promise<Record<string, unknown>> => {
    const before = sent.length;
    await send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }));
    assert.equal(sent.length, before + 1, `${method} should be answered once`);
    return sent[before]!;
  };
  return { server, sent, ask, send };
}

const LEGACY_LISTS: readonly [string, Record<string, unknown>][] = [
  ['tools/list', { tools: [TOOL] }],
  ['prompts/list', { prompts: [] }],
  ['resources/list', { resources: [] }],
  ['resources/templates/list', { resourceTemplates: [] }],
];

test('each list method answers its own field in the handshake era, with no cache hints', async () => {
  const h = harness();
  for (const [method, body] of LEGACY_LISTS) {
    assert.deepEqual(await h.ask(method), { jsonrpc: '2.0', id: 1, result: body }, method);
  }
});

test('each list method answers its field with cache hints, resultType and serverInfo in the modern era', async () => {
  const h = harness();
  for (const [method, body] of LEGACY_LISTS) {
    const answer = await h.ask(method, { _meta: MODERN });
    assert.deepEqual(answer, {
      jsonrpc: '2.0',
      id: 1,
      result: { ...body, ttlMs: 300_000, cacheScope: 'private', resultType: 'complete', _meta: SERVER_META },
    }, method);
  }
});

test('ping answers an empty result in the handshake era and does not exist in the modern one', async () => {
  const h = harness();
  assert.deepEqual(await h.ask('ping'), { jsonrpc: '2.0', id: 1, result: {} });
  assert.deepEqual(await h.ask('ping', { _meta: MODERN }), { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: ping' } });
});

test('completion/complete answers no values in both eras', async () => {
  const h = harness();
  assert.deepEqual(await h.ask('completion/complete', { ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a', value: '' } }), {
    jsonrpc: '2.0',
    id: 1,
    result: { completion: { values: [], total: 0, hasMore: false } },
  });
  const modern = await h.ask('completion/complete', { _meta: MODERN });
  assert.deepEqual(modern['result'], { completion: { values: [], total: 0, hasMore: false }, resultType: 'complete', _meta: SERVER_META });
});

test('server/discover answers the revisions, capabilities, instructions and cache hints with modern _meta', async () => {
  const h = harness();
  assert.deepEqual(await h.ask('server/discover', { _meta: MODERN }), {
    jsonrpc: '2.0',
    id: 1,
    result: {
      supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { tools: {} },
      instructions: instructionsFor(['codegraph_probe']),
      ttlMs: 300_000,
      cacheScope: 'private',
      resultType: 'complete',
      _meta: SERVER_META,
    },
  });
});

test('server/discover without modern _meta is -32602 naming both required keys', async () => {
  const h = harness();
  assert.deepEqual(await h.ask('server/discover'), {
    jsonrpc: '2.0',
    id: 1,
    error: {
      code: -32602,
      message: 'Invalid params: server/discover requires params._meta with "io.modelcontextprotocol/protocolVersion" and "io.modelcontextprotocol/clientCapabilities"',
    },
  });
});

test('initialize with modern _meta is -32601 saying how to speak that revision', async () => {
  const h = harness();
  assert.deepEqual(await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: {}, _meta: MODERN }), {
    jsonrpc: '2.0',
    id: 1,
    error: { code: -32601, message: 'Method not found: initialize does not exist at 2026-07-28; send requests with per-request _meta instead' },
  });
});

test('initialize negotiates the revision later handshake-era requests are served at', async () => {
  const h = harness();
  const init = await h.ask('initialize', { protocolVersion: '1999-01-01', capabilities: {} });
  assert.deepEqual(init['result'], { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'codegraph', version: '1.2.3' }, instructions: instructionsFor(['codegraph_probe']) });
  const again = await h.ask('initialize', { protocolVersion: '2025-06-18', capabilities: {} });
  assert.equal((again['result'] as Record<string, unknown>)['protocolVersion'], '2025-06-18');
});

test('an unknown method is -32601 naming it, in both eras', async () => {
  const h = harness();
  assert.deepEqual(await h.ask('tools/frobnicate'), { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found: tools/frobnicate' } });
  assert.deepEqual((await h.ask('sampling/createMessage', { _meta: MODERN }))['error'], { code: -32601, message: 'Method not found: sampling/createMessage' });
});

test('array params (structured, but not an object) are -32602 for every method; absent params are fine', async () => {
  const h = harness();
  for (const params of [[], [1], [{}]]) {
    for (const method of ['ping', 'tools/list', 'tools/call']) {
      const line = `{"jsonrpc":"2.0","id":9,"method":"${method}","params":${JSON.stringify(params)}}`;
      const before = h.sent.length;
      await h.send(line);
      assert.deepEqual(h.sent[before], { jsonrpc: '2.0', id: 9, error: { code: -32602, message: 'Invalid params: params must be an object' } }, `${method} ${JSON.stringify(params)}`);
    }
  }
  assert.deepEqual(await h.ask('ping'), { jsonrpc: '2.0', id: 1, result: {} });
  assert.deepEqual(await h.ask('ping', {}), { jsonrpc: '2.0', id: 1, result: {} });
});

test('a cursor on any list is -32602: every list is one page', async () => {
  const h = harness();
  for (const [method] of LEGACY_LISTS) {
    for (const params of [{ cursor: 'abc' }, { cursor: '' }, { cursor: null }, { cursor: 'abc', _meta: MODERN }]) {
      assert.deepEqual((await h.ask(method, params))['error'], { code: -32602, message: 'Invalid params: unknown cursor (this server returns every list in one page)' }, `${method} ${JSON.stringify(params)}`);
    }
  }
});

test('tools/call without a string name is -32602 and never reaches the tools', async () => {
  let calls = 0;
  const h = harness({ list: () => [], call: async () => { calls++; return { text: 'x' }; } });
  for (const params of [{}, { name: 3 }, { name: null }]) {
    assert.deepEqual((await h.ask('tools/call', params))['error'], { code: -32602, message: 'Invalid params: tools/call needs a string "name"' });
  }
  assert.equal(calls, 0);
});

test('tools/call passes the name and arguments through and marks a failed tool with isError in both eras', async () => {
  const seen: unknown[] = [];
  const h = harness({ list: () => [], call: async (name, args) => { seen.push([name, args]); return { text: 'bad', isError: true }; } });
  const legacy = await h.ask('tools/call', { name: 'codegraph_node', arguments: { symbol: 'f' } });
  assert.deepEqual(legacy['result'], { content: [{ type: 'text', text: 'bad' }], isError: true });
  const modern = await h.ask('tools/call', { name: 'codegraph_node', arguments: { symbol: 'g' }, _meta: MODERN });
  assert.deepEqual(modern['result'], { content: [{ type: 'text', text: 'bad' }], isError: true, resultType: 'complete', _meta: SERVER_META });
  assert.deepEqual(seen, [['codegraph_node', { symbol: 'f' }], ['codegraph_node', { symbol: 'g' }]]);
});

test('progress carries total and message only when the tool gives them, and numeric tokens work', async () => {
  const h = harness({
    list: () => [],
    call: async (_name, _args, ctx) => {
      ctx.progress(1);
      ctx.progress(2, 4);
      ctx.progress(3, 4, 'resolving');
      return { text: 'ok' };
    },
  });
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', _meta: { progressToken: 17 } } }));
  const progress = h.sent.filter((m) => m['method'] === 'notifications/progress').map((m) => m['params']);
  assert.deepEqual(progress, [
    { progressToken: 17, progress: 1 },
    { progressToken: 17, progress: 2, total: 4 },
    { progressToken: 17, progress: 3, total: 4, message: 'resolving' },
  ]);
  for (const token of [null, { a: 1 }, true]) {
    const before = h.sent.length;
    await h.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 't', _meta: { progressToken: token } } }));
    assert.deepEqual(h.sent.slice(before).map((m) => m['method'] ?? 'response'), ['response'], `token ${JSON.stringify(token)}`);
  }
});

test('a JSON-RPC batch and an invalid request get their exact messages', async () => {
  const h = harness();
  await h.send('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]');
  assert.deepEqual(h.sent[0], { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported; send one message per line' } });
  await h.send('{"jsonrpc":"2.0","id":4,"method":5}');
  const invalid = h.sent[1] as { id: unknown; error: { code: number; message: string } };
  assert.equal(invalid.id, 4);
  assert.equal(invalid.error.code, -32600);
  assert.match(invalid.error.message, /^Invalid Request: \S/);
});

test('abortAll silences every request in flight and settles the server\'s own pending requests', async () => {
  let release = (): void => {};
  const gate = new Promise<void>((r) => { release = r; });
  let aborted = 0;
  const h = harness({
    list: () => [],
    call: async (_n, _a, ctx) => {
      ctx.signal.addEventListener('abort', () => aborted++);
      await gate;
      return { text: 'late' };
    },
  });
  const one = h.send(JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 't' } }));
  const two = h.send(JSON.stringify({ jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 't' } }));
  h.server.abortAll();
  release();
  await Promise.all([one, two]);
  assert.equal(aborted, 2);
  assert.deepEqual(h.sent, []);
  // After abortAll, a new request is answered normally.
  assert.deepEqual((await h.ask('tools/call', { name: 't' }, 'c'))['result'], { content: [{ type: 'text', text: 'late' }] });
});

test('abortAll answers a pending roots/list with nothing, so no roots are adopted', async () => {
  let adopted: readonly string[] | undefined;
  const h = harness({ list: () => [], call: async () => ({ text: '' }), hasDefaultProject: () => false, adoptRoots: async (p) => { adopted = p; } });
  await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: { listChanged: true } } });
  await h.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await new Promise((r) => setImmediate(r));
  const ask = h.sent.find((m) => m['method'] === 'roots/list');
  assert.ok(ask !== undefined, 'roots/list should have been sent');
  h.server.abortAll();
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(adopted, undefined);
  // A late answer to the abandoned request is ignored.
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: ask['id'], result: { roots: [{ uri: 'file:///late' }] } }));
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(adopted, undefined);
});

test('roots are not asked for without an initialize that advertised them, nor when a project is known', async () => {
  const unknownProject = { list: () => [], call: async () => ({ text: '' }), hasDefaultProject: () => false };
  const noInit = harness(unknownProject);
  await noInit.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await noInit.send('{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}');
  const noRoots = harness(unknownProject);
  await noRoots.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { sampling: {} } });
  await noRoots.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  const known = harness({ ...unknownProject, hasDefaultProject: () => true });
  await known.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} } });
  await known.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  const nullCaps = harness(unknownProject);
  await nullCaps.ask('initialize', { protocolVersion: '2025-11-25', capabilities: null });
  await nullCaps.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await new Promise((r) => setTimeout(r, 10));
  for (const h of [noInit, noRoots, known, nullCaps]) assert.equal(h.sent.filter((m) => m['method'] === 'roots/list').length, 0);
});

test('roots are asked for again when the client says its roots changed', async () => {
  const offered: (readonly string[])[] = [];
  const h = harness({ list: () => [], call: async () => ({ text: '' }), hasDefaultProject: () => false, adoptRoots: async (p) => void offered.push(p) });
  await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} } });
  await h.send('{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}');
  await new Promise((r) => setImmediate(r));
  const asks = h.sent.filter((m) => m['method'] === 'roots/list');
  assert.equal(asks.length, 1);
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: asks[0]!['id'], result: { roots: [{ uri: 'file:///w/one' }, { uri: 'https://x/y' }] } }));
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(offered, [['/w/one']]);
});

test('initialize offers the advertised workspace before answering, and nothing when none is advertised', async () => {
  const offered: (readonly string[])[] = [];
  const h = harness({ list: () => [], call: async () => ({ text: '' }), adoptWorkspace: async (p) => void offered.push(p) });
  await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: {} });
  assert.deepEqual(offered, []);
  await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: {}, rootUri: 'file:///r/u', rootPath: '/r/p' });
  assert.deepEqual(offered, [['/r/u', '/r/p']]);
});

test('a cancel for an unknown id of the wrong type is ignored; a string id cancels', async () => {
  const h = harness();
  await h.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"x":1}}}');
  await h.send('{"jsonrpc":"2.0","method":"notifications/cancelled"}');
  await h.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":null}');
  assert.deepEqual(await h.ask('ping', undefined, 1), { jsonrpc: '2.0', id: 1, result: {} });
  await h.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"s"}}');
  const before = h.sent.length;
  await h.send('{"jsonrpc":"2.0","id":"s","method":"ping"}');
  assert.equal(h.sent.length, before);
  // The early cancel is used up by its request: the same id later is answered.
  assert.deepEqual(await h.ask('ping', undefined, 's'), { jsonrpc: '2.0', id: 's', result: {} });
});

test('early cancels are remembered up to a bound, oldest forgotten first', async () => {
  const h = harness();
  for (let i = 0; i <= 1024; i++) await h.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${i}}}`);
  // Id 0 was the oldest of 1,025 and was forgotten: it is answered. Id 1 is still cancelled.
  assert.deepEqual(await h.ask('ping', undefined, 0), { jsonrpc: '2.0', id: 0, result: {} });
  const before = h.sent.length;
  await h.send('{"jsonrpc":"2.0","id":1,"method":"ping"}');
  assert.equal(h.sent.length, before);
});

test('a response the server did not ask for is ignored', async () => {
  const h = harness();
  await h.send('{"jsonrpc":"2.0","id":"codegraph-roots-1","result":{}}');
  await h.send('{"jsonrpc":"2.0","id":77,"error":{"code":-1,"message":"x"}}');
  assert.deepEqual(h.sent, []);
});

test('the instructions text is the documented guide for the default tools, for all ten, and for one, two or no tools with a purpose', () => {
  const defaults = ['codegraph_explore', 'codegraph_node', 'codegraph_search', 'codegraph_callers'];
  const all = [...defaults, 'codegraph_callees', 'codegraph_impact', 'codegraph_files', 'codegraph_status', 'codegraph_check', 'codegraph_export'];
  // Also: two tools with a purpose (joined by "and"), and explore alone (no "Use" sentence).
  const shapes = [defaults, all, ['codegraph_search'], ['codegraph_search', 'codegraph_callers'], ['codegraph_explore']];
  assertGolden('mcp', 'instructions.txt', `${shapes.map((listed) => instructionsFor(listed)).join('\n\n')}\n`, import.meta.url);
});

test('the instructions name only the tools the server lists', async () => {
  for (const listed of [['codegraph_explore', 'codegraph_search'], ['codegraph_node'], ['codegraph_callers', 'codegraph_impact', 'codegraph_export']]) {
    const tools = listed.map((name) => ({ ...TOOL, name }));
    const h = harness({ list: () => tools, call: async () => ({ text: '' }) });
    const init = await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: {} });
    const text = (init['result'] as { instructions: string }).instructions;
    assert.deepEqual([...new Set(text.match(/codegraph_\w+/g))].sort(), [...listed].sort(), text);
  }
});

test('server/discover keeps its modern envelope when _meta names a handshake-era revision', async () => {
  const h = harness();
  const answer = await h.ask('server/discover', { _meta: { ...MODERN, 'io.modelcontextprotocol/protocolVersion': '2025-06-18' } });
  const result = answer['result'] as Record<string, unknown>;
  assert.equal(result['resultType'], 'complete');
  assert.equal(result['ttlMs'], 300_000);
  assert.deepEqual(result['_meta'], SERVER_META);
});

test('a request cancelled before it fails gets no error response either', async () => {
  let release = (): void => {};
  const gate = new Promise<void>((r) => { release = r; });
  const h = harness({ list: () => [], call: async () => { await gate; throw new Error('failed after the cancel'); } });
  const pending = h.send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 't' } }));
  await h.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}}');
  release();
  await pending;
  assert.deepEqual(h.sent, []);
});

test('an internal error is logged on stderr with the method and the error', async () => {
  const h = harness({ list: () => [], call: async () => { throw new RangeError('out of range here'); } });
  const written: string[] = [];
  const originalWrite = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => { written.push(String(chunk)); return true; }) as typeof process.stderr.write;
  try {
    await h.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't' } }));
  } finally {
    process.stderr.write = originalWrite;
  }
  assert.match(written.join(''), /^codegraph: internal error in tools\/call: RangeError: out of range here\n/);
});

test('only initialized and roots/list_changed make the server ask for roots; a service without hasDefaultProject is never asked', async () => {
  const unknown = harness({ list: () => [], call: async () => ({ text: '' }), hasDefaultProject: () => false });
  await unknown.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} } });
  await unknown.send('{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":1}}');
  await unknown.send('{"jsonrpc":"2.0","method":"notifications/message","params":{}}');
  const plain = harness({ list: () => [], call: async () => ({ text: '' }) });
  await plain.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} } });
  await plain.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(unknown.sent.filter((m) => m['method'] === 'roots/list').length, 0);
  assert.equal(plain.sent.filter((m) => m['method'] === 'roots/list').length, 0);
});

test('each roots/list the server sends is a whole JSON-RPC request with an id of its own', async () => {
  const h = harness({ list: () => [], call: async () => ({ text: '' }), hasDefaultProject: () => false, adoptRoots: async () => undefined });
  await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} } });
  await h.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await h.send('{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}');
  await new Promise((r) => setImmediate(r));
  const asks = h.sent.filter((m) => m['method'] === 'roots/list');
  assert.deepEqual(asks, [
    { jsonrpc: '2.0', id: 'codegraph-roots-1', method: 'roots/list' },
    { jsonrpc: '2.0', id: 'codegraph-roots-2', method: 'roots/list' },
  ]);
});

test('progress notifications are whole JSON-RPC notifications', async () => {
  const h = harness({ list: () => [], call: async (_n, _a, ctx) => { ctx.progress(1, 2); return { text: 'ok' }; } });
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', _meta: { progressToken: 'p' } } }));
  assert.deepEqual(h.sent[0], { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1, total: 2 } });
});

test('a roots/list the client never answers is given up after 5 s, and adopts nothing', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let adopted: readonly string[] | undefined;
  const h = harness({ list: () => [], call: async () => ({ text: '' }), hasDefaultProject: () => false, adoptRoots: async (p) => { adopted = p; } });
  await h.ask('initialize', { protocolVersion: '2025-11-25', capabilities: { roots: {} } });
  await h.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  await new Promise((r) => setImmediate(r));
  const ask = h.sent.find((m) => m['method'] === 'roots/list');
  assert.ok(ask !== undefined);
  t.mock.timers.tick(4_999);
  await new Promise((r) => setImmediate(r));
  // Still waiting: a late answer is taken.
  t.mock.timers.tick(2);
  await new Promise((r) => setImmediate(r));
  await h.send(JSON.stringify({ jsonrpc: '2.0', id: ask['id'], result: { roots: [{ uri: 'file:///late' }] } }));
  await new Promise((r) => setImmediate(r));
  assert.equal(adopted, undefined, 'an answer after the 5 s is ignored');
});
