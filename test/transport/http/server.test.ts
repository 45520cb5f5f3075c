/**
 * The HTTP server in-process, with a test double behind the tool service: status codes and
 * exact bytes of every answer shape (JSON, request-scoped event stream, empty), the limits
 * against bad or slow clients, cancellation by disconnect, and graceful close.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ErrorCode, ProtocolError } from '../../../src/jsonrpc/errors.js';
import type { ListedTool, ToolCallContext, ToolResult, ToolService } from '../../../src/mcp/tool-service.js';
import { startHttpServer, type RunningHttpServer } from '../../../src/transport/http/server.js';

/** A tool service whose tools report progress, block until cancelled, or answer after a delay. */
class DoubleTools implements ToolService {
  readonly signals: AbortSignal[] = [];
  list(): readonly ListedTool[] {
    return [{ name: 'progress', title: 'Progress', description: 'reports progress', inputSchema: { type: 'object', properties: {} }, annotations: {} }];
  }
  async call(name: string, _args: unknown, context: ToolCallContext): Promise<ToolResult> {
    switch (name) {
      case 'progress':
        context.progress(1, 3, 'one');
        context.progress(2, 3);
        return { text: 'done' };
      case 'block':
        this.signals.push(context.signal);
        await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
        return { text: 'aborted' };
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, 300));
        return { text: 'slow done' };
      default:
        throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    }
  }
}

const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const BOTH = 'application/json, text/event-stream';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

let server: RunningHttpServer;
let tools: DoubleTools;

function send(method: string, body: string | Buffer, headers: Record<string, string> = {}, path = '/mcp'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.address.port, method, path, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function call(id: number, name: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = { accept: BOTH }): Promise<Answer> {
  return send('POST', JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, ...extra } }), headers);
}

before(async () => {
  tools = new DoubleTools();
  server = await startHttpServer({
    address: { host: '127.0.0.1', port: 0 },
    info: { name: 'codegraph', version: '9.9.9' },
    tools,
    maxBodyBytes: 1024,
    headersTimeoutMs: 300,
    requestTimeoutMs: 400,
  });
});

after(async () => {
  await server.close(1_000);
});

describe('answer shapes', () => {
  test('a tool reporting progress for a request with a progressToken answers as an event stream, reply last', async () => {
    const answer = await call(7, 'progress', { _meta: { progressToken: 't1' } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'text/event-stream');
    assert.equal(
      answer.body,
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":1,"total":3,"message":"one"}}\n\n' +
        'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":2,"total":3}}\n\n' +
        'event: message\ndata: {"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"done"}]}}\n\n',
    );
  });

  test('a modern request with a progressToken streams its progress and a modern reply', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 'm', method: 'tools/call', params: { name: 'progress', arguments: {}, _meta: { ...MODERN_META, progressToken: 5 } } });
    const answer = await send('POST', body, { accept: BOTH, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'progress' });
    assert.equal(answer.headers['content-type'], 'text/event-stream');
    const events = answer.body.split('\n\n').filter((e) => e !== '').map((e) => JSON.parse(e.replace(/^event: message\ndata: /, '')) as Record<string, unknown>);
    assert.deepEqual(events.map((e) => e['method'] ?? 'reply'), ['notifications/progress', 'notifications/progress', 'reply']);
    assert.equal((events[2]?.['result'] as Record<string, unknown>)['resultType'], 'complete');
  });

  test('without a progressToken the same tool answers plain JSON', async () => {
    const answer = await call(8, 'progress');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.body, '{"jsonrpc":"2.0","id":8,"result":{"content":[{"type":"text","text":"done"}]}}');
  });

  test('a client that does not accept text/event-stream gets JSON and no progress', async () => {
    const answer = await call(9, 'progress', { _meta: { progressToken: 't' } }, { accept: 'application/json' });
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.body, '{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"done"}]}}');
  });

  test('a client that sends no Accept header gets JSON and no progress', async () => {
    const answer = await call(10, 'progress', { _meta: { progressToken: 't' } }, {});
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.body, '{"jsonrpc":"2.0","id":10,"result":{"content":[{"type":"text","text":"done"}]}}');
  });

  test('a notification is accepted with 202 and no body', async () => {
    const answer = await send('POST', '{"jsonrpc":"2.0","method":"notifications/initialized"}');
    assert.deepEqual([answer.status, answer.body, answer.headers['content-length']], [202, '', '0']);
  });

  test('no answer ever carries Mcp-Session-Id', async () => {
    const init = await send('POST', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } }));
    assert.equal(init.status, 200);
    assert.equal(init.headers['mcp-session-id'], undefined);
  });
});

