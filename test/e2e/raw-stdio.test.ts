/**
 * The built server's stdio behaviour checked byte for byte with a raw line client: exit on end of
 * input, wire errors, stream hygiene (stdout protocol only, warnings on stderr), batches and
 * cancellation.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { LineServer, type LineServerOptions } from '../support/line-server.js';
import { makeTempDir, removeDir } from '../support/project.js';

const PARSE_ERROR_LINE = '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}';
const TIMEOUT = { timeout: 20_000 };
const EXIT_MS = 5_000;

function request(id: string | number, method: string, params?: Record<string, unknown>): string {
  return `${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })}\n`;
}

function notification(method: string, params?: Record<string, unknown>): string {
  return `${JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) })}\n`;
}

const INITIALIZE = request(0, 'initialize', {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'raw-line-client', version: '1.0.0' },
});
const INITIALIZED = notification('notifications/initialized');

function searchCall(id: string | number): string {
  return request(id, 'tools/call', { name: 'codegraph_search', arguments: { query: 'main' } });
}

function cancel(requestId: string | number): string {
  return notification('notifications/cancelled', { requestId, reason: 'test' });
}

/** Ids of every response line in `server`'s output, in order. */
function responseIds(server: LineServer): unknown[] {
  return server.lines.filter((l) => l.isJson && !('method' in (l.json as object))).map((l) => (l.json as Record<string, unknown>)['id']);
}