describe('refusals', () => {
  const cases: ReadonlyArray<readonly [string, () => Promise<Answer>, number, string]> = [
    ['unparseable JSON is 400 with -32700 and no id', () => send('POST', '{"jsonrpc":'), 400, '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}'],
    ['a depth bomb is 400 with -32700 naming the bound, as over stdio', () => send('POST', '['.repeat(1000)), 400, '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error: JSON nested deeper than 512 levels"}}'],
    ['invalid UTF-8 is a parse error', () => send('POST', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), 400, '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}'],
    ['a batch is 400 with -32600', () => send('POST', '[]'), 400, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request: JSON-RPC batches are not supported; send one message per line"}}'],
    ['a body past the cap is 413', () => send('POST', `{"x":"${'a'.repeat(2000)}"}`), 413, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Payload Too Large: a message may be at most 1024 bytes"}}'],
    ['a non-JSON content type is 415', () => send('POST', '{}', { 'content-type': 'text/plain' }), 415, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Unsupported Media Type: POST one JSON-RPC message with Content-Type: application/json"}}'],
    ['GET is 405', () => send('GET', ''), 405, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Method Not Allowed: /mcp takes POST only (this server keeps no sessions)"}}'],
    ['DELETE is 405', () => send('DELETE', ''), 405, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Method Not Allowed: /mcp takes POST only (this server keeps no sessions)"}}'],
    ['another path is 404', () => send('POST', '{}', {}, '/other'), 404, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Not Found: MCP is served at POST /mcp"}}'],
    ['a foreign Host is 403', () => send('POST', '{}', { host: 'attacker.example:80' }), 403, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Forbidden: Host \\"attacker.example:80\\" is not served here (DNS rebinding protection)"}}'],
    ['a foreign Origin is 403', () => send('POST', '{}', { origin: 'https://attacker.example' }), 403, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Forbidden: Origin \\"https://attacker.example\\" is not allowed (DNS rebinding protection: only the origin of this server and --http-allowed-origins are)"}}'],
  ];
  // Refusals that may leave unread bytes behind close the connection; the others keep it.
  const closing = new Set([403, 413, 415]);
  for (const [name, run, status, body] of cases) {
    test(name, async () => {
      const answer = await run();
      assert.equal(answer.status, status);
      assert.equal(answer.body, body);
      assert.equal(answer.headers['connection'], closing.has(status) ? 'close' : 'keep-alive');
    });
  }

  test('GET and DELETE name POST as the allowed method', async () => {
    assert.equal((await send('GET', '')).headers['allow'], 'POST');
  });

  test('a loopback Origin on the server\'s own port is served', async () => {
    const answer = await send('POST', '{"jsonrpc":"2.0","id":1,"method":"ping"}', { origin: `http://localhost:${server.address.port}` });
    assert.deepEqual([answer.status, answer.body], [200, '{"jsonrpc":"2.0","id":1,"result":{}}']);
  });

  test('a loopback Origin on another port is 403: a page of another local server may not call', async () => {
    const answer = await send('POST', '{"jsonrpc":"2.0","id":1,"method":"ping"}', { origin: `http://localhost:${server.address.port + 1}` });
    assert.equal(answer.status, 403);
  });
});

describe('slow and vanishing clients', () => {
  test('a client that stops sending its headers gets 408 and is disconnected', async () => {
    const socket = connect(server.address.port, '127.0.0.1');
    socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    assert.match(received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  test('a client that disconnects cancels its request', async () => {
    const before = tools.signals.length;
    const req = httpRequest({ host: '127.0.0.1', port: server.address.port, method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json' } });
    req.on('error', () => undefined);
    req.end('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"block","arguments":{}}}');
    while (tools.signals.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
    const signal = tools.signals[before];
    const aborted = (): boolean => signal?.aborted === true;
    assert.equal(aborted(), false);
    req.destroy();
    const deadline = Date.now() + 2_000;
    while (!aborted() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(aborted(), true);
  });
});

/** Writes `text` on a new connection and reads until `responses` HTTP answers arrived or it closed. */
function raw(port: number, text: string, responses: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (complete(received, responses)) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(text);
  });
}

/** Whether `text` holds `count` whole answers (each framed by its Content-Length). */
function complete(text: string, count: number): boolean {
  let rest = text;
  for (let i = 0; i < count; i++) {
    const head = rest.indexOf('\r\n\r\n');
    if (head < 0) return false;
    const length = Number(/content-length: (\d+)/i.exec(rest.slice(0, head))?.[1] ?? 0);
    if (rest.length < head + 4 + length) return false;
    rest = rest.slice(head + 4 + length);
  }
  return true;
}

describe('connections', () => {
  test('a request line that is not HTTP gets 400 and the connection closes', async () => {
    const answer = await raw(server.address.port, 'NOT HTTP AT ALL\r\n\r\n', 1);
    assert.match(answer, /^HTTP\/1\.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n$/);
  });

  test('past the limit of requests in flight on one connection, a request gets 429 with Retry-After', async () => {
    const local = await startHttpServer({ address: { host: '127.0.0.1', port: 0 }, info: { name: 'codegraph', version: '1' }, tools: new DoubleTools(), maxRequestsPerConnection: 2 });
    try {
      const post = (id: number, name: string): string => {
        const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } });
        return `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${local.address.port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      };
      // Three pipelined requests: two slow ones fill the connection's places, the third is refused.
      const answers = await raw(local.address.port, post(1, 'slow') + post(2, 'slow') + post(3, 'slow'), 3);
      const statuses = [...answers.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
      assert.deepEqual(statuses, [200, 200, 429]);
      assert.match(answers, /retry-after: 1\r\n/i);
      assert.match(answers, /Too Many Requests: at most 2 requests may be in flight on one connection/);
    } finally {
      await local.close(1_000);
    }
  });
});

describe('a mounted front door', () => {
  test('counts against the in-flight limit of its connection like MCP does: past it, 429', async () => {
    const mount = {
      prefix: '/view',
      handle: async (_req: unknown, res: { writeHead(status: number, headers: Record<string, string>): void; end(body: string): void }): Promise<void> => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
        res.end('ok');
      },
      close: () => undefined,
    };
    const local = await startHttpServer({ address: { host: '127.0.0.1', port: 0 }, info: { name: 'codegraph', version: '1' }, tools: new DoubleTools(), maxRequestsPerConnection: 2, mount });
    try {
      const get = `GET /view/api/map HTTP/1.1\r\nHost: 127.0.0.1:${local.address.port}\r\n\r\n`;
      const answers = await raw(local.address.port, get + get + get, 3);
      assert.deepEqual([...answers.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])), [200, 200, 429]);
    } finally {
      await local.close(1_000);
    }
  });
});

describe('connections, after the limit', () => {
  test('requests one after another on one kept-alive connection never count against the in-flight limit', async () => {
    const local = await startHttpServer({ address: { host: '127.0.0.1', port: 0 }, info: { name: 'codegraph', version: '1' }, tools: new DoubleTools(), maxRequestsPerConnection: 1 });
    try {
      const post = (id: number): string => {
        const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'progress', arguments: {} } });
        return `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${local.address.port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      };
      const socket = connect(local.address.port, '127.0.0.1');
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      const answered = async (n: number): Promise<void> => {
        const deadline = Date.now() + 5_000;
        while ([...text.matchAll(/HTTP\/1\.1 \d{3} /g)].length < n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      };
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      for (let i = 1; i <= 3; i++) {
        socket.write(post(i));
        await answered(i);
      }
      socket.destroy();
      assert.deepEqual([...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1])), [200, 200, 200]);
    } finally {
      await local.close(1_000);
    }
  });

  test('a port already taken makes the start fail with the system\'s error', async () => {
    await assert.rejects(
      startHttpServer({ address: { host: '127.0.0.1', port: server.address.port }, info: { name: 'codegraph', version: '1' }, tools: new DoubleTools() }),
      (error: NodeJS.ErrnoException) => error.code === 'EADDRINUSE',
    );
  });
});

describe('close', () => {
  test('close ends within its grace when a request never finishes arriving', async () => {
    const local = await startHttpServer({ address: { host: '127.0.0.1', port: 0 }, info: { name: 'codegraph', version: '1' }, tools: new DoubleTools() });
    const socket = connect(local.address.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers and half a body: the request stays in flight until the connection is cut.
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${local.address.port}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"jsonrpc"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const closed = local.close(200).then(() => Date.now() - started);
    const outcome = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000))]);
    socket.destroy();
    assert.equal(typeof outcome, 'number', 'close waited past its grace for a request that never ends');
  });

  test('close lets a request in flight finish, then refuses new connections', async () => {
    const local = await startHttpServer({ address: { host: '127.0.0.1', port: 0 }, info: { name: 'codegraph', version: '1' }, tools: new DoubleTools() });
    const port = local.address.port;
    const pending = new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{}}}');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await local.close(5_000);
    const answer = await pending;
    assert.equal(answer.body, '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"slow done"}]}}');
    await assert.rejects(
      new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        socket.on('connect', () => {
          socket.destroy();
          resolve(undefined);
        });
        socket.on('error', reject);
      }),
    );
  });
});