describe('raw stdio client', () => {
  let cwd: string;
  const servers: LineServer[] = [];

  function start(options: LineServerOptions = {}): LineServer {
    const server = new LineServer({ cwd, ...options });
    servers.push(server);
    return server;
  }

  before(async () => {
    cwd = await makeTempDir();
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  after(async () => {
    await removeDir(cwd);
  });

  test('server exits 0 promptly on stdin EOF after answering every in-flight request', TIMEOUT, async () => {
    const server = start();
    await server.write(INITIALIZE + INITIALIZED);
    await server.response(0);
    // Everything in one write, then EOF at once: the requests are still in flight when input ends.
    await server.write(request(1, 'tools/list') + searchCall(2) + request(3, 'ping') + searchCall(4));
    const ended = performance.now();
    server.endInput();
    const exit = await server.waitForExit(EXIT_MS);
    const elapsed = performance.now() - ended;
    assert.deepEqual(exit, { code: 0, signal: null });
    assert.ok(elapsed < 3_000, `exit took ${Math.round(elapsed)} ms after EOF`);
    assert.deepEqual([...responseIds(server)].sort(), [0, 1, 2, 3, 4]);
  });

  test('server exits 0 on stdin EOF when it never received a message', TIMEOUT, async () => {
    const server = start();
    server.endInput();
    const exit = await server.waitForExit(EXIT_MS);
    assert.deepEqual(exit, { code: 0, signal: null });
    assert.equal(server.stdout.length, 0);
  });

  const notJson: ReadonlyArray<readonly [string, string]> = [
    ['plain text', 'this is not json'],
    ['truncated JSON', '{"jsonrpc":"2.0","id":1,"method":"pi'],
    ['a trailing comma', '{"jsonrpc":"2.0","id":1,"method":"ping",}'],
  ];
  for (const [label, line] of notJson) {
    test(`a line of ${label} is answered with exactly the id-less parse error and serving continues`, TIMEOUT, async () => {
      const server = start();
      await server.write(`${line}\n`);
      await server.write(request('after', 'ping'));
      await server.response('after');
      assert.equal(server.lines[0]?.text, PARSE_ERROR_LINE);
      assert.equal(server.lines.length, 2, `unexpected output: ${server.lines.map((l) => l.text).join('\n')}`);
    });
  }

  test('stderr carries the unknown CODEGRAPH_MCP_TOOLS warning while stdout holds only JSON lines', TIMEOUT, async () => {
    const server = start({ env: { CODEGRAPH_MCP_TOOLS: 'impact,bogus_tool' } });
    const stderr = await server.waitForStderr(/bogus_tool/, EXIT_MS);
    assert.match(stderr, /CODEGRAPH_MCP_TOOLS names an unknown tool "bogus_tool"/);
    await server.write(INITIALIZE + INITIALIZED + request(1, 'tools/list') + searchCall(2) + 'garbage\n');
    server.endInput();
    assert.deepEqual(await server.waitForExit(EXIT_MS), { code: 0, signal: null });
    const stdout = server.stdout.toString('utf8');
    assert.ok(stdout.endsWith('\n'), 'stdout ends with a complete line');
    assert.equal(server.lines.length, 4);
    for (const line of server.lines) {
      assert.ok(line.isJson, `stdout line is not JSON: ${line.text}`);
      assert.equal((line.json as Record<string, unknown>)['jsonrpc'], '2.0');
    }
    const list = await server.response(1);
    const tools = (list['result'] as { tools: Array<{ name: string }> }).tools;
    assert.deepEqual(tools.map((t) => t.name), ['codegraph_impact']);
    assert.doesNotMatch(stderr, /"jsonrpc"/, 'no protocol traffic on stderr');
  });

  test('a batch array is answered with one -32600 error that has no id', TIMEOUT, async () => {
    const server = start();
    const batch = JSON.stringify([
      { jsonrpc: '2.0', id: 'in-batch-1', method: 'ping' },
      { jsonrpc: '2.0', id: 'in-batch-2', method: 'tools/list' },
    ]);
    await server.write(`${batch}\n${request('after', 'ping')}`);
    server.endInput();
    assert.deepEqual(await server.waitForExit(EXIT_MS), { code: 0, signal: null });
    assert.equal(server.lines.length, 2, `unexpected output: ${server.lines.map((l) => l.text).join('\n')}`);
    const errors = server.lines.map((l) => l.json as Record<string, unknown>).filter((m) => 'error' in m);
    assert.equal(errors.length, 1);
    const error = errors[0] as Record<string, unknown>;
    assert.ok(!('id' in error), 'the batch error carries no id key');
    assert.equal((error['error'] as Record<string, unknown>)['code'], -32600);
    assert.deepEqual(responseIds(server).filter((id) => id !== undefined), ['after']);
  });

  test('notifications are never answered, whatever their method', TIMEOUT, async () => {
    const server = start();
    await server.write(
      INITIALIZED + notification('ping') + notification('tools/list') + notification('tools/call', { name: 'nope' }) + notification('no/such/method') + cancel('never-sent') + request('after', 'ping'),
    );
    server.endInput();
    assert.deepEqual(await server.waitForExit(EXIT_MS), { code: 0, signal: null });
    assert.deepEqual(server.lines.map((l) => l.text), ['{"jsonrpc":"2.0","id":"after","result":{}}']);
  });

  test('notifications/cancelled suppresses the response of an in-flight request', TIMEOUT, async () => {
    const server = start();
    await server.write(INITIALIZE + INITIALIZED);
    await server.response(0);
    // One small write arrives as one chunk, so the cancel is read while the call is still running.
    // The uncancelled twin proves the suppression is specific to the cancelled id.
    await server.write(searchCall('cancelled-call') + searchCall('kept-call') + cancel('cancelled-call') + request('sync', 'ping'));
    await server.response('sync');
    await server.response('kept-call');
    server.endInput();
    assert.deepEqual(await server.waitForExit(EXIT_MS), { code: 0, signal: null });
    assert.ok(!responseIds(server).includes('cancelled-call'), 'the cancelled call was answered');
  });

  for (const id of ['early-string', 987654321] as const) {
    test(`a cancel that arrives before its request (id ${JSON.stringify(id)}) suppresses the response`, TIMEOUT, async () => {
      const server = start();
      await server.write(INITIALIZE + INITIALIZED + cancel(id) + request('cancel-seen', 'ping'));
      // The ping answer proves the cancel was read before the request is even written.
      await server.response('cancel-seen');
      await server.write(searchCall(id) + searchCall('uncancelled') + request('sync', 'ping'));
      await server.response('sync');
      await server.response('uncancelled');
      server.endInput();
      assert.deepEqual(await server.waitForExit(EXIT_MS), { code: 0, signal: null });
      assert.ok(!responseIds(server).includes(id), `the request ${JSON.stringify(id)} was answered despite the earlier cancel`);
    });
  }
});
